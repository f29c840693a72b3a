import { describe, expect, it } from "vitest";
import { priceTables, type PriceRow } from "~/utils/price-tables";

const row = (brand: string, series: string | null, model: string, repair: string): PriceRow => ({
  brand,
  series,
  model,
  repair,
  price: "99.99",
  priceLabel: null,
});

describe("price tables", () => {
  // As the catalogue keeps them: oldest model first, repairs in their order under each model.
  const rows = [
    row("Apple", null, "iPhone 12", "Screen"),
    row("Apple", null, "iPhone 12", "Battery"),
    row("Apple", null, "iPhone 13", "Screen"),
    row("Apple", null, "iPhone 13", "Battery"),
    row("Apple", null, "iPhone 17", "Screen"),
    row("Samsung", "Galaxy S", "Galaxy S23", "Screen"),
    row("Samsung", "Galaxy S", "Galaxy S25", "Screen"),
    row("Samsung", "Galaxy S", "Galaxy S25", "Back Glass"),
    row("Samsung", "Galaxy A", "Galaxy A15", "Screen"),
  ];

  it("lists each table's newest model first", () => {
    const tables = priceTables(rows);
    expect(tables.map((t) => t.rows.map((r) => r.model))).toEqual([
      ["iPhone 17", "iPhone 13", "iPhone 12"],
      ["Galaxy S25", "Galaxy S23"],
      ["Galaxy A15"],
    ]);
  });

  it("keeps brands, series and repairs in catalogue order", () => {
    const tables = priceTables(rows);
    expect(tables.map((t) => [t.brand, t.series])).toEqual([
      ["Apple", null],
      ["Samsung", "Galaxy S"],
      ["Samsung", "Galaxy A"],
    ]);
    expect(tables[0]!.repairs).toEqual(["Screen", "Battery"]);
    expect(tables[1]!.repairs).toEqual(["Screen", "Back Glass"]);
    expect(tables[1]!.rows[0]!.prices).toEqual({
      Screen: { price: "99.99", priceLabel: null },
      "Back Glass": { price: "99.99", priceLabel: null },
    });
  });

  it("is empty for no rows", () => {
    expect(priceTables([])).toEqual([]);
  });
});
