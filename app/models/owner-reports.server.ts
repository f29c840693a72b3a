import { and, asc, count, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import { bookingEvents, bookings, invoices, staffUsers } from "#db/schema";
import { policies, timeZone } from "~/config/shop";
import { database } from "~/server/db.server";
import type { OwnerReportQuery } from "~/schemas/owner-reports";
import { addDays, shopInstant } from "~/utils/shop-time";

/*
 * The owner's reports (issue 32): revenue per period and the average ticket from the invoices
 * issued, turnaround by repair type, jobs and revenue per technician, and the devices abandoned
 * under the terms. Each is one aggregate query on an indexed moment; nothing is summed in
 * JavaScript beyond the rows shown.
 */

// Sums and counts come back as bigint, which postgres.js hands over as text.
const whole = (expression: ReturnType<typeof sql>) => sql<number>`${expression}`.mapWith(Number);

export async function ownerReports(query: OwnerReportQuery, now = new Date()) {
  const db = await database();
  const start = shopInstant(query.from, 0);
  const end = shopInstant(addDays(query.to, 1), 0);
  const issuedIn = and(
    gte(invoices.issuedAt, start),
    lt(invoices.issuedAt, end),
    ne(invoices.status, "void"),
  );
  const net = sql`${invoices.totalCents} - ${invoices.creditedCents}`;
  // Literals, not parameters, so the grouping and the selected column are the same expression:
  // the period is one of three words (the schema's enum) and the zone the shop's config.
  const period = sql<string>`to_char(date_trunc(${sql.raw(`'${query.by}'`)}, ${invoices.issuedAt} at time zone ${sql.raw(`'${timeZone}'`)}), 'YYYY-MM-DD')`;
  // The first time each repair became ready: its turnaround, and who made it so.
  const readyAt = db
    .selectDistinctOn([bookingEvents.bookingId], {
      bookingId: bookingEvents.bookingId,
      at: sql<Date>`${bookingEvents.createdAt}`.as("at"),
      staffUserId: bookingEvents.staffUserId,
    })
    .from(bookingEvents)
    .where(eq(bookingEvents.status, "ready_for_pickup"))
    .orderBy(bookingEvents.bookingId, bookingEvents.createdAt)
    .as("ready_at");
  const [revenue, turnaround, technicians, [abandoned]] = await Promise.all([
    db
      .select({
        period,
        invoices: whole(sql`count(*)`),
        netCents: whole(sql`coalesce(sum(${net}), 0)`),
      })
      .from(invoices)
      .where(issuedIn)
      .groupBy(period)
      .orderBy(asc(period)),
    db
      .select({
        issueType: bookings.issueType,
        repairs: whole(sql`count(*)`),
        averageHours: whole(
          sql`round(avg(extract(epoch from (${readyAt.at} - ${bookings.createdAt})) / 3600))`,
        ),
      })
      .from(readyAt)
      .innerJoin(bookings, eq(bookings.id, readyAt.bookingId))
      // The subquery's column carries no date encoder: the bounds go as text.
      .where(
        sql`${readyAt.at} >= ${start.toISOString()}::timestamptz and ${readyAt.at} < ${end.toISOString()}::timestamptz`,
      )
      .groupBy(bookings.issueType)
      .orderBy(desc(count()), asc(bookings.issueType))
      .limit(20),
    db
      .select({
        technician: sql<string>`coalesce(${staffUsers.username}, 'Not recorded')`,
        jobs: whole(sql`count(*)`),
        netCents: whole(sql`coalesce(sum(${net}), 0)`),
      })
      .from(invoices)
      .innerJoin(readyAt, eq(readyAt.bookingId, invoices.bookingId))
      .leftJoin(staffUsers, eq(staffUsers.id, readyAt.staffUserId))
      .where(issuedIn)
      .groupBy(staffUsers.username)
      .orderBy(desc(sql`coalesce(sum(${net}), 0)`)),
    db
      .select({ devices: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "ready_for_pickup"),
          lt(
            bookings.statusChangedAt,
            new Date(now.getTime() - policies.abandonedAfterDays * 86_400_000),
          ),
        ),
      ),
  ]);
  const invoiced = revenue.reduce((sum, row) => sum + row.invoices, 0);
  const netCents = revenue.reduce((sum, row) => sum + row.netCents, 0);
  return {
    revenue,
    invoiced,
    netCents,
    averageTicketCents: invoiced ? Math.round(netCents / invoiced) : 0,
    turnaround,
    technicians,
    abandoned: abandoned?.devices ?? 0,
  };
}
