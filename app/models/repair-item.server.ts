import { and, asc, count, eq, max, sql, type SQL } from "drizzle-orm";
import { isUniqueViolation } from "~/models/unique-violation.server";
import type { Transaction } from "#db/client";
import { repairItems } from "#db/schema";
import type { CategorySlug } from "~/config/shop";
import type { RepairItemInput } from "~/schemas/repair-item";
import { priceText } from "~/utils/price";
import { beforeAndAfter, recordAudit } from "~/models/audit.server";
import {
  brandAndModel,
  brandsOf,
  deviceFilter,
  deviceRow,
  type DeviceFilter,
} from "~/models/device-price-table.server";
import { changedSince, type ChangedMeanwhileOutcome } from "~/models/record-changes.server";
import { database } from "~/server/db.server";
import { announceCatalogueChange } from "~/server/page-cache-events.server";

export type RepairItem = typeof repairItems.$inferSelect;

const whereOf = (filter: DeviceFilter) =>
  deviceFilter(
    repairItems,
    [repairItems.brand, repairItems.series, repairItems.model, repairItems.repair],
    filter,
  );

const catalogueOrder = [asc(repairItems.category), asc(repairItems.sortOrder), asc(repairItems.id)];

/** One page of the price list in the order customers read it, and how many match in all. */
export async function listRepairItems(
  filter: DeviceFilter,
  { limit, offset }: { limit: number; offset: number },
) {
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
  return db
    .select()
    .from(repairItems)
    .orderBy(...catalogueOrder);
}

/** The price list's page length: the list, and the page an entry is on after it is saved. */
export const priceListPageSize = 25;

/** The page of the list filtered to the entry's category and brand that shows it. */
export async function pageOfRepairItem(item: RepairItem): Promise<number> {
  const db = await database();
  const [before] = await db
    .select({ n: count() })
    .from(repairItems)
    .where(
      and(
        whereOf({ category: item.category, brand: item.brand }),
        sql`(${repairItems.sortOrder}, ${repairItems.id}) < (${item.sortOrder}, ${item.id})`,
      ),
    );
  return Math.floor((before?.n ?? 0) / priceListPageSize) + 1;
}

/** The filtered price list in the list's order, a batch at a time, for the CSV export. */
export async function* streamRepairItems(
  filter: DeviceFilter,
  batchSize = 500,
): AsyncGenerator<RepairItem> {
  const db = await database();
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db
      .select()
      .from(repairItems)
      .where(whereOf(filter))
      .orderBy(...catalogueOrder)
      .limit(batchSize)
      .offset(offset);
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

/** Every category's brands and, per brand, its series: what the add and edit forms offer. */
export async function catalogueNames(): Promise<Record<string, Record<string, string[]>>> {
  const db = await database();
  const rows = await db
    .selectDistinct({
      category: repairItems.category,
      brand: repairItems.brand,
      series: repairItems.series,
    })
    .from(repairItems)
    .orderBy(asc(repairItems.category), asc(repairItems.brand), asc(repairItems.series));
  const names: Record<string, Record<string, string[]>> = {};
  for (const { category, brand, series } of rows) {
    const brands = (names[category] ??= {});
    const list = (brands[brand] ??= []);
    if (series) list.push(series);
  }
  return names;
}

/** The brands to filter by, within a category when one is chosen. */
export const repairItemBrands = (category?: CategorySlug) => brandsOf(repairItems, category);

export const getRepairItem = (id: number) => deviceRow(repairItems, id);

type ChangedMeanwhileResult = ChangedMeanwhileOutcome<RepairItem>;

export type SaveResult =
  | { outcome: "saved"; item: RepairItem }
  | { outcome: "duplicate" }
  | { outcome: "not_found" }
  | ChangedMeanwhileResult;

/** Every change to an entry is one of these audit entries, each one version. */
const itemChanges = (id: number) => ({
  entity: "repair_item",
  entityId: id,
  actions: ["price_item.update"],
});

type NameColumn = typeof repairItems.brand | typeof repairItems.series;
/** Case, spaces at the ends and runs of spaces inside do not make another brand or series. */
const folded = (column: NameColumn) =>
  sql`lower(regexp_replace(btrim(${column}), '[[:space:]]+', ' ', 'g'))`;
const foldText = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The spelling the catalogue already has for a typed brand ("apple", " APPLE " → "Apple") and
 * series, so neither door can add a second one beside it in the public selector. The entry's own
 * category decides first; the most used spelling next. A name seen nowhere is kept as typed.
 */
async function withKnownSpellings(
  tx: Transaction,
  input: RepairItemInput,
): Promise<RepairItemInput> {
  const known = async (column: NameColumn, text: string, within?: SQL) => {
    const [row] = await tx
      .select({ text: sql<string>`${column}` })
      .from(repairItems)
      .where(and(sql`${folded(column)} = ${foldText(text)}`, within))
      .groupBy(column)
      .orderBy(sql`bool_or(${repairItems.category} = ${input.category}) desc`, sql`count(*) desc`)
      .limit(1);
    return row?.text ?? text;
  };
  const brand = await known(repairItems.brand, input.brand);
  const series =
    input.series === null
      ? null
      : await known(repairItems.series, input.series, eq(repairItems.brand, brand));
  const { category, model, repair, price, priceLabel } = input;
  return { category, brand, series, model, repair, price, priceLabel };
}

/**
 * "Apple iPhone 13 · Screen Repair"; models that carry their brand ("Apple Watch Series 9") keep it
 * once.
 */
const describe = ({ brand, model, repair }: Pick<RepairItem, "brand" | "model" | "repair">) =>
  `${brandAndModel(brand, model)} · ${repair}`;

/** The fields a person compares in the audit trail. */
const auditFields = (item: RepairItem) => ({
  category: item.category,
  brand: item.brand,
  series: item.series,
  model: item.model,
  repair: item.repair,
  price: item.price,
  priceLabel: item.priceLabel,
});

/** "Apple iPhone 13 · Screen Repair: $129.00 → $119.00", naming what changed. */
function updateSummary(before: RepairItem, after: RepairItem) {
  const name =
    describe(before) === describe(after)
      ? describe(after)
      : `${describe(before)} → ${describe(after)}`;
  const price =
    priceText(before) === priceText(after)
      ? priceText(after)
      : `${priceText(before)} → ${priceText(after)}`;
  return `${name}: ${price}`;
}

/**
 * Adds an entry after the others of its category, recording who added it. Another entry with
 * the same identity: duplicate.
 */
export async function createRepairItem(
  input: RepairItemInput,
  staffUserId: number,
): Promise<SaveResult> {
  const db = await database();
  return db.transaction(async (tx) => {
    const values = await withKnownSpellings(tx, input);
    const [last] = await tx
      .select({ sortOrder: max(repairItems.sortOrder) })
      .from(repairItems)
      .where(eq(repairItems.category, values.category));
    const [item] = await tx
      .insert(repairItems)
      .values({ ...values, sortOrder: (last?.sortOrder ?? 0) + 1 })
      .onConflictDoNothing({
        target: [
          repairItems.category,
          repairItems.brand,
          repairItems.series,
          repairItems.model,
          repairItems.repair,
        ],
      })
      .returning();
    if (!item) return { outcome: "duplicate" };
    await announceCatalogueChange(tx);
    await recordAudit(tx, staffUserId, {
      action: "price_item.create",
      entity: "repair_item",
      entityId: item.id,
      summary: `${describe(item)}: ${priceText(item)}`,
      details: { after: auditFields(item) },
    });
    return { outcome: "saved", item };
  });
}

/**
 * Replaces an entry, recording who changed what (before and after). With the version the editor
 * read, an entry changed since is left alone (`changed_meanwhile`); without one (the legacy door's
 * old callers), the save applies as it always did.
 */
export async function updateRepairItem(
  id: number,
  input: RepairItemInput,
  staffUserId: number,
  readVersion?: number,
): Promise<SaveResult> {
  const db = await database();
  try {
    return await db.transaction(async (tx) => {
      const before = await deviceRow(repairItems, id, tx);
      if (!before) return { outcome: "not_found" };
      const changed = await changedSince(tx, itemChanges, before, readVersion);
      if (changed) return changed;
      const values = await withKnownSpellings(tx, input);
      const [item] = await tx
        .update(repairItems)
        .set({ ...values, version: sql`${repairItems.version} + 1`, updatedAt: new Date() })
        .where(eq(repairItems.id, id))
        .returning();
      if (!item) return { outcome: "not_found" };
      await announceCatalogueChange(tx);
      await recordAudit(tx, staffUserId, {
        action: "price_item.update",
        entity: "repair_item",
        entityId: id,
        summary: updateSummary(before, item),
        details: beforeAndAfter(auditFields(before), auditFields(item)),
      });
      return { outcome: "saved", item };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "duplicate" };
    throw error;
  }
}

export type DeleteResult =
  { outcome: "deleted" } | { outcome: "not_found" } | ChangedMeanwhileResult;

/**
 * Removes an entry, recorded with what it was. With the version the staff member read, an entry
 * changed since stays (`changed_meanwhile`): they confirmed removing what they saw.
 */
export async function deleteRepairItem(
  id: number,
  staffUserId: number,
  readVersion?: number,
): Promise<DeleteResult> {
  const db = await database();
  return db.transaction(async (tx) => {
    const current = await deviceRow(repairItems, id, tx);
    if (!current) return { outcome: "not_found" };
    const changed = await changedSince(tx, itemChanges, current, readVersion);
    if (changed) return changed;
    await tx.delete(repairItems).where(eq(repairItems.id, id));
    await announceCatalogueChange(tx);
    await recordAudit(tx, staffUserId, {
      action: "price_item.delete",
      entity: "repair_item",
      entityId: id,
      summary: `${describe(current)}: ${priceText(current)}`,
      details: { before: auditFields(current) },
    });
    return { outcome: "deleted" };
  });
}
