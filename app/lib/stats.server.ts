import { count, sql } from "drizzle-orm";
import { bookings } from "#db/schema";
import { findCategory, timeZone } from "~/config/shop";
import { database } from "./db.server";
import { shopToday } from "./shop-time";

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

export const unspecifiedBrand = "Not specified";

// The label is written into the SQL, not passed as a parameter, so that the select list and
// GROUP BY hold the very same expression.
const brand = sql<string>`coalesce(nullif(btrim(${bookings.deviceBrand}), ''), ${sql.raw(`'${unspecifiedBrand}'`)})`;

/**
 * The dashboard's numbers in one scan of the bookings: GROUPING SETS yields the totals and the
 * three breakdowns together, and `grouping()` says which set each row belongs to. "Today" is the
 * shop's day in its own time zone, whatever the server's clock zone.
 */
export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const db = await database();
  const today = shopToday(now);
  const rows = await db
    .select({
      set: sql<number>`grouping(${bookings.deviceCategory}, ${brand}, ${bookings.issueType})`.mapWith(Number),
      category: bookings.deviceCategory,
      brand,
      issue: bookings.issueType,
      total: count(),
      completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${bookings.status} = 'pending')`.mapWith(Number),
      today: sql<number>`count(*) filter (where ${bookings.createdAt} >= (${today}::date)::timestamp at time zone ${timeZone}
        and ${bookings.createdAt} < (${today}::date + 1)::timestamp at time zone ${timeZone})`.mapWith(Number),
    })
    .from(bookings)
    .groupBy(sql`grouping sets ((${bookings.deviceCategory}), (${brand}), (${bookings.issueType}), ())`);

  // grouping() sets a bit for each column folded away: 0b011 = by category, 0b101 = by brand, 0b110 = by issue.
  const breakdown = (set: number, label: (row: (typeof rows)[number]) => string) =>
    rows
      .filter((row) => row.set === set)
      .map((row) => ({ label: label(row), count: row.total }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const totals = rows.find((row) => row.set === 0b111);
  return {
    today: totals?.today ?? 0,
    completed: totals?.completed ?? 0,
    pending: totals?.pending ?? 0,
    total: totals?.total ?? 0,
    byCategory: breakdown(0b011, (row) => findCategory(row.category ?? undefined)?.title ?? String(row.category)),
    byBrand: breakdown(0b101, (row) => row.brand),
    byIssue: breakdown(0b110, (row) => row.issue ?? ""),
  };
}

/** The biggest `keep` rows and the rest summed as "Other", so a chart stays readable. */
export function topWithOther(rows: CountRow[], keep = 8): CountRow[] {
  if (rows.length <= keep + 1) return rows;
  const rest = rows.slice(keep).reduce((sum, row) => sum + row.count, 0);
  return [...rows.slice(0, keep), { label: "Other", count: rest }];
}
