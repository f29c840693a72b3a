import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, repairItems } from "../../db/schema";
import { seedCatalogue } from "../../seeds/seed";
import {
  allRepairItems,
  createRepairItem,
  deleteRepairItem,
  getRepairItem,
  listRepairItems,
  pageOfRepairItem,
  priceListPageSize,
  repairItemBrands,
  updateRepairItem,
} from "~/models/repair-item.server";
import { startSession } from "~/models/staff-session.server";
import { loadPicker } from "~/models/catalogue.server";
import { action as addApi } from "~/routes/api.admin.add_repair_item[.php]";
import { action as updateApi } from "~/routes/api.admin.update_repair_item[.php]";
import { loader as csvLoader } from "~/routes/admin.repair-items[.csv]";
import { action as addAction } from "~/routes/admin.repair-items.new";
import { action as deleteAction } from "~/routes/admin.repair-items.$id.delete";
import { action as loginAction } from "~/routes/admin_.login";
import { newChoice, repairItemSchema } from "~/schemas/repair-item";
import { auditTrailOf, cookiesFrom, createTestStaff, staffPassword } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { responseOf } from "../support/answers";

let handle: TestDatabase;
let cookie: string;
let staffId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  await seedCatalogue(handle.db);
  const staff = await createTestStaff(handle.db, "price-editor", "manager");
  staffId = staff.id;
  const response = responseOf(
    await loginAction(
      routeArgs(formPost("/admin/login", { username: staff.username, password: staffPassword })),
    ),
  );
  cookie = cookiesFrom(response);
});
afterAll(() => handle.drop());

const item = (overrides: Record<string, unknown> = {}) =>
  repairItemSchema.parse({
    deviceCategory: "Tablet Repair",
    brand: "Lenovo",
    model: "Tab P11 Test",
    issue: "Screen Repair",
    price: "149.5",
    ...overrides,
  });

describe("the repair item schema", () => {
  it("takes the category by title or slug, a price with at most two decimals, or Call For Price", () => {
    expect(item()).toEqual({
      category: "tablet",
      brand: "Lenovo",
      series: null,
      model: "Tab P11 Test",
      repair: "Screen Repair",
      price: "149.50",
      priceLabel: null,
    });
    expect(item({ deviceCategory: "laptop", price: 99 })).toMatchObject({
      category: "laptop",
      price: "99.00",
    });
    expect(item({ price: "call for price" })).toMatchObject({
      price: null,
      priceLabel: "Call For Price",
    });
    expect(item({ price: "", callForPrice: "on" })).toMatchObject({
      price: null,
      priceLabel: "Call For Price",
    });
    expect(item({ series: "  Tab P  " })).toMatchObject({ series: "Tab P" });
  });

  it("refuses what is not a price or not a category, field by field", () => {
    for (const price of ["12.345", "-5", "abc", "", undefined, 1e6, 1.005]) {
      const result = repairItemSchema.safeParse({
        deviceCategory: "tablet",
        brand: "B",
        model: "M",
        issue: "I",
        price,
      });
      expect(result.success ? "accepted" : result.error.flatten().fieldErrors.price).toEqual([
        "Please enter a price like 129.99, or choose Call For Price.",
      ]);
    }
    const result = repairItemSchema.safeParse({
      deviceCategory: "Toaster Repair",
      brand: "",
      model: "",
      issue: "",
      price: "10",
    });
    expect(Object.keys(result.success ? {} : result.error.flatten().fieldErrors).sort()).toEqual([
      "brand",
      "deviceCategory",
      "issue",
      "model",
    ]);
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
    const samsung = await listRepairItems(
      { category: "mobile", brand: "samsung" },
      { limit: 2000, offset: 0 },
    );
    expect(samsung.rows.every((r) => r.brand === "Samsung")).toBe(true);

    const search = await listRepairItems({ q: "galaxy s2" }, { limit: 2000, offset: 0 });
    expect(search.total).toBeGreaterThan(0);
    expect(
      search.rows.every((r) => `${r.series} ${r.model}`.toLowerCase().includes("galaxy s2")),
    ).toBe(true);
  });

  it("adds, refuses a duplicate, updates and deletes an entry", async () => {
    const created = await createRepairItem(item({ model: "Tab CRUD" }), staffId);
    expect(created.outcome).toBe("saved");
    if (created.outcome !== "saved") return;
    expect(await createRepairItem(item({ model: "Tab CRUD" }), staffId)).toEqual({
      outcome: "duplicate",
    });

    const updated = await updateRepairItem(
      created.item.id,
      item({ model: "Tab CRUD", price: "Call For Price" }),
      staffId,
    );
    expect(updated).toMatchObject({
      outcome: "saved",
      item: { price: null, priceLabel: "Call For Price" },
    });

    const other = await createRepairItem(item({ model: "Tab CRUD 2" }), staffId);
    expect(
      await updateRepairItem(
        other.outcome === "saved" ? other.item.id : 0,
        item({ model: "Tab CRUD" }),
        staffId,
      ),
    ).toEqual({ outcome: "duplicate" });
    expect(await updateRepairItem(99_999_999, item(), staffId)).toEqual({ outcome: "not_found" });

    expect(await deleteRepairItem(created.item.id, staffId)).toEqual({ outcome: "deleted" });
    expect(await deleteRepairItem(created.item.id, staffId)).toEqual({ outcome: "not_found" });
    expect(await getRepairItem(created.item.id)).toBeUndefined();
  });
});

describe(`the add and delete dialogs on ${testDriver}`, () => {
  const post = (url: string, fields: Record<string, string>) => {
    const request = formPost(url, fields);
    request.headers.set("cookie", cookie);
    return request;
  };

  it("adds from the form and shows the new entry: its category and brand, its page, highlighted", async () => {
    const response = responseOf(
      await addAction(
        routeArgs(
          post("/admin/repair-items/new?category=watch", {
            deviceCategory: "watch",
            brand: "Garmin",
            model: "Fenix Dialog Test",
            issue: "Battery Replacement",
            price: "89.99",
          }),
        ),
      ),
    );
    expect(response.status).toBe(303);
    const [stored] = await handle.db
      .select()
      .from(repairItems)
      .where(eq(repairItems.model, "Fenix Dialog Test"));
    expect(stored).toMatchObject({ category: "watch", price: "89.99", priceLabel: null });
    const garmin = await listRepairItems(
      { category: "watch", brand: "Garmin" },
      { limit: 10_000, offset: 0 },
    );
    const page =
      Math.floor(garmin.rows.findIndex((row) => row.id === stored!.id) / priceListPageSize) + 1;
    expect(await pageOfRepairItem(stored!)).toBe(page);
    const pageParam = page > 1 ? `&page=${page}` : "";
    expect(response.headers.get("location")).toBe(
      `/admin/repair-items?category=watch&brand=Garmin${pageParam}&highlight=${stored!.id}#item-${stored!.id}`,
    );
  });

  it("answers a duplicate with 409, the Error toast and the form kept", async () => {
    const fields = {
      deviceCategory: "watch",
      brand: "Garmin",
      model: "Fenix Duplicate",
      issue: "Screen Repair",
      price: "120",
    };
    await addAction(routeArgs(post("/admin/repair-items/new", fields)));
    const again = (await addAction(routeArgs(post("/admin/repair-items/new", fields)))) as {
      init: ResponseInit;
      data: {
        toast: { title: string; description: string };
        result: { error: Record<string, string[]> };
      };
    };
    expect(again.init.status).toBe(409);
    expect(again.data.toast).toMatchObject({
      title: "Error",
      description: "Failed to add repair item.",
    });
    expect(again.data.result.error[""]).toEqual([
      "A repair item with this category, brand, series, model and issue already exists.",
    ]);
  });

  it("deletes after the confirmation page's POST", async () => {
    const created = await createRepairItem(item({ model: "Tab Delete Dialog" }), staffId);
    const id = created.outcome === "saved" ? created.item.id : 0;
    const response = responseOf(
      await deleteAction(
        routeArgs(post(`/admin/repair-items/${id}/delete`, {}), { id: String(id) }),
      ),
    );
    expect(response.status).toBe(303);
    expect(await getRepairItem(id)).toBeUndefined();
  });
});

describe(`one spelling per brand and series on ${testDriver}`, () => {
  const json = (url: string, token: string, body: unknown) =>
    new Request(`http://localhost${url}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("the form's New brand… is matched to an existing brand; its typed series to the brand's own", async () => {
    expect(
      item({ brand: newChoice, newBrand: "  apple  ", series: newChoice, newSeries: "galaxy   s" }),
    ).toMatchObject({ brand: "apple", series: "galaxy s" });
    const missing = repairItemSchema.safeParse({
      deviceCategory: "mobile",
      brand: newChoice,
      series: newChoice,
      model: "M",
      issue: "I",
      price: "1",
    });
    expect(missing.success ? {} : missing.error.flatten().fieldErrors).toEqual({
      newBrand: ["Please type the new brand."],
      newSeries: ["Please type the new series."],
    });

    const created = await createRepairItem(
      item({
        deviceCategory: "mobile",
        brand: newChoice,
        newBrand: " APPLE ",
        model: "iPhone Spelling Test",
      }),
      staffId,
    );
    expect(created).toMatchObject({ outcome: "saved", item: { brand: "Apple" } });
    const galaxy = await createRepairItem(
      item({
        deviceCategory: "mobile",
        brand: "samsung",
        series: "GALAXY s",
        model: "Galaxy Spelling Test",
      }),
      staffId,
    );
    expect(galaxy).toMatchObject({
      outcome: "saved",
      item: { brand: "Samsung", series: "Galaxy S" },
    });
  });

  it("add_repair_item.php and update_repair_item.php match too, and the public selector keeps one Apple", async () => {
    const token = await startSession(staffId, "bearer");
    const added = await addApi(
      routeArgs(
        json("/api/admin/add_repair_item.php", token, {
          deviceCategory: "mobile",
          brand: "apple",
          model: "iPhone Legacy Spelling",
          issue: "Screen Repair",
          price: 129,
        }),
      ),
    );
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    expect((await getRepairItem(id))?.brand).toBe("Apple");

    const updated = await updateApi(
      routeArgs(
        json(`/api/admin/update_repair_item.php?id=${id}`, token, {
          deviceCategory: "mobile",
          brand: " aPPle ",
          model: "iPhone Legacy Spelling",
          issue: "Screen Repair",
          price: 119,
        }),
      ),
    );
    expect(updated.status).toBe(200);
    expect(await getRepairItem(id)).toMatchObject({ brand: "Apple", price: "119.00" });

    const picker = await loadPicker("mobile", {}, "repair");
    expect(
      picker.brands
        .filter((brand) => brand.name.toLowerCase() === "apple")
        .map((brand) => brand.name),
    ).toEqual(["Apple"]);
    const audit = (await auditTrailOf(handle.db, "repair_item", id)).at(-1);
    expect(audit).toMatchObject({
      action: "price_item.update",
      staffUserId: staffId,
      summary: "Apple iPhone Legacy Spelling · Screen Repair: $129.00 → $119.00",
    });
  });
});

describe(`the audit trail of the price list on ${testDriver}`, () => {
  const trail = (id: number) => auditTrailOf(handle.db, "repair_item", id);

  it("records who added, changed and deleted an entry, with what it was and became", async () => {
    const created = await createRepairItem(
      item({ brand: "Lenovo", model: "Tab Audit", price: "129" }),
      staffId,
    );
    if (created.outcome !== "saved") throw new Error("not saved");
    const id = created.item.id;
    await updateRepairItem(
      id,
      item({ brand: "Lenovo", model: "Tab Audit", price: "119" }),
      staffId,
    );
    await updateRepairItem(
      id,
      item({ brand: "Lenovo", model: "Tab Audit Pro", price: "Call For Price" }),
      staffId,
    );
    await deleteRepairItem(id, staffId);
    const events = await trail(id);
    expect(events.map((e) => [e.action, e.staffUserId, e.summary])).toEqual([
      ["price_item.create", staffId, "Lenovo Tab Audit · Screen Repair: $129.00"],
      ["price_item.update", staffId, "Lenovo Tab Audit · Screen Repair: $129.00 → $119.00"],
      [
        "price_item.update",
        staffId,
        "Lenovo Tab Audit · Screen Repair → Lenovo Tab Audit Pro · Screen Repair: $119.00 → Call For Price",
      ],
      ["price_item.delete", staffId, "Lenovo Tab Audit Pro · Screen Repair: Call For Price"],
    ]);
    expect(events[1]?.details).toEqual({ before: { price: "129.00" }, after: { price: "119.00" } });
  });

  it("records nothing when nothing was saved (a duplicate, a missing entry)", async () => {
    const before = await handle.db.select().from(auditEvents);
    expect(
      await createRepairItem(item({ brand: "Lenovo", model: "Tab Audit Twice" }), staffId),
    ).toMatchObject({ outcome: "saved" });
    expect(
      await createRepairItem(item({ brand: "Lenovo", model: "Tab Audit Twice" }), staffId),
    ).toEqual({ outcome: "duplicate" });
    expect(await updateRepairItem(99_999_999, item(), staffId)).toEqual({ outcome: "not_found" });
    expect(await deleteRepairItem(99_999_999, staffId)).toEqual({ outcome: "not_found" });
    expect((await handle.db.select().from(auditEvents)).length).toBe(before.length + 1);
  });
});

describe(`the price list CSV on ${testDriver}`, () => {
  it("streams the filtered list as UTF-8 with a BOM, quoted, formulas neutralised, prices as numbers or the label", async () => {
    await createRepairItem(
      item({
        deviceCategory: "watch",
        brand: "Garmin",
        model: 'Fenix "Ré", 7',
        issue: "=HYPERLINK(1)",
        price: "49.5",
      }),
      staffId,
    );
    await createRepairItem(
      item({
        deviceCategory: "watch",
        brand: "Garmin",
        model: "Fenix CSV Label",
        issue: "Screen Repair",
        price: "Call For Price",
      }),
      staffId,
    );
    const request = new Request(
      "http://localhost/admin/repair-items.csv?category=watch&brand=garmin&page=3",
    );
    request.headers.set("cookie", cookie);
    const response = responseOf(await csvLoader(routeArgs(request)));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="price-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("category,brand,series,model,repair,price");
    expect(lines).toContain(`Smart Watch Repair,Garmin,,"Fenix ""Ré"", 7",'=HYPERLINK(1),49.5`);
    expect(lines).toContain(
      "Smart Watch Repair,Garmin,,Fenix CSV Label,Screen Repair,Call For Price",
    );
    // Every Garmin watch entry (not one page of them), and nothing else.
    const garmin = await listRepairItems(
      { category: "watch", brand: "Garmin" },
      { limit: 10_000, offset: 0 },
    );
    expect(lines.filter(Boolean)).toHaveLength(garmin.total + 1);
    expect(
      lines
        .filter(Boolean)
        .slice(1)
        .every((line) => line.startsWith("Smart Watch Repair,Garmin,")),
    ).toBe(true);
  });

  it("needs a staff session", async () => {
    const thrown = await Promise.resolve(
      csvLoader(routeArgs(new Request("http://localhost/admin/repair-items.csv"))),
    ).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("location")).toMatch(/^\/admin\/login/);
  });
});
