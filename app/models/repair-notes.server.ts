import { desc, eq } from "drizzle-orm";
import { bookings, repairNotes, staffUsers } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { bookingReference } from "~/utils/booking-reference";
import { database } from "~/server/db.server";

/** A private note as the repair page lists it; `staff` is null once its author's account is gone. */
export type RepairNote = { id: number; body: string; at: Date; staff: string | null };

/**
 * Stores a staff member's private note on a repair, with its audit entry, in one transaction.
 * The entry names the repair but not the text: the note stays on the repair's page alone. Neither
 * the repair's version nor its customer-visible history moves (docs/decisions/0040), so a form
 * open elsewhere on the repair still saves. Undefined when there is no such booking.
 */
export async function addRepairNote(bookingId: number, body: string, staffId: number) {
  const db = await database();
  return db.transaction(async (tx) => {
    // A key-share lock, as the foreign key's own: the booking cannot go between check and insert,
    // and status or detail saves on it are not held up.
    const [booking] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for("key share");
    if (!booking) return undefined;
    const [note] = await tx
      .insert(repairNotes)
      .values({ bookingId, staffUserId: staffId, body })
      .returning({ id: repairNotes.id });
    await recordAudit(tx, staffId, {
      action: "repair.private_note",
      entity: "booking",
      entityId: bookingId,
      summary: `${bookingReference(bookingId)}: private note added`,
    });
    return note;
  });
}

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
