import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client";
import type { CategorySlug } from "~/config/shop";
import { database } from "~/server/db.server";
import { containsPattern } from "~/utils/search";

/**
 * What the price list and the buyback grid share: a table of devices by category and brand that
 * staff filter and search. Each model keeps its own table and passes it in.
 */
type DeviceTable = PgTable & { id: PgColumn; category: PgColumn; brand: PgColumn };

export type DeviceFilter = { q?: string; category?: CategorySlug; brand?: string };

/** Rows in the category, of the brand in any case, with the words in one of `searched`. */
export function deviceFilter(
  table: DeviceTable,
  searched: PgColumn[],
  { q, category, brand }: DeviceFilter,
) {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    category ? eq(table.category, category) : undefined,
    brand ? sql`lower(${table.brand}) = lower(${brand})` : undefined,
    pattern ? or(...searched.map((column) => ilike(column, pattern))) : undefined,
  );
}

/** The brands to filter by, within a category when one is chosen. */
export async function brandsOf(table: DeviceTable, category?: CategorySlug): Promise<string[]> {
  const db = await database();
  const rows = await db
    .selectDistinct({ brand: sql<string>`${table.brand}` })
    .from(table)
    .where(category ? eq(table.category, category) : undefined)
    .orderBy(asc(table.brand));
  return rows.map((row) => row.brand);
}

/**
 * One row by id, or undefined. Read in the transaction that changes it (`tx`), it is locked
 * `for update` until that commits.
 */
export async function deviceRow<Table extends DeviceTable>(
  table: Table,
  id: number,
  tx?: Pick<Database, "select">,
): Promise<Table["$inferSelect"] | undefined> {
  const query = (tx ?? (await database()))
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  const [row] = tx ? await query.for("update") : await query;
  return row as Table["$inferSelect"] | undefined;
}

/** "Apple iPhone 15"; a model that carries its brand ("Apple Watch SE 3") keeps it once. */
export const brandAndModel = (brand: string, model: string) =>
  model.toLowerCase().startsWith(brand.toLowerCase()) ? model : `${brand} ${model}`;
