import { and, count, eq, gt, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import { bookings, buybackOffers } from "#db/schema";
import type { Database } from "#db/client";
import { slotCapacitySql } from "~/models/shop-settings.server";

/**
 * A booking keeps its place in its slot until it is cancelled; the form's time list counts the same
 * way.
 */
export const holdsItsSlot = ne(bookings.status, "cancelled");

/**
 * A drop-off time picked on /sell keeps its place while its offer is open and not past its date:
 * bought at the counter, declined, cancelled or expired, it frees the place (decision 0072).
 */
export const dropOffHoldsItsSlot = and(
  eq(buybackOffers.status, "open"),
  gt(buybackOffers.expiresAt, sql`now()`),
);

/**
 * The transaction lock that queues everything putting a booking or a drop-off into one slot: a new
 * booking, one moved there (app/models/booking-customer-change.server.ts), or an offer's drop-off
 * (app/models/trade-offer.server.ts). Counted after it, a slot never takes more than its capacity,
 * on any number of instances.
 */
export const slotLock = (date: string, time: string) =>
  sql`pg_advisory_xact_lock(hashtext(${`slot:${date} ${time}`}))`;

/**
 * Every place taken in the slots from `from` to `to` (dates, inclusive), at `time` only when
 * given: the bookings and the /sell drop-offs that hold one, each read off its own slot index. The
 * one list every counter of places reads, so the form's full times, a new booking, a moved one and
 * a drop-off all agree.
 */
export function slotPlaces(
  db: Pick<Database, "select">,
  { from, to, time }: { from: string; to: string; time?: string },
) {
  const booked: SQL[] = [gte(bookings.preferredDate, from), lte(bookings.preferredDate, to)];
  const dropped: SQL[] = [gte(buybackOffers.dropOffDate, from), lte(buybackOffers.dropOffDate, to)];
  if (time !== undefined) {
    booked.push(eq(bookings.preferredTime, time));
    dropped.push(eq(buybackOffers.dropOffTime, time));
  }
  return db
    .select({ date: bookings.preferredDate, time: bookings.preferredTime })
    .from(bookings)
    .where(and(...booked, holdsItsSlot))
    .unionAll(
      db
        .select({
          date: sql<string>`${buybackOffers.dropOffDate}`.as("date"),
          time: sql<string>`${buybackOffers.dropOffTime}`.as("time"),
        })
        .from(buybackOffers)
        .where(and(...dropped, dropOffHoldsItsSlot)),
    )
    .as("places");
}

/**
 * How many places a slot has taken, as its capacity counts them (`slotCapacitySql` and the
 * Settings page's `bookingSlotCapacity`). Read after `slotLock`, in a statement of its own, so its
 * snapshot sees every booking and drop-off committed into the slot before.
 */
export function slotCount(tx: Pick<Database, "select">, date: string, time: string) {
  const places = slotPlaces(tx, { from: date, to: date, time });
  return tx.select({ n: count() }).from(places);
}

/** Whether a slot has no place left, counted as `slotCount` is: read after `slotLock`. */
export async function slotIsFull(tx: Pick<Database, "select">, date: string, time: string) {
  const [row] = await tx
    .select({ full: sql<boolean>`count(*) >= ${slotCapacitySql()}` })
    .from(slotPlaces(tx, { from: date, to: date, time }));
  return row?.full ?? false;
}
