import type { DeviceCategory } from "~/config/shop";

type Known = { brand?: string; model?: string; issue?: string; price?: string; category?: DeviceCategory };

/** "my Samsung Galaxy A13", "my Galaxy A13", "my Samsung", or what kind of device it is. */
function deviceName({ brand, model, category }: Known) {
  if (brand && model) return model.toLowerCase().startsWith(`${brand.toLowerCase()} `) ? model : `${brand} ${model}`;
  if (brand || model) return (brand ?? model)!;
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
  const repair = issue ? `I want to repair my ${deviceName(known)} for ${issue}.` : `I want to repair my ${deviceName(known)}.`;
  if (price && price.toUpperCase() !== "N/A") return `${repair} I want to confirm the price, which is ${price}.`;
  return issue ? `${repair} I want to confirm the price.` : repair;
}
