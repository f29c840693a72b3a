import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { apiToken, logIn, repairItemsViaApi, uniqueName } from "./support/admin";

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, { label })).toEqual([]);
}

/** The saved entry is on screen, marked, and its URL says which one. */
async function expectHighlighted(row: Locator) {
  await expect(row).toHaveAttribute("aria-current", "true");
  await expect(row).toBeInViewport();
}

test.describe("price list", () => {
  test("adds an entry with a new brand on purpose, edits and deletes it, and the price data changes at once", async ({
    page,
    request,
  }) => {
    const model = uniqueName("E2E Phone");
    await logIn(page, {
      from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items",
      landsOn: /\/admin\/repair-items$/,
    });

    await page.getByRole("link", { name: "Add New Repair Item" }).click();
    let dialog = page.getByRole("dialog", { name: "Add New Repair Item" });
    await dialog.getByLabel("Device Category").selectOption("Mobile Repair Service");
    await dialog
      .getByRole("combobox", { name: "Brand", exact: true })
      .selectOption({ label: "New brand…" });
    await dialog.getByLabel("New brand").fill("Nothing");
    await dialog
      .getByRole("combobox", { name: "Series", exact: true })
      .selectOption({ label: "New series…" });
    await dialog.getByLabel("New series").fill("Phone");
    await dialog.getByLabel("Model").fill(model);
    await dialog.getByLabel("Issue").fill("Screen Repair");
    await dialog.getByLabel("Price (CAD)").fill("123.45");
    await dialog.getByRole("button", { name: "Add Repair Item" }).click();
    await expect(page.getByTestId("toast")).toContainText("Repair item added successfully.");
    await expect(dialog).toHaveCount(0);
    // The list now shows the new entry: its category and brand, highlighted.
    const added = page.getByTestId("repair-item-row").filter({ hasText: model });
    await expect(page).toHaveURL(
      /\/admin\/repair-items\?category=mobile&brand=Nothing&highlight=\d+#item-\d+$/,
    );
    await expectHighlighted(added);

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
    const publicPriceList = async () =>
      (await request.get(`/price-list/mobile?q=${encodeURIComponent(model)}`)).text();
    const selector = `/services/mobile?brand=Nothing&series=Phone&model=${encodeURIComponent(model)}`;
    expect(await publicPriceList()).toContain("$123.45");
    expect(await (await request.get(selector)).text()).toContain("$123.45");
    await page.goto(`/price-list/mobile?q=${encodeURIComponent(model)}`);
    await expect(page.getByRole("rowheader", { name: model })).toHaveCount(1);
    await page.goto("/admin/repair-items");

    await page.getByLabel("Search").fill(model);
    await page.getByRole("button", { name: "Filter" }).click();
    const row = page.getByTestId("repair-item-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("$123.45");

    await row.getByRole("link", { name: /^Edit/ }).click();
    dialog = page.getByRole("dialog", { name: "Edit Repair Item" });
    await expect(dialog.getByLabel("Model")).toHaveValue(model);
    await dialog.getByLabel("Price (CAD)").fill("99.99");
    await dialog.getByRole("button", { name: "Update Repair Item" }).click();
    await expect(page.getByTestId("toast")).toContainText("Repair item updated successfully.");
    await expect(page.getByTestId("repair-item-row").filter({ hasText: model })).toContainText(
      "$99.99",
    );
    await expectHighlighted(page.getByTestId("repair-item-row").filter({ hasText: model }));
    expect((await find())?.price).toBe(99.99);
    expect(await publicPriceList()).toContain("$99.99");

    await page
      .getByTestId("repair-item-row")
      .filter({ hasText: model })
      .getByRole("link", { name: /^Edit/ })
      .click();
    await page.getByRole("dialog").getByLabel("Call For Price").check();
    await page.getByRole("dialog").getByRole("button", { name: "Update Repair Item" }).click();
    const edited = page.getByTestId("repair-item-row").filter({ hasText: model });
    await expect(edited).toContainText("Call For Price");
    expect(await find()).toMatchObject({ price: null, priceLabel: "Call For Price" });

    await edited.getByRole("link", { name: /^Delete/ }).click();
    dialog = page.getByRole("dialog", { name: "Delete Repair Item" });
    await expect(dialog).toContainText("Are you sure you want to delete this repair item?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("Repair item deleted successfully.");
    await expect(page.getByTestId("repair-item-row").filter({ hasText: model })).toHaveCount(0);
    expect(await find()).toBeUndefined();
    await page.goto(`/price-list/mobile?q=${encodeURIComponent(model)}`);
    await expect(page.getByRole("rowheader", { name: model })).toHaveCount(0);
  });

  test("keeps the form and says why when an entry is invalid", async ({ page }) => {
    await logIn(page, {
      from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%2Fnew",
      landsOn: /\/admin\/repair-items\/new$/,
    });
    const dialog = page.getByRole("dialog", { name: "Add New Repair Item" });
    await dialog.getByLabel("Device Category").selectOption("Laptop Repair");
    await dialog.getByRole("combobox", { name: "Brand", exact: true }).selectOption("Dell");
    await dialog.getByLabel("Model").fill(uniqueName("E2E Laptop"));
    await dialog.getByLabel("Issue").fill("Keyboard Replacement");
    await dialog.getByRole("button", { name: "Add Repair Item" }).click();
    await expect(
      dialog.getByText("Please enter a price like 129.99, or choose Call For Price."),
    ).toBeVisible();
    await expect(dialog.getByRole("combobox", { name: "Brand", exact: true })).toHaveValue("Dell");
  });

  test("filters by category and brand", async ({ page }) => {
    await logIn(page, {
      from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%3Fcategory%3Dtablet",
      landsOn: /category=tablet$/,
    });
    const rows = page.getByTestId("repair-item-row");
    await expect(rows.first()).toContainText("Tablet Repair");
    await page.getByLabel("Brand").selectOption("Samsung");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/brand=Samsung/);
    for (const text of await rows.allTextContents()) expect(text).toMatch(/^Tablet RepairSamsung/);
  });

  test('picks an existing brand; a typed "apple" becomes Apple; the entry is shown on its page', async ({
    page,
    request,
  }) => {
    const model = uniqueName("E2E iPhone");
    await logIn(page, {
      from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%2Fnew%3Fcategory%3Dmobile",
      landsOn: /\/admin\/repair-items\/new\?category=mobile$/,
    });
    let dialog = page.getByRole("dialog", { name: "Add New Repair Item" });
    await expect(dialog.getByLabel("Device Category")).toHaveValue("mobile");
    // The brands offered are the category's own.
    const brands = await dialog
      .getByRole("combobox", { name: "Brand", exact: true })
      .locator("option")
      .allTextContents();
    expect(brands).toEqual(expect.arrayContaining(["Apple", "Samsung", "New brand…"]));
    expect(brands).not.toContain("Lenovo");
    await dialog
      .getByRole("combobox", { name: "Brand", exact: true })
      .selectOption({ label: "New brand…" });
    await dialog.getByLabel("New brand").fill("  apple ");
    await dialog.getByLabel("Model").fill(model);
    await dialog.getByLabel("Issue").fill("Screen Repair");
    await dialog.getByLabel("Price (CAD)").fill("129");
    await dialog.getByRole("button", { name: "Add Repair Item" }).click();
    await expect(page.getByTestId("toast")).toContainText("Repair item added successfully.");

    // Apple has more than a page of entries and a new one comes last: the list opens on its page.
    await expect(page).toHaveURL(/\?category=mobile&brand=Apple&page=\d+&highlight=\d+#item-\d+$/);
    const pageNumber = Number(new URL(page.url()).searchParams.get("page"));
    expect(pageNumber).toBeGreaterThan(1);
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).locator("[aria-current=page]"),
    ).toHaveText(`Page ${pageNumber}`);
    const row = page.getByTestId("repair-item-row").filter({ hasText: model });
    await expectHighlighted(row);
    await expect(row).toContainText("$129.00");
    const saved = (await repairItemsViaApi(request)).filter((item) => item.model === model);
    expect(saved.map((item) => item.brand)).toEqual(["Apple"]);

    // Edit: the existing brand is chosen from the list, not typed.
    await row.getByRole("link", { name: /^Edit/ }).click();
    dialog = page.getByRole("dialog", { name: "Edit Repair Item" });
    await expect(dialog.getByRole("combobox", { name: "Brand", exact: true })).toHaveValue("Apple");
    await dialog.getByLabel("Price (CAD)").fill("119");
    await dialog.getByRole("button", { name: "Update Repair Item" }).click();
    await expect(page.getByTestId("toast")).toContainText("Repair item updated successfully.");
    await expectHighlighted(page.getByTestId("repair-item-row").filter({ hasText: model }));
    await expect(page.getByTestId("repair-item-row").filter({ hasText: model })).toContainText(
      "$119.00",
    );

    const token = await apiToken(request);
    const id = saved[0]!.id;
    await request.post(`/api/admin/delete_repair_item.php?id=${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  });

  test("page numbers and the jump to a category and brand", async ({ page }) => {
    await logIn(page, {
      from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items",
      landsOn: /\/admin\/repair-items$/,
    });
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Page 2");
    await page.getByLabel("Category").selectOption("Smart Watch Repair");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/category=watch/);
    await page.getByLabel("Brand").selectOption("Samsung");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/category=watch&brand=Samsung/);
    for (const text of await page.getByTestId("repair-item-row").allTextContents())
      expect(text).toMatch(/^Smart Watch RepairSamsung/);
  });

  test("exports the filtered list as a CSV that keeps accents", async ({ page, request }) => {
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
    await logIn(page, {
      from: `/admin/login?redirectTo=${encodeURIComponent(`/admin/repair-items?category=laptop&q=${model}`)}`,
      landsOn: /category=laptop/,
    });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /^Export CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^price-list-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
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

  test("on a phone the rows are cards and the edit dialog's buttons are on screen", async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize(phone);
    await logIn(page, {
      from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%3Fcategory%3Dmobile",
      landsOn: /category=mobile$/,
    });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    if (jsEnabled) await expectNoAxeViolations(page, "price list on a phone");
    await page.getByTestId("repair-item-row").first().getByRole("link", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Repair Item" });
    await expect(dialog.getByRole("button", { name: "Update Repair Item" })).toBeInViewport({
      ratio: 1,
    });
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
    if (jsEnabled) {
      await expectNoAxeViolations(page, "edit dialog on a phone");
      // With JavaScript the "New brand" field appears when it is asked for.
      await expect(dialog.getByLabel("New brand")).toHaveCount(0);
      await dialog
        .getByRole("combobox", { name: "Brand", exact: true })
        .selectOption({ label: "New brand…" });
      await expect(dialog.getByLabel("New brand")).toBeVisible();
      await expectNoAxeViolations(page, "edit dialog with a new brand");
    }
  });
});
