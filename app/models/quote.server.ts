import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { bookingEvents, bookings, quotes } from "#db/schema";
import { quoteAmount, quoteAnswerMail, quoteMail } from "~/mail/quote-mails";
import type { QuoteAnswer, QuoteInput } from "~/schemas/quote";
import type { QuoteStatus, TrackedQuote } from "~/types/tracking";
import type { DashboardQuote } from "~/types/repairs";
import type { Assert, SameType } from "~/types/same-type";
import { recordAudit } from "~/models/audit.server";
import { bookingReference, isTrackingToken } from "~/utils/booking-reference";
import { database } from "~/server/db.server";
import { shopSettingsNow } from "~/models/shop-settings.server";
import {
  queueCustomerNotice,
  queueShopAlert,
  wakeMailWorker,
} from "~/models/outbox-message.server";
import { formatDay, nextVersion } from "~/models/booking-changes.server";
import { formatShopDateTime, shopToday } from "~/utils/shop-time";
import { bookingTexts } from "~/mail/sms-content.server";
import { endSentence } from "~/utils/sentence";

export type Quote = typeof quotes.$inferSelect;
// The tracking page's quote (app/types/tracking.ts) names the same answers as the table.
type _QuoteStatusIsTheColumn = Assert<SameType<QuoteStatus, Quote["status"]>>;

export class QuoteRefused extends Error {}

const quoteNote = (quote: Pick<Quote, "amount" | "covers" | "validUntil">) =>
  `${endSentence(`Quote: ${quoteAmount(quote.amount)} for ${quote.covers}`)} Valid until ${formatDay(quote.validUntil)}; approve or decline it on this page.`;

/**
 * Staff record a quote: stored with a history entry the customer sees, the audit record and the
 * customer's message (by the channels they chose, with the tracking link), in one transaction.
 * Refused (QuoteRefused) while an earlier quote still waits for its answer. Undefined when there
 * is no such booking.
 */
export async function createQuote(
  bookingId: number,
  input: QuoteInput,
  staffId: number,
  origin: string,
  now = new Date(),
): Promise<Quote | undefined> {
  const db = await database();
  const created = await db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for("update");
    if (!booking) return undefined;
    const [open] = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(
        and(
          eq(quotes.bookingId, bookingId),
          eq(quotes.status, "pending"),
          sql`${quotes.validUntil} >= ${shopToday(now)}`,
        ),
      );
    if (open)
      throw new QuoteRefused(
        "The customer has not answered the current quote yet. Wait for their answer or for it to expire.",
      );
    const [quote] = await tx
      .insert(quotes)
      .values({ bookingId, ...input, createdByStaffId: staffId })
      .returning();
    await tx
      .insert(bookingEvents)
      .values({ bookingId, status: booking.status, note: quoteNote(quote!), staffUserId: staffId });
    await recordAudit(tx, staffId, {
      action: "quote.create",
      entity: "booking",
      entityId: bookingId,
      summary: `${bookingReference(bookingId)}: quote ${quoteAmount(quote!.amount)}`,
      details: { amount: quote!.amount, covers: quote!.covers, validUntil: quote!.validUntil },
    });
    await queueCustomerNotice(
      tx,
      booking,
      {
        kind: "quote",
        mail: () => quoteMail(booking, quote!, origin),
        text: () => bookingTexts.quote(booking, origin, quoteAmount(quote!.amount)),
      },
      now,
    );
    return quote;
  });
  if (created) wakeMailWorker();
  return created;
}

export type AnswerOutcome =
  | { outcome: "answered"; quote: Quote }
  | { outcome: "already_answered"; quote: Quote }
  | { outcome: "expired" }
  | { outcome: "not_found" };

/**
 * The customer's answer through the secret link, which is the only authority: the quote must
 * belong to the booking of that token. One answer only, whatever the double clicks or races: the
 * update applies to a pending quote alone. An approval moves a pending repair to In Progress only
 * when the shop chose so (the Settings page); otherwise the status stays for staff to
 * move. Either answer is a history entry the customer sees, and the shop is e-mailed. The
 * repair's version goes up either way: the history entry is the one record `lastChanges` reads
 * for it, so a staff form drawn before the answer is refused and shows it.
 */
export async function answerQuote(
  token: string,
  quoteId: number,
  answer: QuoteAnswer,
  origin: string,
  now = new Date(),
): Promise<AnswerOutcome> {
  if (!isTrackingToken(token)) return { outcome: "not_found" };
  const db = await database();
  const result = await db.transaction(async (tx): Promise<AnswerOutcome> => {
    const [found] = await tx
      .select({ quote: quotes, booking: bookings })
      .from(quotes)
      .innerJoin(bookings, eq(bookings.id, quotes.bookingId))
      .where(and(eq(quotes.id, quoteId), eq(bookings.trackingToken, token)))
      .for("update");
    if (!found) return { outcome: "not_found" };
    if (found.quote.status !== "pending")
      return { outcome: "already_answered", quote: found.quote };
    if (found.quote.validUntil < shopToday(now)) return { outcome: "expired" };
    const status = answer === "approve" ? "approved" : "declined";
    const [quote] = await tx
      .update(quotes)
      .set({ status, answeredAt: now })
      .where(and(eq(quotes.id, quoteId), eq(quotes.status, "pending")))
      .returning();
    const booking = found.booking;
    const startsRepair =
      status === "approved" &&
      booking.status === "pending" &&
      (await shopSettingsNow(tx)).quoteApprovalStartsRepair;
    const nextStatus = startsRepair ? "in_progress" : booking.status;
    const [updated] = await tx
      .update(bookings)
      .set({
        status: nextStatus,
        updatedAt: now,
        version: nextVersion,
        ...(nextStatus === booking.status ? {} : { statusChangedAt: now }),
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    const words =
      status === "approved"
        ? "You approved the quote; we'll go ahead with the repair."
        : "You declined the quote; we'll be in touch about your device.";
    await tx.insert(bookingEvents).values({
      bookingId: booking.id,
      status: nextStatus,
      note: `${words} (${quoteAmount(quote!.amount)})`,
      byCustomer: true,
    });
    await queueShopAlert(tx, "quote_answer", booking.id, quoteAnswerMail(updated!, quote!, origin));
    return { outcome: "answered", quote: quote! };
  });
  if (result.outcome === "answered") wakeMailWorker();
  return result;
}

/** What the tracking doors show of each booking's latest quote: its answer and its price. */
export type QuoteSummary = { status: QuoteStatus; amount: string; validUntil: string };

/** The latest quote of each of `bookingIds` that has one, in one query. */
export async function latestQuotes(bookingIds: number[]): Promise<Map<number, QuoteSummary>> {
  if (!bookingIds.length) return new Map();
  const db = await database();
  const rows = await db
    .selectDistinctOn([quotes.bookingId], {
      bookingId: quotes.bookingId,
      status: quotes.status,
      amount: quotes.amount,
      validUntil: quotes.validUntil,
    })
    .from(quotes)
    .where(inArray(quotes.bookingId, bookingIds))
    .orderBy(quotes.bookingId, desc(quotes.createdAt), desc(quotes.id));
  return new Map(rows.map(({ bookingId, ...quote }) => [bookingId, quote]));
}

/** The latest quote of a booking, if any. */
async function latestQuote(bookingId: number): Promise<Quote | undefined> {
  const db = await database();
  const [quote] = await db
    .select()
    .from(quotes)
    .where(eq(quotes.bookingId, bookingId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(1);
  return quote;
}

/**
 * For the dashboard: quotes waiting for an answer, and those answered in the last week, newest
 * first.
 */
async function quotesToWatch(now = new Date(), limit = 20) {
  const db = await database();
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000);
  return db
    .select({
      quote: quotes,
      bookingId: bookings.id,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      // For the row's status form (decision 0047): the repair as the row is drawn.
      bookingStatus: bookings.status,
      version: bookings.version,
    })
    .from(quotes)
    .innerJoin(bookings, eq(bookings.id, quotes.bookingId))
    .where(or(eq(quotes.status, "pending"), gt(quotes.answeredAt, weekAgo)))
    .orderBy(
      sql`${quotes.status} = 'pending'`,
      desc(sql`coalesce(${quotes.answeredAt}, ${quotes.createdAt})`),
    )
    .limit(limit);
}

export async function trackedQuote(
  bookingId: number,
  now = new Date(),
): Promise<TrackedQuote | undefined> {
  const quote = await latestQuote(bookingId);
  return (
    quote && {
      id: quote.id,
      amount: quoteAmount(quote.amount),
      covers: quote.covers,
      validUntil: formatDay(quote.validUntil),
      status: quote.status,
      answeredAt: quote.answeredAt ? formatShopDateTime(quote.answeredAt) : null,
      expired: quote.status === "pending" && quote.validUntil < shopToday(now),
    }
  );
}

/** The dashboard's list: each quote with its repair's reference and customer, in words. */
export async function dashboardQuotes(now = new Date()): Promise<DashboardQuote[]> {
  const rows = await quotesToWatch(now);
  return rows.map(({ quote, bookingId, firstName, lastName, bookingStatus, version }) => ({
    id: quote.id,
    bookingId,
    bookingStatus,
    version,
    reference: bookingReference(bookingId),
    customer: `${firstName} ${lastName}`,
    amount: quoteAmount(quote.amount),
    status: quote.status,
    state:
      quote.status === "pending"
        ? quote.validUntil < shopToday(now)
          ? "Expired"
          : `Waiting, valid until ${formatDay(quote.validUntil)}`
        : `${quote.status === "approved" ? "Approved" : "Declined"} ${formatShopDateTime(quote.answeredAt!)}`,
  }));
}
