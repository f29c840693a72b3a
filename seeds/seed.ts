import { count } from "drizzle-orm";
import type { Database } from "#db/client";
import { repairItems } from "#db/schema";
import { catalogue } from "./catalogue";
import type { CategoryCatalogue } from "./catalogue/types";
import { announceCatalogueChange } from "../app/server/page-cache-events.server";

export type RepairItemSeed = typeof repairItems.$inferInsert;

/** The nested catalogue as table rows, in the order a customer reads it. */
export function catalogueRows(source: CategoryCatalogue[] = catalogue): RepairItemSeed[] {
  return source.flatMap(({ category, brands }) => {
    let sortOrder = 0;
    return brands.flatMap((brand) => {
      const groups = brand.series
        ? brand.series.map((s) => ({ series: s.name as string | null, models: s.models }))
        : [{ series: null, models: brand.models }];
      return groups.flatMap(({ series, models }) =>
        models.flatMap((model) =>
          Object.entries(model.repairs).map(([repair, price]) => {
            sortOrder += 1;
            const numeric = price !== "Call For Price";
            return {
              category,
              brand: brand.name,
              series,
              model: model.name,
              repair,
              price: numeric ? price : null,
              priceLabel: numeric ? null : price,
              sortOrder,
            };
          }),
        ),
      );
    });
  });
}

/**
 * Inserts every catalogue row that is missing and leaves existing rows (and staff edits to them)
 * alone, so running it again changes nothing. Returns how many rows it added.
 */
export async function seedCatalogue(db: Database): Promise<number> {
  const rows = catalogueRows();
  return db.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await tx
        .insert(repairItems)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing({
          target: [
            repairItems.category,
            repairItems.brand,
            repairItems.series,
            repairItems.model,
            repairItems.repair,
          ],
        })
        .returning({ id: repairItems.id });
      added += inserted.length;
    }
    if (added) await announceCatalogueChange(tx);
    return added;
  });
}

/** At start: a catalogue that staff emptied on purpose is not refilled, only a new database. */
export async function seedCatalogueIfEmpty(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(repairItems);
  return row && row.n > 0 ? 0 : seedCatalogue(db);
}
