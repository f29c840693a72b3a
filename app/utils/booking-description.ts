import type { DeviceCategory } from "~/config/shop";
import { endSentence } from "~/utils/sentence";

type Known = {
  brand?: string;
  model?: string;
  issue?: string;
  price?: string;
  category?: DeviceCategory;
};

/**
 * "Apple iPhone 13", but "Apple Watch Series 9" where the model's name already starts with its
 * brand (as the price list names it): every page, ticket, e-mail and text names a device so.
 */
export function deviceName(
  brand: string | null | undefined,
  model: string | null | undefined,
): string {
  if (brand && model?.toLowerCase().startsWith(`${brand.toLowerCase()} `)) return model;
  return [brand, model].filter(Boolean).join(" ");
}

/** "Samsung Galaxy A13", "Samsung", or what kind of device it is. */
function describedDevice({ brand, model, category }: Known) {
  const named = deviceName(brand, model);
  if (named) return named;
  if (category) return category.slug === "mobile" ? "phone" : category.shortName.toLowerCase();
  return "device";
}

/**
 * The booking description a prefilled link starts with. With a device and a repair it is the
 * legacy sentence, word for word; with less it says only what is known, so a link from the
 * Finder (a phone, no repair yet) never reads "for .".
 */
export function prefilledDescription(known: Known): string {
  const { issue, price } = known;
  // A repair's or price's name is the catalogue's, as staff typed it: it may end in a full stop.
  const repair = endSentence(
    issue
      ? `I want to repair my ${describedDevice(known)} for ${issue}`
      : `I want to repair my ${describedDevice(known)}`,
  );
  if (price && price.toUpperCase() !== "N/A")
    return endSentence(`${repair} I want to confirm the price, which is ${price}`);
  return issue ? `${repair} I want to confirm the price.` : repair;
}
