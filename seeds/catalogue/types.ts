import type { CategorySlug } from "~/config/shop";

/** A price in CAD written with two decimals ("129.99"), or the label shown instead of a number. */
export type Price = `${number}.${number}` | "Call For Price";

/** Repair name → price. Insertion order is the order shown to customers. */
type RepairPrices = Record<string, Price>;

export type CatalogueModel = { name: string; repairs: RepairPrices };

type CatalogueSeries = { name: string; models: CatalogueModel[] };

/** A brand lists its models either directly or grouped in series, never both. */
type CatalogueBrand =
  | { name: string; models: CatalogueModel[]; series?: never }
  | { name: string; series: CatalogueSeries[]; models?: never };

export type CategoryCatalogue = { category: CategorySlug; brands: CatalogueBrand[] };
