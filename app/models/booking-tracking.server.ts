import type { Booking } from "~/types/booking";
import type { AppLoadContext } from "react-router";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { bookingEvents, bookings } from "#db/schema";
import { findCategory } from "~/config/shop";
import type { TrackingInput } from "~/schemas/tracking";
import {
  bookingReference,
  isTrackingToken,
  parseBookingReference,
} from "~/utils/booking-reference";
import { customerStatusLabels, type BookingStatus } from "~/utils/booking-status";
import { database } from "~/server/db.server";
import { latestQuotes, trackedQuote, type QuoteSummary } from "~/models/quote.server";
import { issuedInvoiceOf } from "~/models/invoice.server";
import { invoiceWarranty } from "~/utils/warranty";
import { quoteAmount } from "~/mail/quote-mails";
import type {
  RepairByPhone,
  RepairSummary,
  TrackedAppointment,
  TrackedBooking,
  TrackedRepair,
} from "~/types/tracking";
import { progressStep } from "~/utils/repair-progress";
import { shopToday } from "~/utils/shop-time";
import { formatPhone, phoneDigits } from "~/utils/phone";
import {
  hitRateLimit,
  peekRateLimit,
  rateLimitSettings,
  refundRateLimitHit,
} from "~/models/rate-limit.server";

/**
 * What anyone holding a reference or a phone number may see: nothing that names or reaches the
 * customer.
 */
const repairColumns = {
  id: bookings.id,
  status: bookings.status,
  deviceCategory: bookings.deviceCategory,
  deviceBrand: bookings.deviceBrand,
  deviceModel: bookings.deviceModel,
  issueType: bookings.issueType,
  customerNote: bookings.customerNote,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  source: bookings.source,
  preferredDate: bookings.preferredDate,
  preferredTime: bookings.preferredTime,
  expectedDeliveryDate: bookings.expectedDeliveryDate,
  quotedPrice: bookings.quotedPrice,
};

const personalColumns = {
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  email: bookings.email,
  phoneDigits: bookings.phoneDigits,
  issueDescription: bookings.issueDescription,
};

type RepairRow = { [K in keyof typeof repairColumns]: Booking[K] };
type PersonalRow = { [K in keyof typeof personalColumns]: Booking[K] };

type HistoryEvent = { status: BookingStatus; label: string; note: string | null; at: Date };

/** Each repair's status history, oldest first. */
async function historiesOf(rows: RepairRow[]): Promise<Map<number, HistoryEvent[]>> {
  const histories = new Map<number, HistoryEvent[]>(rows.map((row) => [row.id, []]));
  if (!rows.length) return histories;
  const db = await database();
  const events = await db
    .select()
    .from(bookingEvents)
    .where(
      inArray(
        bookingEvents.bookingId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  for (const e of events)
    histories.get(e.bookingId)?.push({
      status: e.status,
      label: customerStatusLabels[e.status],
      note: e.note,
      at: e.createdAt,
    });
  return histories;
}

/** The appointment, or a walk-in's drop-off, as every lookup but the phone alone shows it. */
const appointmentOf = (row: RepairRow): TrackedAppointment => ({
  kind: row.source === "walk_in" ? "drop_off" : "appointment",
  date: row.preferredDate,
  time: row.preferredTime,
});

/**
 * The price to show: the latest quote while it stands (sent and not yet expired, or approved),
 * otherwise the one quoted at the counter.
 */
function quotedPriceOf(row: RepairRow, quote: QuoteSummary | undefined, today: string) {
  const standing =
    quote &&
    (quote.status === "approved" || (quote.status === "pending" && quote.validUntil >= today));
  if (standing) return quoteAmount(quote.amount);
  return row.quotedPrice === null ? null : quoteAmount(row.quotedPrice);
}

/** Each row's summary: its status and progress, the price quoted, and `appointment` as given. */
async function summariesOf(
  rows: RepairRow[],
  appointment: (row: RepairRow) => TrackedAppointment | null,
  now: Date,
): Promise<Map<number, RepairSummary>> {
  const quotes = await latestQuotes(rows.map((row) => row.id));
  const today = shopToday(now);
  return new Map(
    rows.map((row) => {
      const quote = quotes.get(row.id);
      return [
        row.id,
        {
          ...summaryOf(row),
          progressStep: progressStep(row.status, quote?.status ?? null),
          appointment: appointment(row),
          quotedPrice: quotedPriceOf(row, quote, today),
        },
      ];
    }),
  );
}

const summaryOf = (row: RepairRow) => ({
  status: row.status,
  statusLabel: customerStatusLabels[row.status],
  deviceCategory: findCategory(row.deviceCategory)?.title ?? row.deviceCategory,
  deviceBrand: row.deviceBrand,
  deviceModel: row.deviceModel,
  issueType: row.issueType,
  customerNote: row.customerNote,
  expectedDeliveryDate: row.expectedDeliveryDate,
});

async function withHistory(rows: RepairRow[], now = new Date()): Promise<TrackedBooking[]> {
  const [histories, summaries] = await Promise.all([
    historiesOf(rows),
    summariesOf(rows, appointmentOf, now),
  ]);
  return rows.map((row) => ({
    id: row.id,
    reference: bookingReference(row.id),
    ...summaries.get(row.id)!,
    submittedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: (histories.get(row.id) ?? []).map(({ at, ...e }) => ({
      ...e,
      at: at.toISOString(),
    })),
  }));
}

/**
 * The repairs as a lookup by phone alone may show them: built field by field, so none slips in.
 * Of the appointments, only those still to come: an online booking's, not yet started, today or
 * later (docs/decisions/0057).
 */
async function undated(rows: RepairRow[], now = new Date()): Promise<RepairByPhone[]> {
  const today = shopToday(now);
  const upcoming = (row: RepairRow) =>
    row.source === "online" && row.status === "pending" && row.preferredDate >= today
      ? appointmentOf(row)
      : null;
  const [histories, summaries] = await Promise.all([
    historiesOf(rows),
    summariesOf(rows, upcoming, now),
  ]);
  return rows.map((row) => ({
    ...summaries.get(row.id)!,
    history: (histories.get(row.id) ?? []).map(({ status, label, note }) => ({
      status,
      label,
      note,
    })),
  }));
}

async function withPersonal(
  row: (RepairRow & PersonalRow) | undefined,
  now: Date,
): Promise<TrackedBooking | undefined> {
  if (!row) return undefined;
  const [[tracked], invoice] = await Promise.all([
    withHistory([row], now),
    issuedInvoiceOf(row.id),
  ]);
  const { firstName, lastName, email, issueDescription } = row;
  return (
    tracked && {
      ...tracked,
      ...(invoice?.issuedAt && {
        warranty: invoiceWarranty({ ...invoice, issuedAt: invoice.issuedAt }, now),
      }),
      personal: {
        firstName,
        lastName,
        email,
        phone: formatPhone(row.phoneDigits),
        issueDescription,
      },
    }
  );
}

/**
 * What the tracking page and endpoint may show. A reference or a phone alone gives the repairs
 * without any personal field: the query does not even read them. A phone alone does not give the
 * reference either, which is the second factor: the reference with its own phone gives the
 * customer's details. Not found and a mismatch look the same, so the answer reveals nothing about
 * other people's bookings.
 */
export async function trackRepairs(
  query: TrackingInput,
  now = new Date(),
): Promise<TrackedRepair[]> {
  const db = await database();
  const id = query.repairId ? parseBookingReference(query.repairId) : undefined;
  const digits = query.phoneNumber ? phoneDigits(query.phoneNumber) : undefined;
  if (id !== undefined && digits !== undefined) {
    const [row] = await db
      .select({ ...repairColumns, ...personalColumns })
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.phoneDigits, digits)));
    const tracked = await withPersonal(row, now);
    return tracked ? [tracked] : [];
  }
  if (id !== undefined)
    return withHistory(
      await db.select(repairColumns).from(bookings).where(eq(bookings.id, id)),
      now,
    );
  if (digits === undefined) return [];
  const rows = await db
    .select(repairColumns)
    .from(bookings)
    .where(eq(bookings.phoneDigits, digits))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(20);
  return undated(rows, now);
}

export type LookupOutcome =
  | { outcome: "rate_limited"; retryAfterSeconds: number }
  | { outcome: "too_many_failures"; retryAfterSeconds: number }
  | { outcome: "not_found" }
  | { outcome: "found"; bookings: [TrackedRepair, ...TrackedRepair[]] };

const failureWindowSeconds = 3600;

/**
 * A lookup from either door, counted against the client's RATE_LIMIT_TRACK_PER_MIN, and refused
 * once the client made RATE_LIMIT_TRACK_FAILURES_PER_HOUR lookups that did not prove both factors.
 * Those are the lookups that found nothing (guesses), and every lookup by one factor alone, found
 * or not: a phone alone tells whether a number has repairs, and a reference alone shows a repair
 * whose device, dates and notes would match it to the answer for a phone; uncounted, either would
 * let one client try phones or collect the repairs behind every reference. Only the reference
 * with its own phone is free. Each lookup is counted before it runs and taken back only when it
 * turns out free, so concurrent guesses cannot overrun the cap.
 */
export async function lookUpRepairs(
  query: TrackingInput,
  context: AppLoadContext,
  now = Date.now(),
): Promise<LookupOutcome> {
  const perMinute = await hitRateLimit(
    `track:${context.clientIp}`,
    rateLimitSettings.track(),
    60,
    now,
  );
  if (!perMinute.allowed)
    return { outcome: "rate_limited", retryAfterSeconds: perMinute.retryAfterSeconds };

  const failuresKey = `track-failures:${context.clientIp}`;
  const failureLimit = rateLimitSettings.trackFailures();
  const failures = await hitRateLimit(failuresKey, failureLimit, failureWindowSeconds, now);
  if (!failures.allowed) {
    // A refused lookup looked nothing up, so it is no failure: the wait is counted without it.
    await refundRateLimitHit(failuresKey, failureWindowSeconds, now);
    const { retryAfterSeconds } = await peekRateLimit(
      failuresKey,
      failureLimit,
      failureWindowSeconds,
      now,
    );
    return { outcome: "too_many_failures", retryAfterSeconds };
  }
  const [first, ...rest] = await trackRepairs(query, new Date(now));
  if (!first) return { outcome: "not_found" };
  if (query.repairId !== undefined && query.phoneNumber !== undefined)
    await refundRateLimitHit(failuresKey, failureWindowSeconds, now);
  return { outcome: "found", bookings: [first, ...rest] };
}

/** The secret tracking link shows the customer's own details. */
export async function trackByToken(
  token: string,
  now = new Date(),
): Promise<TrackedBooking | undefined> {
  if (!isTrackingToken(token)) return undefined;
  const db = await database();
  const [row] = await db
    .select({ ...repairColumns, ...personalColumns })
    .from(bookings)
    .where(eq(bookings.trackingToken, token));
  if (!row) return undefined;
  const [tracked, quote] = await Promise.all([withPersonal(row, now), trackedQuote(row.id, now)]);
  if (!tracked) return undefined;
  return quote ? { ...tracked, quote } : tracked;
}
