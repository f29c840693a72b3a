/** What the price list shows instead of a number when the shop quotes each case. */
export const callForPriceLabel = "Call For Price";
