import { eq } from "drizzle-orm";
import type { Transaction } from "#db/client";
import { bookings } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { database } from "~/server/db.server";
import type { AuditEntry } from "~/types/staff";
import { bookingReference } from "~/utils/booking-reference";

/**
 * How firmly an addition holds its booking's row. "key share", as a foreign key's own check: the
 * booking cannot be deleted under the addition, and status or detail saves on it go on. "no key
 * update" when the addition counts what the booking already holds: two additions at once then
 * take turns, so they cannot pass a limit together (status and detail saves still wait for it).
 */
export type BookingLock = "key share" | "no key update";

/** What an addition stored, and what its audit entry says after the repair's reference. */
type Added<Result> = { result: Result; audit: { action: AuditEntry["action"]; what: string } };

/**
 * Adds rows of a repair's own (a private note, photos) in one transaction: the booking's row is
 * locked with `lock`, then `add` writes with the transaction, then the audit entry ("WF-00042:
 * <what>") is recorded beside it, so all of it is stored or none. Neither the repair's version nor
 * its customer-visible history moves (docs/decisions/0040). Undefined, with nothing stored, when
 * there is no such booking; whatever `add` throws undoes the whole transaction.
 */
export async function addToBooking<Result>(
  bookingId: number,
  staffId: number,
  lock: BookingLock,
  add: (tx: Transaction) => Promise<Added<Result>>,
): Promise<Result | undefined> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for(lock);
    if (!booking) return undefined;
    const { result, audit } = await add(tx);
    await recordAudit(tx, staffId, {
      action: audit.action,
      entity: "booking",
      entityId: bookingId,
      summary: `${bookingReference(bookingId)}: ${audit.what}`,
    });
    return result;
  });
}
