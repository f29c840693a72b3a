import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { apiToken, repairItemsViaApi, uniqueName } from "../e2e/support/admin";
import { staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * The price list's admin without JavaScript: each dialog is a page of its own over the list, its
 * form posts, and the server's redirect lands on the list showing the entry. The dialogs, their
 * scrolling and the fields that follow the choices with JavaScript are tested in the browser
 * (tests/e2e/admin-repair-items.spec.ts).
 */

/** The list's rows, each as the text a reader sees. */
const rowTexts = (page: HtmlPage) => page.texts('[data-testid="repair-item-row"]');

/** The list's row of this model. */
function rowOf(page: HtmlPage, model: string) {
  const rows = page
    .visible('[data-testid="repair-item-row"]')
    .filter((row) => page.$(row).text().includes(model));
  if (rows.length !== 1) throw new Error(`${rows.length} rows of ${model} on ${page.url.href}`);
  const $row = page.$(rows[0]!);
  return {
    text: $row.text().replace(/\s+/g, " ").trim(),
    id: $row.attr("id"),
    current: $row.attr("aria-current"),
    /** Where its Edit or Delete link leads. */
    link: (action: "Edit" | "Delete") =>
      $row
        .find("a")
        .toArray()
        .map((a) => page.$(a))
        .find(($a) => $a.text().trim().startsWith(action))!
        .attr("href")!,
  };
}

/**
 * The saved entry is marked, and the address the server sent the browser to ends with its row's
 * id, which a browser scrolls to by itself (with JavaScript the router does: the browser spec
 * checks it is on screen).
 */
function expectHighlighted(page: HtmlPage, model: string) {
  const row = rowOf(page, model);
  expect(row.current).toBe("true");
  expect(page.url.hash).toBe(`#${row.id}`);
  expect(page.url.searchParams.get("highlight")).toBe(row.id?.replace("item-", ""));
}

/** The dialog's title, when the page shows one. */
const dialogTitle = (page: HtmlPage) => page.text("dialog h2");

async function publicPriceList(request: APIRequestContext, model: string) {
  return (await request.get(`/price-list/mobile?q=${encodeURIComponent(model)}`)).text();
}

test.describe("price list", () => {
  test("adds an entry with a new brand on purpose, edits and deletes it, and the price data changes at once", async ({
    request,
  }) => {
    const model = uniqueName("E2E Phone");
    const staff = await staffVisitor(request, "/admin/repair-items");
    const addLink = staff.landed
      .visible("main a")
      .map((a) => staff.landed.$(a))
      .find(($a) => $a.text().trim() === "Add New Repair Item");
    expect(addLink?.attr("href")).toBe("/admin/repair-items/new");
    const adding = await staff.open("/admin/repair-items/new");
    expect(dialogTitle(adding)).toBe("Add New Repair Item");
    // Without JavaScript the text fields for a new brand and series are always there.
    let list = await adding
      .form("Add Repair Item")
      .fill({
        "Device Category": "Mobile Repair Service",
        Brand: "New brand…",
        "New brand": "Nothing",
        Series: "New series…",
        "New series": "Phone",
        Model: model,
        Issue: "Screen Repair",
        "Price (CAD)": "123.45",
      })
      .submit("Add Repair Item");
    expect(list.toast()?.description).toBe("Repair item added successfully.");
    expect(dialogTitle(list)).toBeUndefined();
    // The list now shows the new entry: its category and brand, highlighted.
    expect(list.url.pathname).toBe("/admin/repair-items");
    expect(list.url.search).toMatch(/^\?category=mobile&brand=Nothing&highlight=\d+$/);
    expectHighlighted(list, model);

    const find = async () =>
      (await repairItemsViaApi(request)).find((item) => item.model === model);
    expect(await find()).toMatchObject({
      deviceCategory: "Mobile Repair Service",
      brand: "Nothing",
      series: "Phone",
      issue: "Screen Repair",
      price: 123.45,
    });
    // What customers see: the price list and the model selector read the same table.
    const selector = `/services/mobile?brand=Nothing&series=Phone&model=${encodeURIComponent(model)}`;
    expect(await publicPriceList(request, model)).toContain("$123.45");
    expect(await (await request.get(selector)).text()).toContain("$123.45");
    const customers = await staff.open(`/price-list/mobile?q=${encodeURIComponent(model)}`);
    expect(customers.texts('th[scope="row"]').filter((name) => name === model)).toHaveLength(1);

    list = await (
      await staff.open("/admin/repair-items")
    )
      .form("Filter")
      .fill({ Search: model })
      .submit("Filter");
    expect(rowTexts(list)).toHaveLength(1);
    expect(rowOf(list, model).text).toContain("$123.45");

    let editing = await staff.open(rowOf(list, model).link("Edit"));
    expect(dialogTitle(editing)).toBe("Edit Repair Item");
    let form = editing.form("Update Repair Item");
    expect(editing.$(editing.control("Model", form.element)).attr("value")).toBe(model);
    list = await form.fill({ "Price (CAD)": "99.99" }).submit("Update Repair Item");
    expect(list.toast()?.description).toBe("Repair item updated successfully.");
    expect(rowOf(list, model).text).toContain("$99.99");
    expectHighlighted(list, model);
    expect((await find())?.price).toBe(99.99);
    expect(await publicPriceList(request, model)).toContain("$99.99");

    editing = await staff.open(rowOf(list, model).link("Edit"));
    form = editing.form("Update Repair Item");
    list = await form.fill({ "Call For Price": true }).submit("Update Repair Item");
    expect(rowOf(list, model).text).toContain("Call For Price");
    expect(await find()).toMatchObject({ price: null, priceLabel: "Call For Price" });

    const deleting = await staff.open(rowOf(list, model).link("Delete"));
    expect(dialogTitle(deleting)).toBe("Delete Repair Item");
    expect(deleting.text("dialog")).toContain("Are you sure you want to delete this repair item?");
    list = await deleting.form("Delete").submit("Delete");
    expect(list.toast()?.description).toBe("Repair item deleted successfully.");
    expect(rowTexts(list).filter((text) => text.includes(model))).toEqual([]);
    expect(await find()).toBeUndefined();
    const gone = await staff.open(`/price-list/mobile?q=${encodeURIComponent(model)}`);
    expect(gone.texts('th[scope="row"]')).not.toContain(model);
  });

  test("keeps the form and says why when an entry is invalid", async ({ request }) => {
    const staff = await staffVisitor(request, "/admin/repair-items/new");
    const refused = await staff.landed
      .form("Add Repair Item")
      .fill({
        "Device Category": "Laptop Repair",
        Brand: "Dell",
        Model: uniqueName("E2E Laptop"),
        Issue: "Keyboard Replacement",
      })
      .submit("Add Repair Item");
    expect(refused.status).toBe(400);
    expect(dialogTitle(refused)).toBe("Add New Repair Item");
    expect(refused.text("dialog")).toContain(
      "Please enter a price like 129.99, or choose Call For Price.",
    );
    const form = refused.form("Add Repair Item");
    expect(form.fields()).toContainEqual(["brand", "Dell"]);
  });

  test("filters by category and brand", async ({ request }) => {
    const staff = await staffVisitor(request, "/admin/repair-items?category=tablet");
    expect(rowTexts(staff.landed)[0]).toMatch(/^Tablet Repair/);
    const list = await staff.landed.form("Filter").fill({ Brand: "Samsung" }).submit("Filter");
    expect(list.url.searchParams.get("brand")).toBe("Samsung");
    expect(rowTexts(list).length).toBeGreaterThan(0);
    for (const text of rowTexts(list)) expect(text).toMatch(/^Tablet RepairSamsung/);
  });

  test('picks an existing brand; a typed "apple" becomes Apple; the entry is shown on its page', async ({
    request,
  }) => {
    const model = uniqueName("E2E iPhone");
    const staff = await staffVisitor(request, "/admin/repair-items/new?category=mobile");
    const adding = staff.landed;
    const form = adding.form("Add Repair Item");
    expect(form.fields()).toContainEqual(["deviceCategory", "mobile"]);
    // The brands offered are the category's own.
    const brands = adding
      .$(adding.control("Brand", form.element))
      .find("option")
      .toArray()
      .map((option) => adding.$(option).text().trim());
    expect(brands).toEqual(expect.arrayContaining(["Apple", "Samsung", "New brand…"]));
    expect(brands).not.toContain("Lenovo");
    let list = await form
      .fill({
        Brand: "New brand…",
        "New brand": "  apple ",
        Model: model,
        Issue: "Screen Repair",
        "Price (CAD)": "129",
      })
      .submit("Add Repair Item");
    expect(list.toast()?.description).toBe("Repair item added successfully.");

    // Apple has more than a page of entries and a new one comes last: the list opens on its page.
    expect(list.url.search).toMatch(/^\?category=mobile&brand=Apple&page=\d+&highlight=\d+$/);
    const pageNumber = Number(list.url.searchParams.get("page"));
    expect(pageNumber).toBeGreaterThan(1);
    expect(list.text('nav[aria-label="Pagination"] [aria-current="page"]')).toBe(
      `Page ${pageNumber}`,
    );
    expectHighlighted(list, model);
    expect(rowOf(list, model).text).toContain("$129.00");
    const saved = (await repairItemsViaApi(request)).filter((item) => item.model === model);
    expect(saved.map((item) => item.brand)).toEqual(["Apple"]);

    // Edit: the existing brand is chosen from the list, not typed.
    const editing = await staff.open(rowOf(list, model).link("Edit"));
    const edit = editing.form("Update Repair Item");
    expect(edit.fields()).toContainEqual(["brand", "Apple"]);
    list = await edit.fill({ "Price (CAD)": "119" }).submit("Update Repair Item");
    expect(list.toast()?.description).toBe("Repair item updated successfully.");
    expectHighlighted(list, model);
    expect(rowOf(list, model).text).toContain("$119.00");

    const token = await apiToken(request);
    await request.post(`/api/admin/delete_repair_item.php?id=${saved[0]!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  });

  test("page numbers and the jump to a category and brand", async ({ request }) => {
    const staff = await staffVisitor(request, "/admin/repair-items");
    const pageTwo = staff.landed
      .visible('nav[aria-label="Pagination"] a')
      .map((a) => staff.landed.$(a))
      .find(($a) => $a.text().trim() === "Page 2");
    expect(pageTwo?.attr("href")).toBe("/admin/repair-items?page=2");
    const second = await staff.open(pageTwo!.attr("href")!);
    expect(second.text('nav[aria-label="Pagination"] [aria-current="page"]')).toBe("Page 2");
    const watches = await second
      .form("Filter")
      .fill({ Category: "Smart Watch Repair" })
      .submit("Filter");
    expect(watches.url.searchParams.get("category")).toBe("watch");
    const samsung = await watches.form("Filter").fill({ Brand: "Samsung" }).submit("Filter");
    expect(samsung.url.searchParams.get("category")).toBe("watch");
    expect(samsung.url.searchParams.get("brand")).toBe("Samsung");
    expect(rowTexts(samsung).length).toBeGreaterThan(0);
    for (const text of rowTexts(samsung)) expect(text).toMatch(/^Smart Watch RepairSamsung/);
  });

  test("two staff on one entry: an edit or a removal from a dialog opened before the other's change is refused, says what changed, and the edit applies on top", async ({
    request,
    playwright,
  }) => {
    // Not a "Pixel": the public price list's search test looks for those.
    const model = uniqueName("Versions Phone");
    const added = await request.post("/api/admin/add_repair_item.php", {
      headers: { authorization: `Bearer ${await apiToken(request)}` },
      data: { deviceCategory: "mobile", brand: "Google", model, issue: "Battery", price: 79 },
    });
    expect(added.status()).toBe(201);
    const { id } = (await added.json()) as { id: number };
    const counter = await staffVisitor(request, `/admin/repair-items/${id}/edit`);
    const counterDelete = await counter.open(`/admin/repair-items/${id}/delete`);
    // The office: a second session, cookies of its own.
    const office = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const { landed } = await staffVisitor(office, `/admin/repair-items/${id}/edit`);
      const renamed = await landed
        .form("Update Repair Item")
        .fill({ Model: `${model} Pro` })
        .submit("Update Repair Item");
      expect(renamed.toast()?.description).toBe("Repair item updated successfully.");
    } finally {
      await office.dispose();
    }

    const refused = await counter.landed
      .form("Update Repair Item")
      .fill({ "Price (CAD)": "89.99" })
      .submit("Update Repair Item");
    expect(refused.status).toBe(409);
    expect(dialogTitle(refused)).toBe("Edit Repair Item");
    expect(refused.toast()?.description).toBe(
      "This repair item was changed while you had it open, so nothing was saved.",
    );
    const alert = refused.text('dialog [role="alert"]') ?? "";
    expect(alert).toContain("Changed since you opened it:");
    expect(alert).toContain(
      `admin: Google ${model} · Battery → Google ${model} Pro · Battery: $79.00`,
    );
    const again = refused.form("Update Repair Item");
    expect(again.fields()).toEqual(
      expect.arrayContaining([
        ["model", `${model} Pro`],
        ["price", "89.99"],
        ["version", "2"],
      ]),
    );
    const list = await again.submit("Update Repair Item");
    expect(list.toast()?.description).toBe("Repair item updated successfully.");
    expect(rowOf(list, `${model} Pro`).text).toContain("$89.99");

    // The removal confirmed on the dialog drawn before both changes: refused, the entry as it is
    // now in its place; confirmed again, it goes.
    const kept = await counterDelete.form("Delete").submit("Delete");
    expect(kept.status).toBe(409);
    expect(kept.text('dialog [role="alert"]')).toContain(
      "This repair item was changed while you had it open, so it was not deleted.",
    );
    expect(kept.text("dialog")).toContain(`${model} Pro`);
    expect(kept.text("dialog")).toContain("$89.99");
    const gone = await kept.form("Delete").submit("Delete");
    expect(gone.toast()?.description).toBe("Repair item deleted successfully.");
    expect(rowTexts(gone).filter((text) => text.includes(model))).toEqual([]);
  });

  // A plain link with `download`: the browser saves the file with or without JavaScript.
  test("exports the filtered list as a CSV that keeps accents", async ({ request }) => {
    const model = uniqueName("Écran Genève");
    const token = await apiToken(request);
    const added = await request.post("/api/admin/add_repair_item.php", {
      headers: { authorization: `Bearer ${token}` },
      data: {
        deviceCategory: "laptop",
        brand: "Dell",
        model,
        issue: '=Réparation, "rapide"',
        price: 89.5,
      },
    });
    expect(added.status()).toBe(201);
    const staff = await staffVisitor(
      request,
      `/admin/repair-items?${new URLSearchParams({ category: "laptop", q: model })}`,
    );
    const link = staff.landed
      .visible("main a[download]")
      .map((a) => staff.landed.$(a))
      .find(($a) => /^Export CSV/.test($a.text().trim()));
    expect(link).toBeDefined();
    const file = await request.get(link!.attr("href")!);
    expect(file.headers()["content-disposition"]).toMatch(
      /^attachment; filename="price-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = await file.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
    expect(lines).toEqual([
      "category,brand,series,model,repair,price",
      `Laptop Repair,Dell,,${model},"'=Réparation, ""rapide""",89.5`,
    ]);
    const { id } = (await added.json()) as { id: number };
    await request.post(`/api/admin/delete_repair_item.php?id=${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  });
});
