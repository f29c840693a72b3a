import type { AppLoadContext } from "@remix-run/node";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { bookingEvents, bookings } from "#db/schema";
import { findCategory } from "~/config/shop";
import type { TrackingInput } from "~/schemas/tracking";
import { bookingReference, isTrackingToken, parseBookingReference } from "./booking-reference";
import { statusLabels, type BookingStatus } from "./booking-status";
import { database } from "./db.server";
import { formatPhone, phoneDigits } from "./phone";
import { hitRateLimit, rateLimitSettings } from "./rate-limit.server";

export type TrackedBooking = {
  id: number;
  reference: string;
  status: BookingStatus;
  statusLabel: string;
  deviceCategory: string;
  deviceBrand: string | null;
  deviceModel: string | null;
  issueType: string;
  /** Only with full details: it may describe the customer's data or circumstances. */
  issueDescription: string | null;
  customerNote: string | null;
  submittedAt: string;
  updatedAt: string;
  preferredDate: string;
  expectedDeliveryDate: string | null;
  history: { status: BookingStatus; label: string; note: string | null; at: string }[];
  /** Full details: the secret link, or the ID with a matching phone. Otherwise shortened and masked. */
  fullDetails: boolean;
  customer: { firstName: string; lastName: string; email: string; phone: string };
};

export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phoneDigits(phone);
  return `(***) ***-${digits.slice(-4)}`;
}

type Row = typeof bookings.$inferSelect;

async function withHistory(rows: Row[], fullDetails: boolean): Promise<TrackedBooking[]> {
  if (!rows.length) return [];
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
  return rows.map((row) => ({
    id: row.id,
    reference: bookingReference(row.id),
    status: row.status,
    statusLabel: statusLabels[row.status],
    deviceCategory: findCategory(row.deviceCategory)?.title ?? row.deviceCategory,
    deviceBrand: row.deviceBrand,
    deviceModel: row.deviceModel,
    issueType: row.issueType,
    issueDescription: fullDetails ? row.issueDescription : null,
    customerNote: row.customerNote,
    submittedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    preferredDate: row.preferredDate,
    expectedDeliveryDate: row.expectedDeliveryDate,
    history: events
      .filter((e) => e.bookingId === row.id)
      .map((e) => ({ status: e.status, label: statusLabels[e.status], note: e.note, at: e.createdAt.toISOString() })),
    fullDetails,
    customer: fullDetails
      ? { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: formatPhone(row.phoneDigits) }
      : { firstName: row.firstName, lastName: `${row.lastName.slice(0, 1)}.`, email: maskEmail(row.email), phone: maskPhone(row.phone) },
  }));
}

/**
 * What the tracking page and endpoint may show. An ID or a phone alone gives the repair with the
 * customer masked; the ID with its own phone gives full details. Not found and a mismatch look
 * the same, so the answer reveals nothing about other people's bookings.
 */
export async function trackRepairs(query: TrackingInput): Promise<TrackedBooking[]> {
  const db = await database();
  const id = query.repairId ? parseBookingReference(query.repairId) : undefined;
  const digits = query.phoneNumber ? phoneDigits(query.phoneNumber) : undefined;
  if (id !== undefined) {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    if (!row || (digits !== undefined && row.phoneDigits !== digits)) return [];
    return withHistory([row], digits !== undefined);
  }
  if (digits === undefined) return [];
  const rows = await db.select().from(bookings).where(eq(bookings.phoneDigits, digits)).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(20);
  return withHistory(rows, false);
}

/** A lookup from either door, counted against the client's RATE_LIMIT_TRACK_PER_MIN. */
export async function lookUpRepairs(
  query: TrackingInput,
  context: AppLoadContext,
): Promise<{ outcome: "rate_limited"; retryAfterSeconds: number } | { outcome: "answered"; bookings: TrackedBooking[] }> {
  const limit = await hitRateLimit(`track:${context.clientIp}`, rateLimitSettings.track());
  if (!limit.allowed) return { outcome: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  return { outcome: "answered", bookings: await trackRepairs(query) };
}

/** The secret tracking link shows the customer's own details. */
export async function trackByToken(token: string): Promise<TrackedBooking | undefined> {
  if (!isTrackingToken(token)) return undefined;
  const db = await database();
  const [row] = await db.select().from(bookings).where(eq(bookings.trackingToken, token));
  return row ? (await withHistory([row], true))[0] : undefined;
}
