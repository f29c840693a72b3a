import type { AppLoadContext } from "@remix-run/node";
import { contactMessages } from "#db/schema";
import type { ContactInput } from "~/schemas/contact";
import { database } from "./db.server";
import { queueContactAlert, wakeMailWorker } from "./outbox.server";
import { refuseSubmission, type Refusal } from "./public-form.server";
import { payloadHash } from "./submission.server";

/**
 * Stores a contact message once per submission key, with the shop's alert in the same
 * transaction; a retried submission stores and sends nothing new. `origin` is the site's public
 * address, for the alert's link to the admin.
 */
export async function saveContactMessage({ submissionKey, website: _honeypot, ...message }: ContactInput, origin: string) {
  const db = await database();
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, submissionKey, payloadHash: payloadHash(message) })
      .onConflictDoNothing({ target: contactMessages.submissionKey })
      .returning();
    if (row) await queueContactAlert(tx, row, origin);
    return row;
  });
  if (stored) wakeMailWorker();
}

/** A message from either door: refused as spam or over the limit, or stored (once). */
export async function submitContactMessage(input: ContactInput, context: AppLoadContext, origin: string): Promise<{ outcome: "saved" } | Refusal> {
  const refusal = await refuseSubmission(input.website, context);
  if (refusal) return refusal;
  await saveContactMessage(input, origin);
  return { outcome: "saved" };
}
