import type { Booking } from "~/types/booking";
import { and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import { auditEvents, bookingEvents, bookings, outbox, staffUsers } from "#db/schema";
import type { BookingStatus } from "~/utils/booking-status";
import { database } from "~/server/db.server";
import { staffChangesOf } from "~/models/booking-changes.server";
import { changesOf } from "~/models/record-changes.server";
import type { OutboxMessage } from "~/types/outbox";
import { containsPattern } from "~/utils/search";
import { foldForSearch } from "~/utils/search-fold";

/** One line of a repair's history as staff see it: who did what, when. */
export type RepairHistoryEntry =
  | {
      kind: "status";
      id: string;
      at: Date;
      status: BookingStatus;
      note: string | null;
      staff: string | null;
      byCustomer: boolean;
    }
  | {
      kind: "audit";
      id: string;
      at: Date;
      action: string;
      summary: string;
      details: Record<string, unknown> | null;
      staff: string | null;
    };

/**
 * The customer's status history (what the tracking page shows) with the staff member behind each
 * entry, interleaved with the changes the customer does not see: detail corrections and
 * expected-delivery changes alone (a status or note change is already a history entry). Oldest
 * first. `staff` is null when no staff member made it (the customer's own online booking).
 */
export async function repairHistory(bookingId: number): Promise<RepairHistoryEntry[]> {
  const db = await database();
  const [events, audits] = await Promise.all([
    db
      .select({
        id: bookingEvents.id,
        at: bookingEvents.createdAt,
        status: bookingEvents.status,
        note: bookingEvents.note,
        staff: staffUsers.username,
        byCustomer: bookingEvents.byCustomer,
      })
      .from(bookingEvents)
      .leftJoin(staffUsers, eq(staffUsers.id, bookingEvents.staffUserId))
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id)),
    db
      .select({
        id: auditEvents.id,
        at: auditEvents.createdAt,
        action: auditEvents.action,
        summary: auditEvents.summary,
        details: auditEvents.details,
        staff: staffUsers.username,
      })
      .from(auditEvents)
      .leftJoin(staffUsers, eq(staffUsers.id, auditEvents.staffUserId))
      .where(changesOf(staffChangesOf(bookingId)))
      .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id)),
  ]);
  const seenInHistory = (details: Record<string, unknown> | null) =>
    !!details && ("status" in details || "customerNote" in details);
  const entries: RepairHistoryEntry[] = [
    ...events.map((e) => ({ kind: "status" as const, ...e, id: `event-${e.id}` })),
    ...audits
      .filter((a) => a.action !== "repair.status" || !seenInHistory(a.details))
      .map((a) => ({ kind: "audit" as const, ...a, id: `audit-${a.id}` })),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

type RelatedRepair = Pick<
  Booking,
  "id" | "status" | "deviceCategory" | "deviceBrand" | "deviceModel" | "issueType" | "createdAt"
>;

/**
 * The customer's other repairs: the same phone number or the same e-mail (any case), newest
 * first. The phone side uses bookings_phone_digits_idx; the e-mail side narrows through the
 * trigram index on search_text (which holds the lower-cased e-mail) before comparing exactly,
 * so neither side reads the whole table.
 */
export async function sameCustomerRepairs(
  booking: { id: number; phoneDigits: string; email: string | null },
  limit = 20,
): Promise<RelatedRepair[]> {
  const db = await database();
  const email = booking.email?.toLowerCase();
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      deviceCategory: bookings.deviceCategory,
      deviceBrand: bookings.deviceBrand,
      deviceModel: bookings.deviceModel,
      issueType: bookings.issueType,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(
      and(
        ne(bookings.id, booking.id),
        or(
          eq(bookings.phoneDigits, booking.phoneDigits),
          email
            ? and(
                sql`${bookings.searchText} like ${containsPattern(foldForSearch(email))}`,
                sql`lower(${bookings.email}) = ${email}`,
              )
            : undefined,
        ),
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
}

type BookingMessage = Pick<
  OutboxMessage,
  | "id"
  | "kind"
  | "channel"
  | "recipient"
  | "status"
  | "attempts"
  | "createdAt"
  | "sentAt"
  | "lastError"
>;

/** The e-mails and texts queued about this booking, newest first (outbox_booking_idx). */
export async function bookingMessages(bookingId: number, limit = 50): Promise<BookingMessage[]> {
  const db = await database();
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      channel: outbox.channel,
      recipient: outbox.recipient,
      status: outbox.status,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(eq(outbox.bookingId, bookingId))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}
