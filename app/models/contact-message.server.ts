import type { AppLoadContext } from "react-router";
import { count, desc, eq, type SQL } from "drizzle-orm";
import { contactMessages } from "#db/schema";
import type { ContactInput } from "~/schemas/contact";
import type { ContactMessage } from "~/types/contact-message";
import type { Assert, SameType } from "~/types/same-type";
import { database } from "~/server/db.server";
import {
  queueContactAlert,
  queueContactCopy,
  wakeMailWorker,
} from "~/models/outbox-message.server";
import { submitPublicForm, type Refusal } from "~/server/public-form.server";
import { payloadHash, type SubmissionDoor } from "~/server/submission.server";

// The row type the contact alert uses is written out in app/types/contact-message.ts; it must be
// this table's.
type _ContactMessageIsTheRow = Assert<
  SameType<ContactMessage, typeof contactMessages.$inferSelect>
>;

export type SaveContactResult =
  { outcome: "saved" } | { outcome: "replayed" } | { outcome: "key_reused" };

/**
 * Stores a contact message once per submission key (as given: the doors reach it through
 * `submitContactMessage`), with the shop's alert, and the sender's copy when asked for, in the
 * same transaction. A retry of the same message stores and sends nothing new; the same key with
 * another message is refused (whether a copy was asked for is not part of the message).
 */
export async function saveContactMessage(
  { submissionKey, website: _honeypot, sendCopy, ...message }: ContactInput,
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
    if (row && sendCopy) await queueContactCopy(tx, row);
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

export type MessageView = "unhandled" | "all";

const whereOf = (view: MessageView): SQL | undefined =>
  view === "unhandled" ? eq(contactMessages.handled, false) : undefined;

/** One page of contact messages, newest first, and how many the view holds. */
export async function listContactMessages(
  view: MessageView,
  { limit, offset }: { limit: number; offset: number },
) {
  const db = await database();
  const [totals] = await db.select({ n: count() }).from(contactMessages).where(whereOf(view));
  const rows = await db
    .select()
    .from(contactMessages)
    .where(whereOf(view))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  return { total: totals?.n ?? 0, rows };
}

/** Messages nobody has answered yet: the admin menu's counter. */
export async function countUnhandledMessages(): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.handled, false));
  return row?.n ?? 0;
}

/** Marks a message handled (answered) or back to unhandled; false when there is no such message. */
export async function setMessageHandled(id: number, handled: boolean): Promise<boolean> {
  const db = await database();
  const updated = await db
    .update(contactMessages)
    .set({ handled, handledAt: handled ? new Date() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return updated.length > 0;
}
