import { contactMessages } from "#db/schema";
import type { ContactInput } from "~/schemas/contact";
import { database } from "./db.server";
import { payloadHash } from "./submission.server";

/** Stores a contact message once per submission key; a retried submission stores nothing new. */
export async function saveContactMessage({ submissionKey, website: _honeypot, ...message }: ContactInput) {
  const db = await database();
  await db
    .insert(contactMessages)
    .values({ ...message, submissionKey, payloadHash: payloadHash(message) })
    .onConflictDoNothing({ target: contactMessages.submissionKey });
}
