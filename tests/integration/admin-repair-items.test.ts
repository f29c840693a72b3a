import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repairItems } from "../../db/schema";
import { seedCatalogue } from "../../seeds/seed";
import {
  allRepairItems,
  createRepairItem,
  deleteRepairItem,
  getRepairItem,
  listRepairItems,
  repairItemBrands,
  updateRepairItem,
} from "~/lib/repair-items.server";
import { action as addAction } from "~/routes/admin.repair-items.new";
import { action as deleteAction } from "~/routes/admin.repair-items.$id.delete";
import { action as loginAction } from "~/routes/admin_.login";
import { repairItemSchema } from "~/schemas/repair-item";
import { cookiesFrom, createTestStaff, staffPassword } from "../support/admin";
import { formPost, testContext } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let cookie: string;

beforeAll(async () => {
  handle = await installTestDatabase();
  await seedCatalogue(handle.db);
  const staff = await createTestStaff(handle.db, "price-editor");
  const response = (await loginAction({
    request: formPost("/admin/login", { username: staff.username, password: staffPassword }),
    params: {},
    context: testContext(),
  })) as Response;
  cookie = cookiesFrom(response);
});
afterAll(() => handle.drop());

const item = (overrides: Record<string, unknown> = {}) =>
  repairItemSchema.parse({ deviceCategory: "Tablet Repair", brand: "Lenovo", model: "Tab P11 Test", issue: "Screen Repair", price: "149.5", ...overrides });

describe("the repair item schema", () => {
  it("takes the category by title or slug, a price with at most two decimals, or Call For Price", () => {
    expect(item()).toEqual({ category: "tablet", brand: "Lenovo", series: null, model: "Tab P11 Test", repair: "Screen Repair", price: "149.50", priceLabel: null });
    expect(item({ deviceCategory: "laptop", price: 99 })).toMatchObject({ category: "laptop", price: "99.00" });
    expect(item({ price: "call for price" })).toMatchObject({ price: null, priceLabel: "Call For Price" });
    expect(item({ price: "", callForPrice: "on" })).toMatchObject({ price: null, priceLabel: "Call For Price" });
    expect(item({ series: "  Tab P  " })).toMatchObject({ series: "Tab P" });
  });

  it("refuses what is not a price or not a category, field by field", () => {
    for (const price of ["12.345", "-5", "abc", "", undefined, 1e6, 1.005]) {
      const result = repairItemSchema.safeParse({ deviceCategory: "tablet", brand: "B", model: "M", issue: "I", price });
      expect(result.success ? "accepted" : result.error.flatten().fieldErrors.price).toEqual([
        "Please enter a price like 129.99, or choose Call For Price.",
      ]);
    }
    const result = repairItemSchema.safeParse({ deviceCategory: "Toaster Repair", brand: "", model: "", issue: "", price: "10" });
    expect(Object.keys(result.success ? {} : result.error.flatten().fieldErrors).sort()).toEqual(["brand", "deviceCategory", "issue", "model"]);
  });
});

describe(`the price list on ${testDriver}`, () => {
  it("pages through the catalogue in the customers' order, filtered by category, brand and search", async () => {
    const all = await listRepairItems({}, { limit: 25, offset: 0 });
    expect(all.total).toBe((await allRepairItems()).length);
    expect(all.rows).toHaveLength(25);

    const laptops = await listRepairItems({ category: "laptop" }, { limit: 1000, offset: 0 });
    expect(laptops.total).toBeGreaterThan(0);
    expect(laptops.rows.every((r) => r.category === "laptop")).toBe(true);
    const sorted = laptops.rows.map((r) => r.sortOrder);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

    const brands = await repairItemBrands("mobile");
    expect(brands).toContain("Samsung");
    const samsung = await listRepairItems({ category: "mobile", brand: "samsung" }, { limit: 2000, offset: 0 });
    expect(samsung.rows.every((r) => r.brand === "Samsung")).toBe(true);

    const search = await listRepairItems({ q: "galaxy s2" }, { limit: 2000, offset: 0 });
    expect(search.total).toBeGreaterThan(0);
    expect(search.rows.every((r) => `${r.series} ${r.model}`.toLowerCase().includes("galaxy s2"))).toBe(true);
  });

  it("adds, refuses a duplicate, updates and deletes an entry", async () => {
    const created = await createRepairItem(item({ model: "Tab CRUD" }));
    expect(created.outcome).toBe("saved");
    if (created.outcome !== "saved") return;
    expect(await createRepairItem(item({ model: "Tab CRUD" }))).toEqual({ outcome: "duplicate" });

    const updated = await updateRepairItem(created.item.id, item({ model: "Tab CRUD", price: "Call For Price" }));
    expect(updated).toMatchObject({ outcome: "saved", item: { price: null, priceLabel: "Call For Price" } });

    const other = await createRepairItem(item({ model: "Tab CRUD 2" }));
    expect(await updateRepairItem(other.outcome === "saved" ? other.item.id : 0, item({ model: "Tab CRUD" }))).toEqual({ outcome: "duplicate" });
    expect(await updateRepairItem(99_999_999, item())).toEqual({ outcome: "not_found" });

    expect(await deleteRepairItem(created.item.id)).toBe(true);
    expect(await deleteRepairItem(created.item.id)).toBe(false);
    expect(await getRepairItem(created.item.id)).toBeUndefined();
  });
});

describe(`the add and delete dialogs on ${testDriver}`, () => {
  const post = (url: string, fields: Record<string, string>) => {
    const request = formPost(url, fields);
    request.headers.set("cookie", cookie);
    return request;
  };

  it("adds from the form and goes back to the list as it was filtered", async () => {
    const response = (await addAction({
      request: post("/admin/repair-items/new?category=watch", {
        deviceCategory: "watch",
        brand: "Garmin",
        model: "Fenix Dialog Test",
        issue: "Battery Replacement",
        price: "89.99",
      }),
      params: {},
      context: testContext(),
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/repair-items?category=watch");
    const [stored] = await handle.db.select().from(repairItems).where(eq(repairItems.model, "Fenix Dialog Test"));
    expect(stored).toMatchObject({ category: "watch", price: "89.99", priceLabel: null });
  });

  it("answers a duplicate with 409, the Error toast and the form kept", async () => {
    const fields = { deviceCategory: "watch", brand: "Garmin", model: "Fenix Duplicate", issue: "Screen Repair", price: "120" };
    await addAction({ request: post("/admin/repair-items/new", fields), params: {}, context: testContext() });
    const again = (await addAction({ request: post("/admin/repair-items/new", fields), params: {}, context: testContext() })) as {
      init: ResponseInit;
      data: { toast: { title: string; description: string }; result: { error: Record<string, string[]> } };
    };
    expect(again.init.status).toBe(409);
    expect(again.data.toast).toMatchObject({ title: "Error", description: "Failed to add repair item." });
    expect(again.data.result.error[""]).toEqual(["A repair item with this category, brand, series, model and issue already exists."]);
  });

  it("deletes after the confirmation page's POST", async () => {
    const created = await createRepairItem(item({ model: "Tab Delete Dialog" }));
    const id = created.outcome === "saved" ? created.item.id : 0;
    const response = (await deleteAction({ request: post(`/admin/repair-items/${id}/delete`, {}), params: { id: String(id) }, context: testContext() })) as Response;
    expect(response.status).toBe(303);
    expect(await getRepairItem(id)).toBeUndefined();
  });
});
