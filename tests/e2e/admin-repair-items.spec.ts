import { expect, test } from "./fixtures";
import { logIn, repairItemsViaApi, uniqueName } from "./support/admin";

test.describe("price list", () => {
  test("adds, edits and deletes an entry, and the price data changes at once", async ({ page, request }) => {
    const model = uniqueName("E2E Phone");
    await logIn(page, { from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items", landsOn: /\/admin\/repair-items$/ });

    await page.getByRole("link", { name: "Add New Repair Item" }).click();
    let dialog = page.getByRole("dialog", { name: "Add New Repair Item" });
    await dialog.getByLabel("Device Category").selectOption("Mobile Repair Service");
    await dialog.getByLabel("Brand").fill("Nothing");
    await dialog.getByLabel("Series").fill("Phone");
    await dialog.getByLabel("Model").fill(model);
    await dialog.getByLabel("Issue").fill("Screen Repair");
    await dialog.getByLabel("Price (CAD)").fill("123.45");
    await dialog.getByRole("button", { name: "Add Repair Item" }).click();
    await expect(page.getByTestId("toast")).toContainText("Repair item added successfully.");
    await expect(dialog).toHaveCount(0);

    const find = async () => (await repairItemsViaApi(request)).find((item) => item.model === model);
    expect(await find()).toMatchObject({ deviceCategory: "Mobile Repair Service", brand: "Nothing", series: "Phone", issue: "Screen Repair", price: 123.45 });
    // What customers see: the price list and the model selector read the same table.
    const publicPriceList = async () => (await request.get(`/price-list/mobile?q=${encodeURIComponent(model)}`)).text();
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
    await expect(row).toContainText("$99.99");
    expect((await find())?.price).toBe(99.99);
    expect(await publicPriceList()).toContain("$99.99");

    await row.getByRole("link", { name: /^Edit/ }).click();
    await page.getByRole("dialog").getByLabel("Call For Price").check();
    await page.getByRole("dialog").getByRole("button", { name: "Update Repair Item" }).click();
    await expect(row).toContainText("Call For Price");
    expect(await find()).toMatchObject({ price: null, priceLabel: "Call For Price" });

    await row.getByRole("link", { name: /^Delete/ }).click();
    dialog = page.getByRole("dialog", { name: "Delete Repair Item" });
    await expect(dialog).toContainText("Are you sure you want to delete this repair item?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("Repair item deleted successfully.");
    await expect(page.getByText("No repair items found. Add one to get started!")).toBeVisible();
    expect(await find()).toBeUndefined();
    await page.goto(`/price-list/mobile?q=${encodeURIComponent(model)}`);
    await expect(page.getByRole("rowheader", { name: model })).toHaveCount(0);
  });

  test("keeps the form and says why when an entry is invalid", async ({ page }) => {
    await logIn(page, { from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%2Fnew", landsOn: /\/admin\/repair-items\/new$/ });
    const dialog = page.getByRole("dialog", { name: "Add New Repair Item" });
    await dialog.getByLabel("Device Category").selectOption("Laptop Repair");
    await dialog.getByLabel("Brand").fill("Dell");
    await dialog.getByLabel("Model").fill(uniqueName("E2E Laptop"));
    await dialog.getByLabel("Issue").fill("Keyboard Replacement");
    await dialog.getByRole("button", { name: "Add Repair Item" }).click();
    await expect(dialog.getByText("Please enter a price like 129.99, or choose Call For Price.")).toBeVisible();
    await expect(dialog.getByLabel("Brand")).toHaveValue("Dell");
  });

  test("filters by category and brand", async ({ page }) => {
    await logIn(page, { from: "/admin/login?redirectTo=%2Fadmin%2Frepair-items%3Fcategory%3Dtablet", landsOn: /category=tablet$/ });
    const rows = page.getByTestId("repair-item-row");
    await expect(rows.first()).toContainText("Tablet Repair");
    await page.getByLabel("Brand").selectOption("Samsung");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/brand=Samsung/);
    for (const text of await rows.allTextContents()) expect(text).toMatch(/^Tablet RepairSamsung/);
  });
});
