import type { RepairPrice } from "~/models/catalogue.server";

const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", currencyDisplay: "narrowSymbol" });

/** "$129.99", or the label a repair has instead of a number ("Call For Price"). */
export function priceText({ price, priceLabel }: Pick<RepairPrice, "price" | "priceLabel">): string {
  return price === null ? (priceLabel ?? "Call For Price") : cad.format(Number(price));
}
