import type { Booking } from "~/types/booking";
import type { OutboxMessage } from "~/types/outbox";
import type { Assert, SameType } from "~/types/same-type";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { outbox } from "#db/schema";
import type { ContactMessage } from "~/types/contact-message";
import { contact } from "~/config/shop";
import { contactAlertMail } from "~/mail/contact-alert";
import { contactCopyMail } from "~/mail/contact-copy";
import type { MailContent } from "~/mail/mail-layout";
import { statusUpdateMail, type StatusNews } from "~/mail/status-update";
import type { Database } from "#db/client";
import { database } from "~/server/db.server";
import { smsNumber } from "~/utils/phone";
import { bookingTexts } from "~/mail/sms-content.server";
import { textSendAfter } from "~/utils/sms-quiet-hours";
import { emailKey } from "~/utils/recipient-key";
import { settings } from "~/server/env.server";
import { recipientLimitReason } from "~/content/messages/outbox-messages";

// The row type pages use is written out in app/types/outbox.ts; it must be this table's.
type _OutboxMessageIsTheRow = Assert<SameType<OutboxMessage, typeof outbox.$inferSelect>>;

/**
 * A database or an open transaction: mail is queued in the transaction of the change it tells of.
 */
type Writer = Pick<Database, "insert" | "execute">;

/** Which of the shop's addresses hears of what. */
export const shopInboxes = {
  bookings: contact.emails.repairs,
  messages: contact.emails.info,
} as const;

const body = ({ subject, text, html }: MailContent) => ({
  subject,
  textBody: text,
  htmlBody: html,
});

/** A contact message: an alert to the shop that a reply reaches the sender. */
export async function queueContactAlert(tx: Writer, message: ContactMessage, origin: string) {
  await tx.insert(outbox).values({
    kind: "contact_alert",
    contactMessageId: message.id,
    recipient: shopInboxes.messages,
    replyTo: message.email,
    ...body(contactAlertMail(message, origin)),
  });
}

/**
 * The copy of a contact message its sender asked for, to the address they typed: counted against
 * that address's limits like a booking's confirmation, so the form cannot flood a stranger.
 */
export async function queueContactCopy(tx: Writer, message: ContactMessage) {
  const [row] = await withinRecipientLimits(tx, [
    {
      kind: "contact_copy",
      contactMessageId: message.id,
      recipient: message.email,
      ...body(contactCopyMail(message)),
    },
  ]);
  await tx.insert(outbox).values(row!);
}

/** An e-mail to the shop's repairs inbox about a booking (a quote answered). */
export async function queueShopAlert(
  tx: Writer,
  kind: OutboxMessage["kind"],
  bookingId: number,
  mail: MailContent,
) {
  await tx
    .insert(outbox)
    .values({ kind, bookingId, recipient: shopInboxes.bookings, ...body(mail) });
}

type NoticeBooking = Pick<Booking, "id" | "email" | "phoneDigits" | "notifyBy">;

/** The channels the customer chose that can reach them (a walk-in may have no e-mail address). */
export const customerChannels = (booking: Pick<NoticeBooking, "email" | "notifyBy">) => ({
  email: booking.notifyBy !== "sms" && !!booking.email,
  sms: booking.notifyBy !== "email",
});

/** A text about a booking to the customer's number, held back until quiet hours end. */
export function textRow(
  booking: Pick<NoticeBooking, "id" | "phoneDigits">,
  kind: OutboxMessage["kind"],
  text: string,
  now: Date,
  dedupeKey: string | null = null,
) {
  return {
    kind,
    channel: "sms" as const,
    bookingId: booking.id,
    recipient: smsNumber(booking.phoneDigits),
    textBody: text,
    nextAttemptAt: textSendAfter(now),
    dedupeKey,
  };
}

/**
 * The transaction locks that serialise everything counted against these recipients (`emailKey`s
 * and numbers): the per-recipient limits, and a customer's upcoming bookings. A select list, taken
 * left to right in one order (sorted), so two transactions never each hold a lock the other waits
 * for; statements after it see every message and booking committed for them before.
 */
export const recipientLocks = (keys: string[]) =>
  sql.join(
    [...new Set(keys)]
      .sort()
      .map((key) => sql`pg_advisory_xact_lock(hashtext(${`recipient:${key}`}))`),
    sql`, `,
  );

/**
 * Why a message a visitor's booking caused must be held back from `key` (the recipient as
 * `recipientLocks` names it), or null: as an SQL expression over the messages let through to that
 * recipient in the last hour and the last 24 hours. Evaluated after `recipientLocks` in the same
 * transaction, so instances never let more through between them.
 */
export function heldBackReason(channel: OutboxMessage["channel"], key: string): SQL<string | null> {
  const { messagesPerRecipientPerHour: hour, messagesPerRecipientPerDay: day } =
    settings().rateLimits;
  // Only the latest messages up to the larger limit are read (the index's order), so the check
  // costs the same however many a recipient was ever sent.
  return sql<string | null>`(select case
      when count(*) filter (where recent.created_at > now() - interval '1 hour') >= ${hour}
        then ${recipientLimitReason(channel, "hour", hour)}::text
      when count(*) >= ${day} then ${recipientLimitReason(channel, "day", day)}::text
    end
    from (select ${outbox.createdAt} as created_at from ${outbox}
      where ${outbox.recipientKey} = ${key} and ${outbox.createdAt} > now() - interval '1 day'
      order by ${outbox.createdAt} desc
      limit ${Math.max(hour, day)}) recent)`;
}

/**
 * The columns of a message a visitor's booking caused, given `reason` (`heldBackReason`): let
 * through, it counts against its recipient (`key`) and goes at `sendAfter`; held back, it is marked
 * not sent with the reason, which the Outbox page shows among the messages not sent on purpose.
 */
export const limitedColumns = (reason: SQL, key: string, sendAfter: SQL) => ({
  status: sql`(case when ${reason} is null then 'pending' else 'cancelled' end)::outbox_status`,
  lastError: sql`${reason}`,
  recipientKey: sql`(case when ${reason} is null then ${key}::text end)`,
  nextAttemptAt: sql`(case when ${reason} is null then ${sendAfter} else now() end)`,
});

/**
 * Each message with its columns under the per-recipient limits; the caller's transaction holds
 * the recipients' locks from here on.
 */
export async function withinRecipientLimits(tx: Writer, rows: (typeof outbox.$inferInsert)[]) {
  const keyed = rows.map((row) => ({
    row,
    key: row.channel === "sms" ? row.recipient : emailKey(row.recipient),
  }));
  await tx.execute(sql`select ${recipientLocks(keyed.map(({ key }) => key))}`);
  return keyed.map(({ row, key }) => ({
    ...row,
    ...limitedColumns(
      heldBackReason(row.channel ?? "email", key),
      key,
      row.nextAttemptAt ? sql`${row.nextAttemptAt.toISOString()}::timestamptz` : sql`now()`,
    ),
  }));
}

/**
 * Messages a visitor caused that are tied to no booking (a reservation's reference): each counted
 * against its recipient's limits and held back beyond them. Queue them inside the transaction of
 * the change they tell of.
 */
export async function queueVisitorMessages(tx: Writer, rows: (typeof outbox.$inferInsert)[]) {
  if (rows.length) await tx.insert(outbox).values(await withinRecipientLimits(tx, rows));
}

/** An e-mail to the shop's repairs inbox that is about no booking (a new reservation). */
export async function queueShopMail(tx: Writer, kind: OutboxMessage["kind"], mail: MailContent) {
  await tx.insert(outbox).values({ kind, recipient: shopInboxes.bookings, ...body(mail) });
}

export type CustomerNotice = {
  kind: OutboxMessage["kind"];
  mail: () => MailContent;
  /** Files the e-mail carries (a calendar file). */
  attachments?: () => OutboxMessage["attachments"];
  text: () => string;
  /** For a scheduled message: queued once whatever the number of passes (`:email`/`:sms` is appended). */
  dedupeKey?: string;
  /**
   * Caused by a visitor's booking rather than by staff (an appointment reminder): counted against
   * the per-recipient limits and held back beyond them. Queue it inside a transaction.
   */
  limited?: boolean;
};

/**
 * A message to the customer by the channels they chose: an e-mail, a text (held back until the
 * end of quiet hours), or both. False when no channel reaches them. A scheduled message already
 * queued is not queued again.
 */
export async function queueCustomerNotice(
  tx: Writer,
  booking: NoticeBooking,
  notice: CustomerNotice,
  now = new Date(),
): Promise<boolean> {
  const channels = customerChannels(booking);
  const key = (channel: string) => (notice.dedupeKey ? `${notice.dedupeKey}:${channel}` : null);
  const rows: (typeof outbox.$inferInsert)[] = [];
  if (channels.email)
    rows.push({
      kind: notice.kind,
      bookingId: booking.id,
      recipient: booking.email!,
      dedupeKey: key("email"),
      ...body(notice.mail()),
      ...(notice.attachments ? { attachments: notice.attachments() } : {}),
    });
  if (channels.sms) rows.push(textRow(booking, notice.kind, notice.text(), now, key("sms")));
  if (!rows.length) return false;
  await tx
    .insert(outbox)
    .values(notice.limited ? await withinRecipientLimits(tx, rows) : rows)
    .onConflictDoNothing({ target: outbox.dedupeKey });
  return true;
}

/**
 * A status change, or a note changed on the same status, the customer should hear of, with the
 * booking as it is after the change.
 */
export function queueStatusUpdate(
  tx: Writer,
  booking: Booking,
  origin: string,
  news: StatusNews,
  now = new Date(),
): Promise<boolean> {
  return queueCustomerNotice(
    tx,
    booking,
    {
      kind: "status_update",
      mail: () => statusUpdateMail(booking, origin, news),
      text: () => bookingTexts.status_update(booking, origin, news),
    },
    now,
  );
}

const wakeKey = Symbol.for("wefix.mailWorker.wake");
const wakeHolder = globalThis as { [wakeKey]?: () => void };

/**
 * Asks this process's mail worker to look at the outbox now rather than at its next poll. Kept
 * on globalThis because the worker (started by the HTTP server) and the route modules (in the
 * React Router bundle) hold separate copies of this module.
 */
export function wakeMailWorker() {
  wakeHolder[wakeKey]?.();
}

export function onMailWorkerWake(wake: (() => void) | undefined) {
  wakeHolder[wakeKey] = wake;
}

/**
 * What staff see on the Outbox page: everything still to send or failed, failures first, oldest
 * first. Messages withdrawn on purpose are listed by `listWithdrawnMail`.
 */
export async function listUnsentMail(
  limit = 200,
): Promise<{ rows: OutboxMessage[]; total: number }> {
  const db = await database();
  const unsent = inArray(outbox.status, ["pending", "failed"]);
  const rows = await db
    .select()
    .from(outbox)
    .where(unsent)
    .orderBy(sql`${outbox.status} = 'failed' desc`, asc(outbox.createdAt), asc(outbox.id))
    .limit(limit);
  const [totals] = await db.select({ n: count() }).from(outbox).where(unsent);
  return { rows, total: totals?.n ?? 0 };
}

/**
 * Messages withdrawn in the last `days` days because they were no longer true when their time
 * came (a STOP, a repair picked up before its reminder), newest first, with the reason.
 */
export async function listWithdrawnMail(now = new Date(), days = 7, limit = 50) {
  const db = await database();
  return db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "cancelled"),
        gt(outbox.nextAttemptAt, new Date(now.getTime() - days * 24 * 3_600_000)),
      ),
    )
    .orderBy(desc(outbox.nextAttemptAt), desc(outbox.id))
    .limit(limit);
}

export async function countFailedMail(): Promise<number> {
  const db = await database();
  const [row] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "failed"));
  return row?.n ?? 0;
}

/** Puts the messages `where` picks back in the queue with a fresh set of attempts, to go out now. */
async function requeue(where: SQL | undefined): Promise<number> {
  const db = await database();
  const updated = await db
    .update(outbox)
    .set({
      status: "pending",
      attempts: 0,
      nextAttemptAt: sql`now()`,
      claimToken: null,
      claimedUntil: null,
    })
    .where(where)
    .returning({ id: outbox.id });
  if (updated.length) wakeMailWorker();
  return updated.length;
}

/**
 * Puts an unsent message back in the queue. A sent message, or one a worker is sending at this
 * moment, is left alone (false).
 */
export async function retryMail(id: number): Promise<boolean> {
  const requeued = await requeue(
    and(
      eq(outbox.id, id),
      inArray(outbox.status, ["pending", "failed"]),
      or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`)),
    ),
  );
  return requeued > 0;
}

/**
 * Every failed message back in the queue, in one statement; how many. Pending ones are already
 * queued and are left as they are.
 */
export const retryAllFailedMail = () => requeue(eq(outbox.status, "failed"));

/** Known failures, most specific first: what staff can act on, in their words. */
const mailFailures: [RegExp, string][] = [
  [/^SMS provider refused/, "The text provider refused this text"],
  [/^SMS provider (unavailable|unreachable|timeout)/, "Could not reach the text provider"],
  [
    /\b(ENOTDIR|EACCES|EPERM|EROFS|ENOSPC|EISDIR|ENOENT)\b/,
    "The mail folder is missing or not writable",
  ],
  [
    /\b(EAUTH|535|534|530)\b|invalid login|authentication/i,
    "The mail server did not accept the shop's login",
  ],
  [
    /\b55[0-4]\b|\b5\.1\.\d\b|recipient|mailbox|no such user|rejected/i,
    "The mail server refused the address",
  ],
  [/\bENOTFOUND\b|\bEAI_AGAIN\b|getaddrinfo/, "The mail server's name could not be found"],
  [
    /\b(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|ESOCKET|ECONNECTION)\b|timeout|greeting never received/i,
    "Could not reach the mail server",
  ],
  [
    /\b(ETLS|CERT_|self[- ]signed|certificate)\b/i,
    "The mail server's secure connection failed (certificate)",
  ],
  [/\b4\d\d\b|\b4\.\d\.\d\b|try again later/i, "The mail server asked to try again later"],
];

/**
 * A stored failure ("ENOTDIR: not a directory, open '/var/mail/…'") in plain words, with the
 * error code in brackets when there is one, for whoever looks at the server later.
 */
export function describeMailError(raw: string): string {
  const code = /\b(E[A-Z]{3,})\b/.exec(raw)?.[1];
  const known = mailFailures.find(([pattern]) => pattern.test(raw))?.[1];
  if (!known) return "Sending failed for a reason the mail server did not explain";
  return code ? `${known} (${code})` : known;
}
