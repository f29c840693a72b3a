import { and, count, eq, gt, sql } from "drizzle-orm";
import { bookings, staffUsers } from "#db/schema";
import { database } from "~/server/db.server";

/**
 * Bookings made online since this staff member last opened the repair list (or, before their
 * first visit, since their account was made): the count beside "Manage Repairs" in the menu.
 */
export async function countNewBookings(staffUserId: number): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.source, "online"),
        gt(
          bookings.createdAt,
          sql`(select coalesce(${staffUsers.bookingsSeenAt}, ${staffUsers.createdAt}) from ${staffUsers} where ${staffUsers.id} = ${staffUserId})`,
        ),
      ),
    );
  return row?.n ?? 0;
}

/** The staff member has now seen the repair list: the menu's count starts again from zero. */
export async function markBookingsSeen(staffUserId: number, now = new Date()) {
  const db = await database();
  await db.update(staffUsers).set({ bookingsSeenAt: now }).where(eq(staffUsers.id, staffUserId));
}
