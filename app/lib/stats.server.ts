import { and, count, gte, lt, sql } from "drizzle-orm";
import { bookingCounts, bookings } from "#db/schema";
import { findCategory } from "~/config/shop";
import { database } from "./db.server";
import { startOfShopDay } from "./shop-day.server";
import { addDays, shopToday } from "./shop-time";

export type CountRow = { label: string; count: number };

export type DashboardStats = {
  today: number;
  completed: number;
  pending: number;
  total: number;
  byCategory: CountRow[];
  byBrand: CountRow[];
  byIssue: CountRow[];
};

/** How the counts name a booking without a brand (written by the trigger in drizzle/0001). */
export const unspecifiedBrand = "Not specified";

const total = sql<number>`sum(${bookingCounts.count})`.mapWith(Number);

/**
 * The dashboard's numbers, by SQL aggregation over `booking_counts` (which a trigger keeps equal
 * to the bookings, so the work does not grow with them): GROUPING SETS yields the totals and the
 * three breakdowns in one query, `grouping()` tells the sets apart. "Today" is the shop's day in
 * its own time zone, counted on the created_at index.
 */
export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const db = await database();
  const rows = await db
    .select({
      set: sql<number>`grouping(${bookingCounts.deviceCategory}, ${bookingCounts.deviceBrand}, ${bookingCounts.issueType})`.mapWith(Number),
      category: bookingCounts.deviceCategory,
      brand: bookingCounts.deviceBrand,
      issue: bookingCounts.issueType,
      total,
      completed: sql<number>`coalesce(sum(${bookingCounts.count}) filter (where ${bookingCounts.status} = 'completed'), 0)`.mapWith(Number),
      pending: sql<number>`coalesce(sum(${bookingCounts.count}) filter (where ${bookingCounts.status} = 'pending'), 0)`.mapWith(Number),
    })
    .from(bookingCounts)
    .groupBy(sql`grouping sets ((${bookingCounts.deviceCategory}), (${bookingCounts.deviceBrand}), (${bookingCounts.issueType}), ())`)
    .having(sql`sum(${bookingCounts.count}) > 0 or grouping(${bookingCounts.deviceCategory}, ${bookingCounts.deviceBrand}, ${bookingCounts.issueType}) = 7`);
  const today = shopToday(now);
  const [todays] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(gte(bookings.createdAt, startOfShopDay(today)), lt(bookings.createdAt, startOfShopDay(addDays(today, 1)))));

  // grouping() sets a bit for each column folded away: 0b011 = by category, 0b101 = by brand, 0b110 = by issue.
  const breakdown = (set: number, label: (row: (typeof rows)[number]) => string) =>
    rows
      .filter((row) => row.set === set)
      .map((row) => ({ label: label(row), count: row.total }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const totals = rows.find((row) => row.set === 0b111);
  return {
    today: todays?.n ?? 0,
    completed: totals?.completed ?? 0,
    pending: totals?.pending ?? 0,
    total: totals?.total ?? 0,
    byCategory: breakdown(0b011, (row) => findCategory(row.category ?? undefined)?.title ?? String(row.category)),
    byBrand: breakdown(0b101, (row) => row.brand ?? unspecifiedBrand),
    byIssue: breakdown(0b110, (row) => row.issue ?? ""),
  };
}

/** The biggest `keep` rows and the rest summed as "Other", so a chart stays readable. */
export function topWithOther(rows: CountRow[], keep = 8): CountRow[] {
  if (rows.length <= keep + 1) return rows;
  const rest = rows.slice(keep).reduce((sum, row) => sum + row.count, 0);
  return [...rows.slice(0, keep), { label: "Other", count: rest }];
}
