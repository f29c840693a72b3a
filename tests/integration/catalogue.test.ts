import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repairItems } from "../../db/schema";
import { catalogueRows, seedCatalogue } from "../../seeds/seed";
import { loadCategoryOverview, loadPicker, loadPriceList } from "~/models/catalogue.server";
import { categorySlugs } from "~/config/shop";
import { loader as priceListLoader } from "~/routes/price-list.$category";
import { loader as selectorLoader } from "~/routes/services.$category";
import { loader as servicesLoader } from "~/routes/services._index";
import { testContext, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
  await seedCatalogue(handle.db);
});
afterAll(() => handle.drop());

const rows = catalogueRows();
const unique = <T>(values: T[]) => [...new Set(values)];

describe(`catalogue on ${testDriver}`, () => {
  describe("loadPicker", () => {
    it("lists the category's brands in catalogue order and nothing below them until one is chosen", async () => {
      const picker = await loadPicker("mobile", {}, "repair");
      expect(picker.brands).toEqual([
        { name: "Apple", hasSeries: false },
        { name: "Samsung", hasSeries: true },
        { name: "Google", hasSeries: false },
      ]);
      expect(picker).toMatchObject({ series: [], models: [], repairs: [], selection: {} });
    });

    it("lists a brand's models directly when it has no series", async () => {
      const picker = await loadPicker("mobile", { brand: "Apple" }, "repair");
      const expected = unique(
        rows.filter((r) => r.category === "mobile" && r.brand === "Apple").map((r) => r.model),
      );
      expect(picker.series).toEqual([]);
      // Newest first: the catalogue lists them as they came out.
      expect(picker.models).toEqual(expected.toReversed());
      expect(picker.models[0]).toBe("iPhone 17 Pro Max");
      expect(picker.models.at(-1)).toBe("iPhone 8");
      expect(picker.selection).toEqual({ brand: "Apple" });
      expect(picker.repairs).toEqual([]);
    });

    it("asks for the series first when the brand has them", async () => {
      const picker = await loadPicker("mobile", { brand: "Samsung" }, "repair");
      expect(picker.series).toEqual(["Galaxy S", "Galaxy Note", "Galaxy A", "Galaxy Z"]);
      expect(picker.models).toEqual([]);
      expect(picker.selection).toEqual({ brand: "Samsung" });

      const inSeries = await loadPicker(
        "mobile",
        { brand: "Samsung", series: "Galaxy Z" },
        "repair",
      );
      expect(inSeries.models.length).toBeGreaterThan(0);
      expect(inSeries.models.every((m) => m.startsWith("Galaxy Z"))).toBe(true);
      expect(inSeries.selection).toEqual({ brand: "Samsung", series: "Galaxy Z" });
    });

    it("lists the model's repairs with prices or labels, and keeps a chosen repair", async () => {
      const selection = {
        brand: "Samsung",
        series: "Galaxy S",
        model: "Galaxy S23",
        repair: "Battery Replacement",
      };
      const picker = await loadPicker("mobile", selection, "repair");
      expect(picker.selection).toEqual(selection);
      expect(picker.repairs.map((r) => r.repair)).toEqual([
        "Screen Repair (Glass and LCD)",
        "Battery Replacement",
        "Back Glass Repair",
        "Charging Port Repair",
        "Camera Repair",
        "For any other repair",
      ]);
      expect(picker.repairs[1]).toEqual({
        repair: "Battery Replacement",
        price: "94.99",
        priceLabel: null,
      });
      expect(picker.repairs[5]).toEqual({
        repair: "For any other repair",
        price: null,
        priceLabel: "Call For Price",
      });
    });

    it("ends the selection at the first name that does not exist", async () => {
      expect(
        (await loadPicker("mobile", { brand: "Nokia", model: "3310" }, "repair")).selection,
      ).toEqual({});
      const unknownModel = await loadPicker(
        "mobile",
        { brand: "Samsung", series: "Galaxy S", model: "iPhone 8", repair: "Battery Replacement" },
        "repair",
      );
      expect(unknownModel.selection).toEqual({ brand: "Samsung", series: "Galaxy S" });
      expect(unknownModel.models).toContain("Galaxy S23");
      expect(unknownModel.repairs).toEqual([]);
      const unknownRepair = await loadPicker(
        "mobile",
        { brand: "Apple", model: "iPhone 8", repair: "Teleportation" },
        "repair",
      );
      expect(unknownRepair.selection).toEqual({ brand: "Apple", model: "iPhone 8" });
      expect(unknownRepair.repairs.length).toBeGreaterThan(0);
      // A series where the brand has none is ignored; a series it lacks ends the selection.
      expect(
        (
          await loadPicker(
            "mobile",
            { brand: "Apple", series: "Galaxy S", model: "iPhone 8" },
            "repair",
          )
        ).selection,
      ).toEqual({ brand: "Apple", model: "iPhone 8" });
      expect(
        (
          await loadPicker(
            "mobile",
            { brand: "Samsung", series: "Pixel", model: "Galaxy S23" },
            "repair",
          )
        ).selection,
      ).toEqual({ brand: "Samsung" });
    });

    it("matches names exactly, so another category's brand or model is not found", async () => {
      expect((await loadPicker("mobile", { brand: "apple" }, "repair")).selection).toEqual({});
      const tablet = await loadPicker("tablet", { brand: "Apple", model: "iPhone 8" }, "repair");
      expect(tablet.selection).toEqual({ brand: "Apple" });
      expect(tablet.models.some((m) => m.startsWith("iPad"))).toBe(true);
      expect(tablet.models.some((m) => m.startsWith("iPhone"))).toBe(false);
    });

    it("stops at the model for the finder", async () => {
      const picker = await loadPicker(
        "mobile",
        { brand: "Google", model: "Pixel 8", repair: "Battery Replacement" },
        "model",
      );
      expect(picker.selection).toEqual({ brand: "Google", model: "Pixel 8" });
      expect(picker.repairs).toEqual([]);
    });

    it("shows a price staff changed at once", async () => {
      const where = and(
        eq(repairItems.category, "mobile"),
        eq(repairItems.model, "iPhone 8"),
        eq(repairItems.repair, "Camera Repair"),
      );
      await handle.db
        .update(repairItems)
        .set({ price: null, priceLabel: "Call For Price" })
        .where(where);
      const picker = await loadPicker("mobile", { brand: "Apple", model: "iPhone 8" }, "repair");
      expect(picker.repairs.find((r) => r.repair === "Camera Repair")).toEqual({
        repair: "Camera Repair",
        price: null,
        priceLabel: "Call For Price",
      });
      await handle.db.update(repairItems).set({ price: "69.99", priceLabel: null }).where(where);
    });
  });

  describe("loadPriceList", () => {
    it("returns every row of the category, one table per brand and series in catalogue order", async () => {
      for (const slug of categorySlugs) {
        const tables = await loadPriceList(slug);
        const expected = rows.filter((r) => r.category === slug);
        expect(tables.map((t) => [t.brand, t.series])).toEqual(
          unique(expected.map((r) => JSON.stringify([r.brand, r.series ?? null]))).map((k) =>
            JSON.parse(k),
          ),
        );
        const cells = tables.flatMap((t) => t.rows.flatMap((row) => Object.values(row.prices)));
        expect(cells).toHaveLength(expected.length);
        for (const table of tables) {
          for (const row of table.rows)
            expect(Object.keys(row.prices).every((repair) => table.repairs.includes(repair))).toBe(
              true,
            );
        }
      }
    });

    it("puts a model's prices under the repair columns", async () => {
      const tables = await loadPriceList("mobile");
      const apple = tables.find((t) => t.brand === "Apple")!;
      expect(apple.series).toBeNull();
      expect(apple.repairs[0]).toBe("Screen Repair (Glass and LCD)");
      const iphone8 = apple.rows.find((r) => r.model === "iPhone 8")!;
      expect(iphone8.prices["Screen Repair (Glass and LCD)"]).toMatchObject({
        price: "89.99",
        priceLabel: null,
      });
      expect(iphone8.prices["For any other repair"]).toMatchObject({
        price: null,
        priceLabel: "Call For Price",
      });
    });

    it("searches brand, series and model for every word, in any order and case", async () => {
      const tables = await loadPriceList("mobile", "s23 GALAXY");
      expect(tables.map((t) => [t.brand, t.series])).toEqual([["Samsung", "Galaxy S"]]);
      expect(tables[0]!.rows.map((r) => r.model)).toEqual([
        "Galaxy S23 FE",
        "Galaxy S23 Ultra",
        "Galaxy S23+",
        "Galaxy S23",
      ]);

      const samsung = await loadPriceList("mobile", "samsung");
      expect(unique(samsung.map((t) => t.brand))).toEqual(["Samsung"]);
      expect(await loadPriceList("mobile", "iphone 99")).toEqual([]);
    });

    it("finds a model however it is spaced: iphone13, pixel8, GalaxyS23", async () => {
      const models = async (search: string) =>
        (await loadPriceList("mobile", search)).flatMap((t) => t.rows.map((r) => r.model));
      expect(await models("iphone13")).toEqual([
        "iPhone 13 Pro Max",
        "iPhone 13 Pro",
        "iPhone 13",
        "iPhone 13 mini",
      ]);
      expect(await models("iphone13")).toEqual(await models("iPhone 13"));
      expect(await models("pixel8")).toEqual(await models("Pixel 8"));
      expect(await models("pixel8")).toContain("Pixel 8");
      expect(await models("GalaxyS23ultra")).toEqual(["Galaxy S23 Ultra"]);
      expect(await models("i-phone 13 pro max")).toEqual(["iPhone 13 Pro Max"]);
    });

    it("lists each table's newest models first, its repairs in catalogue order", async () => {
      const [apple] = await loadPriceList("mobile");
      expect(apple!.brand).toBe("Apple");
      expect(apple!.rows[0]!.model).toBe("iPhone 17 Pro Max");
      expect(apple!.rows.at(-1)!.model).toBe("iPhone 8");
      expect(apple!.repairs[0]).toBe(
        rows.find((r) => r.category === "mobile" && r.brand === "Apple")!.repair,
      );
    });

    it("lists Apple Watch under the brand Apple", async () => {
      const watches = await loadPriceList("watch");
      expect(watches.map((t) => t.brand)).toEqual(["Apple", "Samsung"]);
      expect(watches[0]!.rows[0]!.model).toBe("Apple Watch Ultra 2");
      const picker = await loadPicker("watch", {}, "repair");
      expect(picker.brands.map((b) => b.name)).toEqual(["Apple", "Samsung"]);
    });

    it("treats LIKE wildcards in the search as plain characters", async () => {
      expect(await loadPriceList("mobile", "%")).toEqual([]);
      expect(await loadPriceList("mobile", "_")).toEqual([]);
      expect(
        (await loadPriceList("mobile", "(2nd")).flatMap((t) => t.rows.map((r) => r.model)),
      ).toEqual(["iPhone SE (2nd generation)"]);
    });
  });

  describe("loadCategoryOverview", () => {
    it("gives each category its brands, its priced repairs and its lowest price", async () => {
      const overview = await loadCategoryOverview();
      for (const slug of categorySlugs) {
        const inCategory = rows.filter((r) => r.category === slug);
        const priced = inCategory.filter((r) => r.price !== null);
        expect(overview[slug]?.brands).toEqual(unique(inCategory.map((r) => r.brand)));
        expect(overview[slug]?.repairs).toEqual(unique(priced.map((r) => r.repair)));
        expect(overview[slug]?.repairs).not.toContain("For any other repair");
        expect(Number(overview[slug]?.lowestPrice)).toBe(
          Math.min(...priced.map((r) => Number(r.price))),
        );
      }
    });
  });

  it("its pages answer 503 with the request id when the database cannot be read", async () => {
    const broken = await installTestDatabase();
    await broken.drop();
    const unavailable = {
      data: {
        message: "The price catalogue is unavailable right now. Please try again in a minute.",
        requestId: "req-1",
      },
      init: { status: 503 },
    };
    const args = (url: string, params: Record<string, string> = {}) =>
      routeArgs(new Request(url), params, { ...testContext(), requestId: "req-1" });
    await expect(
      priceListLoader(args("http://x/price-list/mobile", { category: "mobile" })),
    ).rejects.toMatchObject(unavailable);
    await expect(
      selectorLoader(args("http://x/services/mobile", { category: "mobile" })),
    ).rejects.toMatchObject(unavailable);
    await expect(servicesLoader(args("http://x/services"))).rejects.toMatchObject(unavailable);
  });
});
