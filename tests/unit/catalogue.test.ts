import { describe, expect, it } from "vitest";
import { categorySlugs } from "~/config/shop";
import { catalogueRows } from "../../seeds/seed";

const rows = catalogueRows();
const priced = rows.filter((r) => r.price !== null);

describe("price catalogue", () => {
  it("covers all five categories with at least 400 priced rows", () => {
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(categorySlugs));
    expect(priced.length).toBeGreaterThanOrEqual(400);
  });

  it("has no duplicate rows", () => {
    const keys = rows.map((r) =>
      [r.category, r.brand, r.series ?? "", r.model, r.repair].join("|").toLowerCase(),
    );
    expect(keys.length - new Set(keys).size).toBe(0);
  });

  it("prices every row in CAD between 39.99 and 759.99, or labels it Call For Price", () => {
    for (const row of rows) {
      if (row.price === null) {
        expect(row.priceLabel).toBe("Call For Price");
      } else {
        expect(row.price).toMatch(/^\d+\.\d{2}$/);
        expect(Number(row.price)).toBeGreaterThanOrEqual(39.99);
        expect(Number(row.price)).toBeLessThanOrEqual(759.99);
        expect(row.priceLabel).toBeNull();
      }
    }
    const endingIn99 = priced.filter((r) => r.price!.endsWith(".99")).length;
    expect(endingIn99 / priced.length).toBeGreaterThan(0.8);
  });

  it("writes names cleanly: trimmed, single-spaced, one spelling per repair", () => {
    for (const row of rows) {
      for (const name of [row.brand, row.series, row.model, row.repair]) {
        if (name === null || name === undefined) continue;
        expect(name).toBe(name.trim());
        expect(name).not.toMatch(/\s{2}/);
      }
    }
    const repairs = new Set(rows.map((r) => r.repair));
    const folded = new Set([...repairs].map((r) => r.toLowerCase()));
    expect(folded.size).toBe(repairs.size);
    expect(repairs).toContain("For any other repair");
  });

  it("numbers the rows in reading order within each category", () => {
    for (const slug of categorySlugs) {
      const order = rows.filter((r) => r.category === slug).map((r) => r.sortOrder);
      expect(order).toEqual(order.map((_, i) => i + 1));
    }
  });

  it("has the models a shop is asked about most", () => {
    const models = new Set(rows.map((r) => r.model));
    for (const model of [
      "iPhone 8",
      "iPhone 16 Pro Max",
      "PlayStation 5",
      "Switch OLED",
      "iPad Air 11-inch (M2)",
      "Galaxy Tab S9",
    ]) {
      expect(
        [...models].some((m) => m.startsWith(model) || m === model),
        model,
      ).toBe(true);
    }
    const samsungSeries = new Set(
      rows.filter((r) => r.category === "mobile" && r.brand === "Samsung").map((r) => r.series),
    );
    expect(samsungSeries).toEqual(new Set(["Galaxy S", "Galaxy Note", "Galaxy A", "Galaxy Z"]));
  });
});
