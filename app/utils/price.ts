const cad = new Intl.NumberFormat("en-CA", {
  style: "currency",
  currency: "CAD",
  currencyDisplay: "narrowSymbol",
});

/** What the price list shows instead of a number when the shop quotes each case. */
export const callForPriceLabel = "Call For Price";

/**
 * Said next to every list of prices: the catalogue's prices are in dollars and HST is added at the
 * till.
 */
export const taxNote = "Prices in CAD, before HST (13%).";

/** "129.9" (a stored numeric) → "$129.90". */
export const formatCad = (amount: string | number): string => cad.format(Number(amount));

/** "$129.99", or the label a repair has instead of a number ("Call For Price"). */
export function priceText({
  price,
  priceLabel,
}: {
  price: string | null;
  priceLabel: string | null;
}): string {
  return price === null ? (priceLabel ?? callForPriceLabel) : formatCad(price);
}
