/** What the price list shows instead of a number when the shop quotes each case. */
export const callForPriceLabel = "Call For Price";

/** Said next to every list of prices: the catalogue's prices are in dollars and HST is added at the till. */
export const taxNote = "Prices in CAD, before HST (13%).";
