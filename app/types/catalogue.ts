import type { CategorySlug } from "~/config/shop";
import type { Selection } from "~/utils/catalogue-selection";

/** A number in CAD ("129.99"), or null with the label shown instead ("Call For Price"). */
export type RepairPrice = { repair: string; price: string | null; priceLabel: string | null };

type BrandOption = { name: string; hasSeries: boolean };

/**
 * The options for each level of a selection and the part of the requested selection that exists.
 */
export type CataloguePicker = {
  brands: BrandOption[];
  /** The chosen brand's series; empty when it lists its models directly. */
  series: string[];
  /** Empty until the brand, and the series where it has them, are chosen. */
  models: string[];
  /** The chosen model's repairs, in the order customers read them. */
  repairs: RepairPrice[];
  selection: Selection;
};

/** One table of the price list: a brand, or one series of it, with a column per repair. */
export type PriceTable = {
  brand: string;
  series: string | null;
  repairs: string[];
  rows: { model: string; prices: Record<string, Omit<RepairPrice, "repair">> }[];
};

/** A repair picked in the selector or a price list, as the catalogue prices it now. */
export type RepairChoice = RepairPrice & {
  category: CategorySlug;
  brand: string;
  series: string | null;
  model: string;
};

/**
 * The walk-in form's pick from the price list: the typed brand's models (suggestions for the model
 * field) and, when the model is one of them, its repairs with their ids.
 */
export type IntakePriceChoices = {
  models: string[];
  choices: (RepairPrice & { id: number })[];
};
