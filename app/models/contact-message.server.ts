import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { contactMessages } from "#db/schema";
import type { ContactInput } from "~/schemas/contact";
import { database } from "~/server/db.server";
import { queueContactAlert, wakeMailWorker } from "~/models/outbox-message.server";
import { submitPublicForm, type Refusal } from "~/server/public-form.server";
import { payloadHash, type SubmissionDoor } from "~/models/submission.server";

export type SaveContactResult = { outcome: "saved" | "replayed" | "key_reused" };

/**
 * Stores a contact message once per submission key (as given: the doors reach it through
 * `submitContactMessage`), with the shop's alert in the same transaction. A retry of the same
 * message stores and sends nothing new; the same key with another message is refused.
 */
export async function saveContactMessage(
  { submissionKey, website: _honeypot, ...message }: ContactInput,
  origin: string,
): Promise<SaveContactResult> {
  const db = await database();
  const hash = payloadHash(message);
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, submissionKey, payloadHash: hash })
      .onConflictDoNothing({ target: contactMessages.submissionKey })
      .returning();
    if (row) await queueContactAlert(tx, row, origin);
    return row;
  });
  if (stored) {
    wakeMailWorker();
    return { outcome: "saved" };
  }
  const [earlier] = await db
    .select({ payloadHash: contactMessages.payloadHash })
    .from(contactMessages)
    .where(eq(contactMessages.submissionKey, submissionKey));
  if (!earlier) throw new Error("contact message vanished after a submission-key conflict");
  return { outcome: earlier.payloadHash === hash ? "replayed" : "key_reused" };
}

/**
 * A message from either door: refused for a key that door does not accept, as spam or over the
 * limit, or stored (once per key and door).
 */
export function submitContactMessage(
  input: ContactInput,
  context: AppLoadContext,
  origin: string,
  door: SubmissionDoor,
): Promise<SaveContactResult | Refusal> {
  return submitPublicForm(input, context, door, (keyed) => saveContactMessage(keyed, origin));
}
