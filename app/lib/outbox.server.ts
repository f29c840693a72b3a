import { and, asc, count, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { outbox, type bookings, type contactMessages } from "#db/schema";
import { contact } from "~/config/shop";
import { contactAlertMail } from "~/mail/contact-alert";
import type { MailContent } from "~/mail/mail-layout";
import { statusUpdateMail } from "~/mail/status-update";
import type { Database } from "#db/client";
import { database } from "./db.server";

export type OutboxRow = typeof outbox.$inferSelect;

/** A database or an open transaction: mail is queued in the transaction of the change it tells of. */
type Writer = Pick<Database, "insert">;

/** Which of the shop's addresses hears of what. */
export const shopInboxes = { bookings: contact.emails.repairs, messages: contact.emails.info } as const;

const body = ({ subject, text, html }: MailContent) => ({ subject, textBody: text, htmlBody: html });

/** A contact message: an alert to the shop that a reply reaches the sender. */
export async function queueContactAlert(tx: Writer, message: typeof contactMessages.$inferSelect, origin: string) {
  await tx.insert(outbox).values({
    kind: "contact_alert",
    contactMessageId: message.id,
    recipient: shopInboxes.messages,
    replyTo: message.email,
    ...body(contactAlertMail(message, origin)),
  });
}

/**
 * A status change the customer should hear of, with the booking as it is after the change. False
 * when there is no address to write to (a walk-in customer who gave none).
 */
export async function queueStatusUpdate(tx: Writer, booking: typeof bookings.$inferSelect, origin: string): Promise<boolean> {
  if (!booking.email) return false;
  await tx.insert(outbox).values({ kind: "status_update", bookingId: booking.id, recipient: booking.email, ...body(statusUpdateMail(booking, origin)) });
  return true;
}

const wakeKey = Symbol.for("wefix.mailWorker.wake");
const wakeHolder = globalThis as { [wakeKey]?: () => void };

/**
 * Asks this process's mail worker to look at the outbox now rather than at its next poll. Kept
 * on globalThis because the worker (started by the HTTP server) and the route modules (in the
 * Remix bundle) hold separate copies of this module.
 */
export function wakeMailWorker() {
  wakeHolder[wakeKey]?.();
}

export function onMailWorkerWake(wake: (() => void) | undefined) {
  wakeHolder[wakeKey] = wake;
}

/** What staff see on the Outbox page: everything not yet sent, failures first, oldest first. */
export async function listUnsentMail(limit = 200): Promise<{ rows: OutboxRow[]; total: number }> {
  const db = await database();
  const unsent = ne(outbox.status, "sent");
  const rows = await db
    .select()
    .from(outbox)
    .where(unsent)
    .orderBy(sql`${outbox.status} = 'failed' desc`, asc(outbox.createdAt), asc(outbox.id))
    .limit(limit);
  const [totals] = await db.select({ n: count() }).from(outbox).where(unsent);
  return { rows, total: totals?.n ?? 0 };
}

export async function countFailedMail(): Promise<number> {
  const db = await database();
  const [row] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "failed"));
  return row?.n ?? 0;
}

/**
 * Puts an unsent message back in the queue with a fresh set of attempts, to go out now. A sent
 * message, or one a worker is sending at this moment, is left alone (false).
 */
export async function retryMail(id: number): Promise<boolean> {
  const db = await database();
  const updated = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, claimToken: null, claimedUntil: null })
    .where(
      and(eq(outbox.id, id), inArray(outbox.status, ["pending", "failed"]), or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`))),
    )
    .returning({ id: outbox.id });
  if (updated.length) wakeMailWorker();
  return updated.length > 0;
}
