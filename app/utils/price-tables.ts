import type { PriceTable, RepairPrice } from "~/types/catalogue";

/** A price list's row as the catalogue keeps it, read in catalogue order. */
export type PriceRow = RepairPrice & { brand: string; series: string | null; model: string };

/**
 * A category's prices as tables per brand and series, in catalogue order, each with a column per
 * repair in catalogue order and a row per model, newest first. The catalogue lists a brand's models
 * as they came out (and staff add new ones after the others), so the newest is the one listed last:
 * a visitor looks for their phone at the top, and most bring recent ones.
 */
export function priceTables(rows: readonly PriceRow[]): PriceTable[] {
  const tables = new Map<string, PriceTable>();
  for (const { brand, series, model, repair, ...price } of rows) {
    const key = JSON.stringify([brand, series]);
    let table = tables.get(key);
    if (!table) {
      table = { brand, series, repairs: [], rows: [] };
      tables.set(key, table);
    }
    if (!table.repairs.includes(repair)) table.repairs.push(repair);
    let row = table.rows.find((r) => r.model === model);
    if (!row) {
      row = { model, prices: {} };
      table.rows.push(row);
    }
    row.prices[repair] = price;
  }
  return [...tables.values()].map((table) => ({ ...table, rows: table.rows.toReversed() }));
}
