import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { bookingEvents, bookings } from "#db/schema";
import { parseBookingReference } from "./booking-reference";
import type { BookingStatus } from "./booking-status";
import { noteAfterUpdate } from "./canned-notes";
import { database } from "./db.server";
import { queueStatusUpdate, wakeMailWorker } from "./outbox.server";
import { containsPattern } from "./search.server";
import { startOfShopDay } from "./shop-day.server";
import { addDays } from "./shop-time";

export type RepairRequest = typeof bookings.$inferSelect;

export type RepairRequestFilter = {
  /** Name, e-mail, phone (any format, any part) or repair reference. */
  q?: string;
  status?: BookingStatus;
  /** Created on or after / on or before these shop-time dates (YYYY-MM-DD). */
  createdFrom?: string;
  createdTo?: string;
};


function searchCondition(q: string): SQL | undefined {
  const pattern = containsPattern(q);
  const conditions: (SQL | undefined)[] = [
    ilike(sql`${bookings.firstName} || ' ' || ${bookings.lastName}`, pattern),
    ilike(bookings.email, pattern),
  ];
  const id = parseBookingReference(q);
  if (id !== undefined) conditions.push(eq(bookings.id, id));
  // Stored phones are digits without the country code; a typed "+1 905…" must still match.
  const digits = q.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(q)) conditions.push(sql`${bookings.phoneDigits} like ${`%${digits}%`}`);
  return or(...conditions);
}

function whereOf({ q, status, createdFrom, createdTo }: RepairRequestFilter) {
  return and(
    q ? searchCondition(q) : undefined,
    status ? eq(bookings.status, status) : undefined,
    createdFrom ? gte(bookings.createdAt, startOfShopDay(createdFrom)) : undefined,
    createdTo ? lt(bookings.createdAt, startOfShopDay(addDays(createdTo, 1))) : undefined,
  );
}

/** One page of repair requests, newest first, and how many match in all. */
export async function listRepairRequests(
  filter: RepairRequestFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ total: number; rows: RepairRequest[] }> {
  const db = await database();
  const where = whereOf(filter);
  const [totals] = await db.select({ n: count() }).from(bookings).where(where);
  const rows = await db.select().from(bookings).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(limit).offset(offset);
  return { total: totals?.n ?? 0, rows };
}

export async function getRepairRequest(id: number): Promise<RepairRequest | undefined> {
  const db = await database();
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

export type RepairStatusChange = {
  status: BookingStatus;
  /** undefined: the staff member left the note alone (DESIGN.md's canned-note rule applies). */
  note: string | null | undefined;
  /** undefined: keep the current date. */
  expectedDeliveryDate: string | null | undefined;
};

/** Whether to e-mail the customer about a status change, and the site's address for its links. */
export type StatusNotice = { notifyCustomer: boolean; origin: string };

/**
 * Applies a status update and, when the status or note changed, appends the history entry the
 * customer sees on the tracking page. When the status itself changed and staff left "notify
 * customer" on, the customer's e-mail is queued in the same transaction. The row is locked so
 * two staff members' updates apply one after the other. Undefined when there is no such booking.
 */
export async function updateRepairStatus(
  id: number,
  change: RepairStatusChange,
  staffUserId: number,
  notice?: StatusNotice,
): Promise<RepairRequest | undefined> {
  const db = await database();
  let queued = false;
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
    if (!current) return undefined;
    const note = noteAfterUpdate({ currentStatus: current.status, currentNote: current.customerNote, newStatus: change.status, submittedNote: change.note });
    const expectedDeliveryDate = change.expectedDeliveryDate === undefined ? current.expectedDeliveryDate : change.expectedDeliveryDate;
    const historyChanged = change.status !== current.status || note !== current.customerNote;
    if (!historyChanged && expectedDeliveryDate === current.expectedDeliveryDate) return current;

    const [updated] = await tx
      .update(bookings)
      .set({ status: change.status, customerNote: note, expectedDeliveryDate, updatedAt: new Date() })
      .where(eq(bookings.id, id))
      .returning();
    if (historyChanged) await tx.insert(bookingEvents).values({ bookingId: id, status: change.status, note, staffUserId });
    if (updated && notice?.notifyCustomer && change.status !== current.status) {
      queued = await queueStatusUpdate(tx, updated, notice.origin);
    }
    return updated;
  });
  if (queued) wakeMailWorker();
  return result;
}
