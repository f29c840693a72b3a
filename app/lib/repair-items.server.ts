import { and, asc, count, eq, ilike, max, or, sql } from "drizzle-orm";
import { repairItems } from "#db/schema";
import type { CategorySlug } from "~/config/shop";
import type { RepairItemInput } from "~/schemas/repair-item";
import { database } from "./db.server";
import { containsPattern } from "./search.server";

export type RepairItem = typeof repairItems.$inferSelect;

export type RepairItemFilter = { q?: string; category?: CategorySlug; brand?: string };


function whereOf({ q, category, brand }: RepairItemFilter) {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    category ? eq(repairItems.category, category) : undefined,
    brand ? sql`lower(${repairItems.brand}) = lower(${brand})` : undefined,
    pattern
      ? or(
          ilike(repairItems.brand, pattern),
          ilike(repairItems.series, pattern),
          ilike(repairItems.model, pattern),
          ilike(repairItems.repair, pattern),
        )
      : undefined,
  );
}

const catalogueOrder = [asc(repairItems.category), asc(repairItems.sortOrder), asc(repairItems.id)];

/** One page of the price list in the order customers read it, and how many match in all. */
export async function listRepairItems(filter: RepairItemFilter, { limit, offset }: { limit: number; offset: number }) {
  const db = await database();
  const where = whereOf(filter);
  const [totals] = await db.select({ n: count() }).from(repairItems).where(where);
  const rows = await db
    .select()
    .from(repairItems)
    .where(where)
    .orderBy(...catalogueOrder)
    .limit(limit)
    .offset(offset);
  return { total: totals?.n ?? 0, rows };
}

/** The whole price list (a few thousand rows at most), for the legacy get_repair_items.php. */
export async function allRepairItems(): Promise<RepairItem[]> {
  const db = await database();
  return db.select().from(repairItems).orderBy(...catalogueOrder);
}

/** The brands to filter by, within a category when one is chosen. */
export async function repairItemBrands(category?: CategorySlug): Promise<string[]> {
  const db = await database();
  const rows = await db
    .selectDistinct({ brand: repairItems.brand })
    .from(repairItems)
    .where(category ? eq(repairItems.category, category) : undefined)
    .orderBy(asc(repairItems.brand));
  return rows.map((row) => row.brand);
}

export async function getRepairItem(id: number): Promise<RepairItem | undefined> {
  const db = await database();
  const [row] = await db.select().from(repairItems).where(eq(repairItems.id, id));
  return row;
}

/** Both drivers report Postgres's SQLSTATE; Drizzle may wrap the driver's error in its own. */
function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === "object" && "code" in e ? e.code : undefined);
  return code(error) === "23505" || code((error as { cause?: unknown } | null)?.cause) === "23505";
}

export type SaveResult = { outcome: "saved"; item: RepairItem } | { outcome: "duplicate" } | { outcome: "not_found" };

/** Adds an entry after the others of its category. Another entry with the same identity: duplicate. */
export async function createRepairItem(input: RepairItemInput): Promise<SaveResult> {
  const db = await database();
  const [last] = await db.select({ sortOrder: max(repairItems.sortOrder) }).from(repairItems).where(eq(repairItems.category, input.category));
  const [item] = await db
    .insert(repairItems)
    .values({ ...input, sortOrder: (last?.sortOrder ?? 0) + 1 })
    .onConflictDoNothing({ target: [repairItems.category, repairItems.brand, repairItems.series, repairItems.model, repairItems.repair] })
    .returning();
  return item ? { outcome: "saved", item } : { outcome: "duplicate" };
}

export async function updateRepairItem(id: number, input: RepairItemInput): Promise<SaveResult> {
  const db = await database();
  try {
    const [item] = await db
      .update(repairItems)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(repairItems.id, id))
      .returning();
    return item ? { outcome: "saved", item } : { outcome: "not_found" };
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "duplicate" };
    throw error;
  }
}

/** True when the entry existed. */
export async function deleteRepairItem(id: number): Promise<boolean> {
  const db = await database();
  const deleted = await db.delete(repairItems).where(eq(repairItems.id, id)).returning({ id: repairItems.id });
  return deleted.length > 0;
}
