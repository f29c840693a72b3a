import { desc, eq } from "drizzle-orm";
import { repairNotes, staffUsers } from "#db/schema";
import { addToBooking } from "~/models/booking-addition.server";
import { database } from "~/server/db.server";

/** A private note as the repair page lists it; `staff` is null once its author's account is gone. */
export type RepairNote = { id: number; body: string; at: Date; staff: string | null };

/**
 * Stores a staff member's private note on a repair, with its audit entry, in one transaction.
 * The entry names the repair but not the text: the note stays on the repair's page alone. Neither
 * the repair's version nor its customer-visible history moves (docs/decisions/0040), so a form
 * open elsewhere on the repair still saves. Undefined when there is no such booking.
 */
export const addRepairNote = (bookingId: number, body: string, staffId: number) =>
  // A key-share lock: nothing is counted, so notes written at once need not take turns.
  addToBooking(bookingId, staffId, "key share", async (tx) => {
    const [note] = await tx
      .insert(repairNotes)
      .values({ bookingId, staffUserId: staffId, body })
      .returning({ id: repairNotes.id });
    return { result: note, audit: { action: "repair.private_note", what: "private note added" } };
  });

/** A repair's private notes, newest first, each with who wrote it (repair_notes_booking_idx). */
export async function repairNotesOf(bookingId: number): Promise<RepairNote[]> {
  const db = await database();
  return db
    .select({
      id: repairNotes.id,
      body: repairNotes.body,
      at: repairNotes.createdAt,
      staff: staffUsers.username,
    })
    .from(repairNotes)
    .leftJoin(staffUsers, eq(staffUsers.id, repairNotes.staffUserId))
    .where(eq(repairNotes.bookingId, bookingId))
    .orderBy(desc(repairNotes.createdAt), desc(repairNotes.id));
}
