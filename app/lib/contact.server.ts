import type { AppLoadContext } from "@remix-run/node";
import { contactMessages } from "#db/schema";
import type { ContactInput } from "~/schemas/contact";
import { database } from "./db.server";
import { refuseSubmission, type Refusal } from "./public-form.server";
import { payloadHash } from "./submission.server";

/** Stores a contact message once per submission key; a retried submission stores nothing new. */
export async function saveContactMessage({ submissionKey, website: _honeypot, ...message }: ContactInput) {
  const db = await database();
  await db
    .insert(contactMessages)
    .values({ ...message, submissionKey, payloadHash: payloadHash(message) })
    .onConflictDoNothing({ target: contactMessages.submissionKey });
}

/** A message from either door: refused as spam or over the limit, or stored (once). */
export async function submitContactMessage(input: ContactInput, context: AppLoadContext): Promise<{ outcome: "saved" } | Refusal> {
  const refusal = await refuseSubmission(input.website, context);
  if (refusal) return refusal;
  await saveContactMessage(input);
  return { outcome: "saved" };
}
