import { and, count, gte, lt, sql, type SQL } from "drizzle-orm";
import { bookingCounts, bookings } from "#db/schema";
import { bookingStatuses, type BookingStatus } from "~/types/booking";
import type { CountRow } from "~/types/charts";
import { findCategory } from "~/config/shop";
import { database } from "~/server/db.server";
import { startOfShopDay } from "~/server/shop-day.server";
import { addDays, shopToday } from "~/utils/shop-time";

/** Bookings in all and broken down as the three charts show them. */
type Breakdowns = {
  total: number;
  byCategory: CountRow[];
  byBrand: CountRow[];
  byIssue: CountRow[];
};

export type DashboardStats = Breakdowns & {
  today: number;
  completed: number;
  pending: number;
};

/** How the counts name a booking without a brand (written by the trigger in drizzle/0001). */
export const unspecifiedBrand = "Not specified";

const total = sql<number>`sum(${bookingCounts.count})`.mapWith(Number);

/**
 * Every booking grouped as the charts show them, with the completed and pending counts, from
 * `booking_counts` (which a trigger keeps equal to the bookings, so the work does not grow with
 * them): GROUPING SETS yields the totals and the three breakdowns in one query, `grouping()`
 * tells the sets apart.
 */
async function allTimeRows() {
  const db = await database();
  return db
    .select({
      set: sql<number>`grouping(${bookingCounts.deviceCategory}, ${bookingCounts.deviceBrand}, ${bookingCounts.issueType})`.mapWith(
        Number,
      ),
      category: bookingCounts.deviceCategory,
      brand: bookingCounts.deviceBrand,
      issue: bookingCounts.issueType,
      total,
      completed:
        sql<number>`coalesce(sum(${bookingCounts.count}) filter (where ${bookingCounts.status} = 'completed'), 0)`.mapWith(
          Number,
        ),
      pending:
        sql<number>`coalesce(sum(${bookingCounts.count}) filter (where ${bookingCounts.status} = 'pending'), 0)`.mapWith(
          Number,
        ),
    })
    .from(bookingCounts)
    .groupBy(
      sql`grouping sets ((${bookingCounts.deviceCategory}), (${bookingCounts.deviceBrand}), (${bookingCounts.issueType}), ())`,
    )
    .having(
      sql`sum(${bookingCounts.count}) > 0 or grouping(${bookingCounts.deviceCategory}, ${bookingCounts.deviceBrand}, ${bookingCounts.issueType}) = 7`,
    );
}

/**
 * The dashboard's all-time numbers from `booking_counts`. "Today" is the shop's day in its own
 * time zone, counted on the created_at index.
 */
export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const db = await database();
  const rows = await allTimeRows();
  const today = shopToday(now);
  const [todays] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        gte(bookings.createdAt, startOfShopDay(today)),
        lt(bookings.createdAt, startOfShopDay(addDays(today, 1))),
      ),
    );

  const totals = rows.find((row) => row.set === 0b111);
  return {
    today: todays?.n ?? 0,
    completed: totals?.completed ?? 0,
    pending: totals?.pending ?? 0,
    ...breakdowns(rows),
  };
}

type GroupedRow = {
  set: number;
  category: string | null;
  brand: string | null;
  issue: string | null;
  total: number;
};

/** The three charts' rows and the total out of one GROUPING SETS answer. */
function breakdowns(rows: GroupedRow[]): Breakdowns {
  // grouping() sets a bit for each column folded away: 0b011 = by category, 0b101 = by brand, 0b110
  // = by issue.
  const breakdown = (set: number, label: (row: GroupedRow) => string) =>
    rows
      .filter((row) => row.set === set)
      .map((row) => ({ label: label(row), count: row.total }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return {
    total: rows.find((row) => row.set === 0b111)?.total ?? 0,
    byCategory: breakdown(
      0b011,
      (row) => findCategory(row.category ?? undefined)?.title ?? String(row.category),
    ),
    byBrand: breakdown(0b101, (row) => row.brand ?? unspecifiedBrand),
    byIssue: breakdown(0b110, (row) => row.issue ?? ""),
  };
}

/**
 * Brand as the counts' trigger names it, so a range and all time agree on labels. The label is
 * a literal, not a parameter: GROUPING() must see the very expression the query groups by.
 */
const brandLabel = sql<string>`coalesce(nullif(btrim(${bookings.deviceBrand}), ''), ${sql.raw(`'${unspecifiedBrand}'`)})`;

/** Bookings grouped as the charts show them, those matching `where` only. */
async function groupedBookings(where: SQL | undefined): Promise<GroupedRow[]> {
  const db = await database();
  return db
    .select({
      set: sql<number>`grouping(${bookings.deviceCategory}, ${brandLabel}, ${bookings.issueType})`.mapWith(
        Number,
      ),
      category: bookings.deviceCategory,
      brand: brandLabel,
      issue: bookings.issueType,
      total: count(),
    })
    .from(bookings)
    .where(where)
    .groupBy(
      sql`grouping sets ((${bookings.deviceCategory}), (${brandLabel}), (${bookings.issueType}), ())`,
    );
}

/** `all` less `part`, row by row; a label whose count reaches zero is dropped (the total row stays). */
function subtract(all: GroupedRow[], part: GroupedRow[]): GroupedRow[] {
  const key = (row: GroupedRow) => `${row.set}|${row.category}|${row.brand}|${row.issue}`;
  const taken = new Map(part.map((row) => [key(row), row.total]));
  return all
    .map((row) => ({ ...row, total: row.total - (taken.get(key(row)) ?? 0) }))
    .filter((row) => row.total > 0 || row.set === 0b111);
}

/**
 * The charts' numbers for bookings created from `from` to `to` (shop days, inclusive; either may
 * be open), counted on bookings_created_at_idx. A range holding most bookings ("this year" in a
 * young shop) is counted the other way round: all time from booking_counts less the bookings
 * outside the range, so the work never exceeds half the table. Which side is smaller is judged
 * from the first and last booking's times, both read off the index's ends.
 */
export async function rangeBreakdowns({
  from,
  to,
}: {
  from?: string;
  to?: string;
}): Promise<Breakdowns> {
  const db = await database();
  const start = from ? startOfShopDay(from) : sql`'-infinity'::timestamptz`;
  const end = to ? startOfShopDay(addDays(to, 1)) : sql`'infinity'::timestamptz`;
  const inside = and(gte(bookings.createdAt, start), lt(bookings.createdAt, end));
  const [span] = await db
    .select({
      share: sql<
        number | null
      >`extract(epoch from least(max(${bookings.createdAt}), ${end}) - greatest(min(${bookings.createdAt}), ${start}))
        / nullif(extract(epoch from max(${bookings.createdAt}) - min(${bookings.createdAt})), 0)`.mapWith(
        Number,
      ),
    })
    .from(bookings);
  if ((span?.share ?? 0) <= 0.5) return breakdowns(await groupedBookings(inside));
  const [all, outside] = await Promise.all([allTimeRows(), groupedBookings(sql`not (${inside})`)]);
  return breakdowns(subtract(all, outside));
}

/**
 * The workshop's queue right now: every booking counted by status (from booking_counts, so no
 * scan).
 */
export async function statusCounts(): Promise<Record<BookingStatus, number>> {
  const db = await database();
  const rows = await db
    .select({ status: bookingCounts.status, n: total })
    .from(bookingCounts)
    .groupBy(bookingCounts.status);
  const counts = Object.fromEntries(bookingStatuses.map((status) => [status, 0])) as Record<
    BookingStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The biggest `keep` rows and the rest summed as "Other", so a chart stays readable. */
export function topWithOther(rows: CountRow[], keep = 8): CountRow[] {
  if (rows.length <= keep + 1) return rows;
  const rest = rows.slice(keep).reduce((sum, row) => sum + row.count, 0);
  return [...rows.slice(0, keep), { label: "Other", count: rest }];
}
