import { and, asc, desc, eq, isNotNull, isNull, min, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client";
import { repairItems } from "#db/schema";
import type { Selection } from "~/utils/catalogue-selection";
import type {
  CataloguePicker,
  IntakePriceChoices,
  PriceTable,
  RepairChoice,
} from "~/types/catalogue";
import type { CategorySlug } from "~/config/shop";
import { database } from "~/server/db.server";
import { hasNoControlCharacters } from "~/schemas/fields";
import { priceTables } from "~/utils/price-tables";
import { containsPattern, searchWords } from "~/utils/search";

export type CategoryOverview = { brands: string[]; repairs: string[]; lowestPrice: string | null };

/** Pages call these inside `unavailableFor`, which turns a failed read into a friendly 503. */
async function readCatalogue<T>(query: (db: Database) => Promise<T>): Promise<T> {
  return query(await database());
}

const firstShown = min(repairItems.sortOrder);
const seriesIs = (series: string | undefined): SQL =>
  series ? eq(repairItems.series, series) : isNull(repairItems.series);

/**
 * Resolves a requested selection level by level against the category's catalogue and returns the
 * options to choose from next. A name that does not exist ends the selection there; `depth` says
 * how far the caller's page goes ("model" for the finder, "repair" for the selector).
 */
export function loadPicker(
  category: CategorySlug,
  requested: Selection,
  depth: "model" | "repair",
): Promise<CataloguePicker> {
  return readCatalogue(async (db) => {
    const inCategory = eq(repairItems.category, category);
    const picker: CataloguePicker = {
      brands: [],
      series: [],
      models: [],
      repairs: [],
      selection: {},
    };

    picker.brands = await db
      .select({
        name: repairItems.brand,
        hasSeries: sql<boolean>`bool_or(${repairItems.series} is not null)`,
      })
      .from(repairItems)
      .where(inCategory)
      .groupBy(repairItems.brand)
      .orderBy(asc(firstShown));
    const brand = picker.brands.find((b) => b.name === requested.brand);
    if (!brand) return picker;
    picker.selection.brand = brand.name;
    const inBrand = and(inCategory, eq(repairItems.brand, brand.name));

    let series: string | undefined;
    if (brand.hasSeries) {
      const rows = await db
        .select({ name: repairItems.series })
        .from(repairItems)
        .where(and(inBrand, isNotNull(repairItems.series)))
        .groupBy(repairItems.series)
        .orderBy(asc(firstShown));
      picker.series = rows.flatMap((row) => (row.name ? [row.name] : []));
      series = picker.series.find((name) => name === requested.series);
      if (!series) return picker;
      picker.selection.series = series;
    }

    const models = await db
      .select({ name: repairItems.model })
      .from(repairItems)
      .where(and(inBrand, seriesIs(series)))
      .groupBy(repairItems.model)
      // Newest first, as on the price lists (app/utils/price-tables.ts).
      .orderBy(desc(firstShown));
    picker.models = models.map((row) => row.name);
    const model = picker.models.find((name) => name === requested.model);
    if (!model) return picker;
    picker.selection.model = model;
    if (depth === "model") return picker;

    picker.repairs = await db
      .select({
        repair: repairItems.repair,
        price: repairItems.price,
        priceLabel: repairItems.priceLabel,
      })
      .from(repairItems)
      .where(and(inBrand, seriesIs(series), eq(repairItems.model, model)))
      .orderBy(asc(repairItems.sortOrder), asc(repairItems.id));
    const repair = picker.repairs.find((row) => row.repair === requested.repair);
    if (repair) picker.selection.repair = repair.repair;
    return picker;
  });
}

/**
 * The repair a link from the selector or a price list names (category, brand, model and repair,
 * as `bookingHref` writes them), priced as the catalogue prices it now; undefined for names it does
 * not hold, so a link typed or kept from before a change shows no price that is not the shop's.
 */
export function chosenRepair(choice: {
  category?: CategorySlug;
  brand?: string;
  model?: string;
  repair?: string;
}): Promise<RepairChoice | undefined> {
  const { category, brand, model, repair } = choice;
  if (!category || !brand || !model || !repair) return Promise.resolve(undefined);
  if (![brand, model, repair].every(hasNoControlCharacters)) return Promise.resolve(undefined);
  return readCatalogue(async (db) => {
    const [row] = await db
      .select({
        category: repairItems.category,
        brand: repairItems.brand,
        series: repairItems.series,
        model: repairItems.model,
        repair: repairItems.repair,
        price: repairItems.price,
        priceLabel: repairItems.priceLabel,
      })
      .from(repairItems)
      .where(
        and(
          eq(repairItems.category, category),
          eq(repairItems.brand, brand),
          eq(repairItems.model, model),
          eq(repairItems.repair, repair),
        ),
      )
      .orderBy(asc(repairItems.sortOrder), asc(repairItems.id))
      .limit(1);
    return row;
  });
}

/**
 * The category's prices as tables per brand and series, models newest first (`priceTables`).
 * `search` keeps the models whose brand, series and name hold every word of it, read as staff
 * search reads text (app/utils/search-fold.ts): in any case, without accents, and without spaces
 * or punctuation, so "iphone13" finds the iPhone 13 and "pixel8" the Pixel 8.
 */
export function loadPriceList(category: CategorySlug, search = ""): Promise<PriceTable[]> {
  return readCatalogue(async (db) => {
    const name = sql`public.search_key(concat_ws(' ', ${repairItems.brand}, ${repairItems.series}, ${repairItems.model}))`;
    const words = searchWords(search).slice(0, 8);
    // Punctuation alone ("%") names no model.
    if (search.trim() && !words.length) return [];
    const rows = await db
      .select({
        brand: repairItems.brand,
        series: repairItems.series,
        model: repairItems.model,
        repair: repairItems.repair,
        price: repairItems.price,
        priceLabel: repairItems.priceLabel,
      })
      .from(repairItems)
      .where(
        and(
          eq(repairItems.category, category),
          ...words.map((word) => sql`${name} like ${containsPattern(word)}`),
        ),
      )
      .orderBy(asc(repairItems.sortOrder), asc(repairItems.id));
    return priceTables(rows);
  });
}

/**
 * Per category: its brands and the repairs with a listed price (open-ended "call us" entries
 * left out), both in catalogue order, and the lowest listed price.
 */
export function loadCategoryOverview(): Promise<Partial<Record<CategorySlug, CategoryOverview>>> {
  return readCatalogue(async (db) => {
    const [brands, repairs] = await Promise.all([
      db
        .select({ category: repairItems.category, brand: repairItems.brand })
        .from(repairItems)
        .groupBy(repairItems.category, repairItems.brand)
        .orderBy(asc(repairItems.category), asc(firstShown)),
      db
        .select({
          category: repairItems.category,
          repair: repairItems.repair,
          lowest: min(repairItems.price),
        })
        .from(repairItems)
        .groupBy(repairItems.category, repairItems.repair)
        .having(isNotNull(min(repairItems.price)))
        .orderBy(asc(repairItems.category), asc(firstShown)),
    ]);
    const overview: Partial<Record<CategorySlug, CategoryOverview>> = {};
    const entry = (slug: CategorySlug) =>
      (overview[slug] ??= { brands: [], repairs: [], lowestPrice: null });
    for (const row of brands) entry(row.category).brands.push(row.brand);
    for (const row of repairs) {
      const item = entry(row.category);
      item.repairs.push(row.repair);
      if (
        row.lowest !== null &&
        (item.lowestPrice === null || Number(row.lowest) < Number(item.lowestPrice))
      )
        item.lowestPrice = row.lowest;
    }
    return overview;
  });
}

/** Names as staff type them at the counter: any case, any run of spaces. */
const loose = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * For the walk-in form: the brand's models and the repairs of the model typed, matched in any
 * case and spacing (the form takes free text), in catalogue order. Nothing until the category and
 * a brand of it are given.
 */
export function intakePriceChoices(
  category: CategorySlug,
  brand: string,
  model: string,
): Promise<IntakePriceChoices> {
  // No stored brand holds a control character (and Postgres refuses a NUL): none is looked up.
  if (!hasNoControlCharacters(brand)) return Promise.resolve({ models: [], choices: [] });
  return readCatalogue(async (db) => {
    const inBrand = and(
      eq(repairItems.category, category),
      sql`lower(${repairItems.brand}) = ${loose(brand)}`,
    );
    const models = await db
      .select({ name: repairItems.model })
      .from(repairItems)
      .where(inBrand)
      .groupBy(repairItems.model)
      .orderBy(asc(firstShown));
    const match = models.find((row) => loose(row.name) === loose(model));
    const choices = match
      ? await db
          .select({
            id: repairItems.id,
            repair: repairItems.repair,
            price: repairItems.price,
            priceLabel: repairItems.priceLabel,
          })
          .from(repairItems)
          .where(and(inBrand, eq(repairItems.model, match.name)))
          .orderBy(asc(repairItems.sortOrder), asc(repairItems.id))
      : [];
    return { models: models.map((row) => row.name), choices };
  });
}
