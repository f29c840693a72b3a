import { and, asc, eq, sql } from "drizzle-orm";
import { isUniqueViolation } from "~/models/unique-violation.server";
import type { Transaction } from "#db/client";
import { buybackPrices } from "#db/schema";
import type { CategorySlug } from "~/config/shop";
import { beforeAndAfter, recordAudit } from "~/models/audit.server";
import {
  brandAndModel,
  brandsOf,
  deviceFilter,
  deviceRow,
  type DeviceFilter,
} from "~/models/device-price-table.server";
import {
  auditedChanges,
  changedSince,
  type ChangedMeanwhileOutcome,
  type RecordChange,
} from "~/models/record-changes.server";
import type { GridRowInput } from "~/schemas/buyback-grid";
import { database } from "~/server/db.server";
import { formatCents } from "~/utils/invoice-totals";

export type GridRow = typeof buybackPrices.$inferSelect;

const whereOf = (filter: DeviceFilter) =>
  deviceFilter(buybackPrices, [buybackPrices.brand, buybackPrices.model], filter);

const gridOrder = [
  asc(buybackPrices.category),
  asc(sql`lower(${buybackPrices.brand})`),
  asc(sql`lower(${buybackPrices.model})`),
  // "64 GB" before "128 GB" before "1 TB": by size, not by text.
  asc(
    sql`(case when ${buybackPrices.storage} ilike '%TB' then 1024 else 1 end) * coalesce(nullif(regexp_replace(${buybackPrices.storage}, '[^0-9]', '', 'g'), '')::int, 0)`,
  ),
  asc(buybackPrices.id),
];

/** The grid (a few hundred rows), filtered, in the order the editor, the CSV and /sell read it. */
export async function listGrid(filter: DeviceFilter = {}): Promise<GridRow[]> {
  const db = await database();
  return db
    .select()
    .from(buybackPrices)
    .where(whereOf(filter))
    .orderBy(...gridOrder);
}

/** The brands to filter by, within a category when one is chosen. */
export const gridBrands = (category?: CategorySlug) => brandsOf(buybackPrices, category);

export const getGridRow = (id: number) => deviceRow(buybackPrices, id);

/** The grid row for a device as /sell names it (any case), or undefined. */
export async function findGridRow(device: {
  category: CategorySlug;
  brand: string;
  model: string;
  storage: string;
}): Promise<GridRow | undefined> {
  const db = await database();
  const [row] = await db
    .select()
    .from(buybackPrices)
    .where(
      and(
        eq(buybackPrices.category, device.category),
        sql`lower(${buybackPrices.brand}) = lower(${device.brand})`,
        sql`lower(${buybackPrices.model}) = lower(${device.model})`,
        sql`lower(${buybackPrices.storage}) = lower(${device.storage})`,
      ),
    );
  return row;
}

/** "Apple iPhone 15 128 GB"; a model that carries its brand ("Apple Watch SE 3") keeps it once. */
export const deviceName = ({
  brand,
  model,
  storage,
}: Pick<GridRow, "brand" | "model" | "storage">) =>
  [brandAndModel(brand, model), storage].filter(Boolean).join(" ");

/** The fields a person compares in the audit trail. */
const auditFields = (row: GridRow) => ({
  category: row.category,
  brand: row.brand,
  model: row.model,
  storage: row.storage,
  excellentCents: row.excellentCents,
  goodCents: row.goodCents,
  fairCents: row.fairCents,
  brokenCents: row.brokenCents,
  batteryDeductionCents: row.batteryDeductionCents,
  partsDeductionCents: row.partsDeductionCents,
  carrierLockDeductionCents: row.carrierLockDeductionCents,
});

const pricesText = (row: GridRow) =>
  [row.excellentCents, row.goodCents, row.fairCents, row.brokenCents].map(formatCents).join(" / ");

const rowChanges = (id: number) => ({
  entity: "buyback_price",
  entityId: id,
  actions: ["buyback_price.update", "buyback_price.import"],
});

type ChangedMeanwhileResult = ChangedMeanwhileOutcome<GridRow>;

/** A row deleted before the change was made: nothing was stored; `changes` says who deleted it. */
type GoneResult = { outcome: "gone"; changes: RecordChange[] };

export type GridSaveResult =
  | { outcome: "saved"; row: GridRow }
  | { outcome: "duplicate" }
  | { outcome: "not_found" }
  | GoneResult
  | ChangedMeanwhileResult;

/** A row that is not there: `gone` when its deletion is on record, else `not_found`. */
async function missingRow(
  tx: Transaction,
  id: number,
): Promise<GoneResult | { outcome: "not_found" }> {
  const deleted = await auditedChanges(
    tx,
    { entity: "buyback_price", entityId: id, actions: ["buyback_price.delete"] },
    1,
  );
  return deleted.length ? { outcome: "gone", changes: deleted } : { outcome: "not_found" };
}

/** Adds a grid row; the same device and storage already there (any case): duplicate. */
export async function createGridRow(input: GridRowInput, staffId: number): Promise<GridSaveResult> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buybackPrices)
      .values({ ...input, updatedBy: staffId })
      .onConflictDoNothing()
      .returning();
    if (!row) return { outcome: "duplicate" };
    await recordAudit(tx, staffId, {
      action: "buyback_price.create",
      entity: "buyback_price",
      entityId: row.id,
      summary: `Buyback grid: ${deviceName(row)} added at ${pricesText(row)}`,
      details: { after: auditFields(row) },
    });
    return { outcome: "saved", row };
  });
}

/**
 * Replaces a grid row, recording before and after. A row changed since `readVersion` (the
 * version the editor read) is left alone: `changed_meanwhile`, with what changed.
 */
export async function updateGridRow(
  id: number,
  input: GridRowInput,
  staffId: number,
  readVersion: number | undefined,
): Promise<GridSaveResult> {
  const db = await database();
  try {
    return await db.transaction(async (tx) => {
      const before = await deviceRow(buybackPrices, id, tx);
      if (!before) return missingRow(tx, id);
      const changed = await changedSince(tx, rowChanges, before, readVersion);
      if (changed) return changed;
      const [row] = await tx
        .update(buybackPrices)
        .set({
          ...input,
          updatedBy: staffId,
          version: sql`${buybackPrices.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(buybackPrices.id, id))
        .returning();
      await recordAudit(tx, staffId, {
        action: "buyback_price.update",
        entity: "buyback_price",
        entityId: id,
        summary: `Buyback grid: ${deviceName(row!)} ${pricesText(before)} → ${pricesText(row!)}`,
        details: beforeAndAfter(auditFields(before), auditFields(row!)),
      });
      return { outcome: "saved", row: row! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "duplicate" };
    throw error;
  }
}

export type GridDeleteResult =
  { outcome: "deleted" } | { outcome: "not_found" } | GoneResult | ChangedMeanwhileResult;

/** Removes a grid row as the staff member saw it (`readVersion`); offers made from it keep theirs. */
export async function deleteGridRow(
  id: number,
  staffId: number,
  readVersion: number | undefined,
): Promise<GridDeleteResult> {
  const db = await database();
  return db.transaction(async (tx) => {
    const current = await deviceRow(buybackPrices, id, tx);
    if (!current) return missingRow(tx, id);
    const changed = await changedSince(tx, rowChanges, current, readVersion);
    if (changed) return changed;
    await tx.delete(buybackPrices).where(eq(buybackPrices.id, id));
    await recordAudit(tx, staffId, {
      action: "buyback_price.delete",
      entity: "buyback_price",
      entityId: id,
      summary: `Buyback grid: ${deviceName(current)} removed (was ${pricesText(current)})`,
      details: { before: auditFields(current) },
    });
    return { outcome: "deleted" };
  });
}

const deviceKey = (row: Pick<GridRow, "category" | "brand" | "model" | "storage">) =>
  [row.category, row.brand, row.model, row.storage].map((part) => part.toLowerCase()).join("\n");

const sameAmounts = (row: GridRow, input: GridRowInput) =>
  (Object.keys(input) as (keyof GridRowInput)[]).every((key) => row[key] === input[key]);

/**
 * An imported CSV (already checked whole, `parseGridCsv`): each row updates the grid's row for
 * the same device and storage (any case) or is added. All in one transaction, with one audit
 * entry per row changed and one for the import: it all lands or none of it does. Rows the file
 * leaves out stay as they are.
 */
export async function importGrid(rows: GridRowInput[], staffId: number) {
  const db = await database();
  return db.transaction(async (tx) => {
    // Lock the grid for the import: an editor's save waits, then finds the new version.
    await tx.execute(sql`lock table ${buybackPrices} in share row exclusive mode`);
    const existing = new Map(
      (await tx.select().from(buybackPrices)).map((row) => [deviceKey(row), row]),
    );
    let added = 0;
    let updated = 0;
    for (const input of rows) {
      const before = existing.get(deviceKey(input));
      if (before && sameAmounts(before, input)) continue;
      if (before) {
        const [row] = await tx
          .update(buybackPrices)
          .set({
            ...input,
            updatedBy: staffId,
            version: sql`${buybackPrices.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(buybackPrices.id, before.id))
          .returning();
        await recordAudit(tx, staffId, {
          action: "buyback_price.import",
          entity: "buyback_price",
          entityId: before.id,
          summary: `Buyback grid (CSV): ${deviceName(row!)} ${pricesText(before)} → ${pricesText(row!)}`,
          details: beforeAndAfter(auditFields(before), auditFields(row!)),
        });
        updated++;
      } else {
        const [row] = await tx
          .insert(buybackPrices)
          .values({ ...input, updatedBy: staffId })
          .returning();
        await recordAudit(tx, staffId, {
          action: "buyback_price.create",
          entity: "buyback_price",
          entityId: row!.id,
          summary: `Buyback grid (CSV): ${deviceName(row!)} added at ${pricesText(row!)}`,
          details: { after: auditFields(row!) },
        });
        added++;
      }
    }
    await recordAudit(tx, staffId, {
      action: "buyback_price.import_file",
      entity: "buyback_price",
      summary: `Buyback grid CSV imported: ${rows.length} rows, ${added} added, ${updated} changed`,
    });
    return { added, updated, unchanged: rows.length - added - updated };
  });
}

/** The choices /sell offers at each step, from the grid: only what the shop prices. */
export async function sellChoices(step: {
  category?: CategorySlug;
  brand?: string;
  model?: string;
}): Promise<{
  categories: CategorySlug[];
  brands: string[];
  models: string[];
  storages: string[];
}> {
  const all = await listGrid();
  const rows = all.filter((row) => row.category === step.category);
  const unique = <T>(values: T[]) => [...new Set(values)];
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const inBrand = rows.filter((row) => step.brand && same(row.brand, step.brand));
  const inModel = inBrand.filter((row) => step.model && same(row.model, step.model));
  return {
    categories: unique(all.map((row) => row.category)),
    brands: unique(rows.map((row) => row.brand)),
    models: unique(inBrand.map((row) => row.model)),
    storages: unique(inModel.map((row) => row.storage)),
  };
}
