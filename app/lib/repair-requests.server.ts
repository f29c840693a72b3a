import { eq } from "drizzle-orm";
import { bookingEvents, bookings } from "#db/schema";
import type { BookingStatus } from "./booking-status";
import { noteAfterUpdate } from "./canned-notes";
import { database } from "./db.server";
import { queueStatusUpdate, wakeMailWorker } from "./outbox.server";

export type RepairRequest = typeof bookings.$inferSelect;

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
