import { sql } from "drizzle-orm";
import { timeZone } from "~/config/shop";

/**
 * The instant the shop's day `date` (YYYY-MM-DD) begins, for comparing with timestamps in SQL.
 * Wrapped in a sub-select so Postgres works it out once per query, not once per row.
 */
export const startOfShopDay = (date: string) =>
  sql`(select (${date}::date)::timestamp at time zone ${timeZone})`;
