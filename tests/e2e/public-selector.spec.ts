import type { Page } from "@playwright/test";
import { deviceCategories, findCategory } from "../../app/config/shop";
import { catalogueRows } from "../../seeds/seed";
import { desktop, expect, phone, test } from "./fixtures";
import { countDocumentLoads, hrefOf, open, pickDevice as pick } from "./support/public";

test.use({ viewport: desktop });

const rows = catalogueRows();
const unique = <T>(values: T[]) => [...new Set(values)];
const priceOf = (model: string, repair: string) =>
  rows.find((r) => r.category === "mobile" && r.model === model && r.repair === repair)!;
const mobile = findCategory("mobile")!;

/** The page's query as a plain object, once it equals `expected`. */
async function expectQuery(page: Page, expected: Record<string, string>) {
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(expected);
}

const summary = (page: Page) => page.getByRole("region", { name: "3. Your repair" });
const repairLink = (page: Page, repair: string) =>
  page.getByRole("link", { name: new RegExp(`^${repair.replace(/[()]/g, "\\$&")}`) });

test.describe("service model selector", () => {
  test("walks brand → series → model → repair, resetting what lies below each change", async ({
    page,
    jsEnabled,
  }) => {
    const loads = countDocumentLoads(page);
    await open(page, "/services/mobile", jsEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(mobile.title);
    const loadsAtStart = loads();

    const brand = page.getByLabel("Brand", { exact: true });
    const series = page.getByLabel("Series", { exact: true });
    const model = page.getByLabel("Model", { exact: true });
    await expect(brand.locator("option")).toHaveText([
      "Select a brand",
      "Apple",
      "Samsung",
      "Google",
    ]);
    await expect(series).toHaveCount(0);
    await expect(model).toBeDisabled();
    await expect(
      page.getByText(
        "Choose a brand and model above to see the repairs we offer and their prices.",
      ),
    ).toBeVisible();
    await expect(summary(page)).toHaveCount(0);

    // A brand with series: the series comes first and the model waits for it.
    await pick(page, "Brand", "Samsung", jsEnabled);
    await expectQuery(page, { brand: "Samsung" });
    await expect(series).toBeVisible();
    await expect(series.locator("option")).toHaveText([
      "Select a series",
      "Galaxy S",
      "Galaxy Note",
      "Galaxy A",
      "Galaxy Z",
    ]);
    await expect(model).toBeDisabled();

    await pick(page, "Series", "Galaxy S", jsEnabled);
    await expectQuery(page, { brand: "Samsung", series: "Galaxy S" });
    await expect(model).toBeEnabled();
    const galaxyS = unique(rows.filter((r) => r.series === "Galaxy S").map((r) => r.model));
    await expect(model.locator("option")).toHaveText(["Select a model", ...galaxyS]);

    // A model lists its repairs with prices.
    await pick(page, "Model", "Galaxy S23", jsEnabled);
    await expectQuery(page, { brand: "Samsung", series: "Galaxy S", model: "Galaxy S23" });
    await expect(
      page.getByRole("heading", { name: "2. Choose a repair for the Samsung Galaxy S23" }),
    ).toBeVisible();
    const repairs = rows.filter((r) => r.model === "Galaxy S23");
    const list = page.getByRole("region", { name: /2\. Choose a repair/ }).getByRole("listitem");
    await expect(list).toHaveCount(repairs.length);
    await expect(list.first()).toContainText("Screen Repair (Glass and LCD)");
    await expect(list.first()).toContainText(
      `$${priceOf("Galaxy S23", "Screen Repair (Glass and LCD)").price}`,
    );
    await expect(list.last()).toContainText("For any other repair");
    await expect(list.last()).toContainText("Call For Price");
    await expect(summary(page)).toHaveCount(0);

    // Picking a repair shows it, its price and the booking link.
    await repairLink(page, "Battery Replacement").click();
    await expectQuery(page, {
      brand: "Samsung",
      series: "Galaxy S",
      model: "Galaxy S23",
      repair: "Battery Replacement",
    });
    await expect(repairLink(page, "Battery Replacement")).toHaveAttribute("aria-current", "true");
    await expect(summary(page)).toContainText("Samsung Galaxy S23");
    await expect(summary(page)).toContainText("Battery Replacement");
    await expect(page.getByTestId("selected-price")).toHaveText(
      `$${priceOf("Galaxy S23", "Battery Replacement").price}`,
    );
    const book = await hrefOf(summary(page).getByRole("link", { name: "Book Now" }));
    expect(book.pathname).toBe("/book-appointment");
    expect([...book.searchParams]).toEqual([
      ["brand", "Samsung"],
      ["model", "Galaxy S23"],
      ["issue", "Battery Replacement"],
      ["price", priceOf("Galaxy S23", "Battery Replacement").price!],
      ["deviceCategory", mobile.title],
    ]);

    // Model resets the repair.
    await pick(page, "Model", "Galaxy S24", jsEnabled);
    await expectQuery(page, { brand: "Samsung", series: "Galaxy S", model: "Galaxy S24" });
    await expect(summary(page)).toHaveCount(0);
    await expect(
      page.getByRole("heading", { name: "2. Choose a repair for the Samsung Galaxy S24" }),
    ).toBeVisible();

    // Series resets model and repair.
    await repairLink(page, "Camera Repair").click();
    await expect(summary(page)).toBeVisible();
    await pick(page, "Series", "Galaxy A", jsEnabled);
    await expectQuery(page, { brand: "Samsung", series: "Galaxy A" });
    await expect(model).toHaveValue("");
    await expect(summary(page)).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: /2\. Choose a repair/ }).getByRole("listitem"),
    ).toHaveCount(0);

    // Brand resets series, model and repair; a brand without series goes straight to its models.
    await pick(page, "Model", "Galaxy A53 5G", jsEnabled);
    await repairLink(page, "Battery Replacement").click();
    await expect(summary(page)).toBeVisible();
    await pick(page, "Brand", "Apple", jsEnabled);
    await expectQuery(page, { brand: "Apple" });
    await expect(series).toHaveCount(0);
    await expect(model).toBeEnabled();
    await expect(model).toHaveValue("");
    await expect(summary(page)).toHaveCount(0);

    // A repair priced "Call For Price" books with an empty price.
    await pick(page, "Model", "iPhone 17", jsEnabled);
    await repairLink(page, "Back Glass Repair").click();
    await expect(page.getByTestId("selected-price")).toHaveText("Call For Price");
    const callBook = await hrefOf(summary(page).getByRole("link", { name: "Book Now" }));
    expect(callBook.searchParams.get("price")).toBe("");
    expect(callBook.searchParams.get("issue")).toBe("Back Glass Repair");

    // Each choice was a page load, with JavaScript or without.
    expect(loads() - loadsAtStart).toBeGreaterThanOrEqual(12);
  });

  test("a shared link opens with the whole selection in place", async ({ page }) => {
    await page.goto(
      "/services/mobile?brand=Google&model=Pixel+8&repair=Screen+Repair+%28Glass+and+LCD%29",
    );
    await expect(page.getByLabel("Brand", { exact: true })).toHaveValue("Google");
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue("Pixel 8");
    await expect(page.getByTestId("selected-price")).toHaveText(
      `$${priceOf("Pixel 8", "Screen Repair (Glass and LCD)").price}`,
    );
  });

  test("a name that does not exist is dropped with everything after it", async ({ page }) => {
    await page.goto("/services/mobile?brand=Samsung&series=Galaxy+Q&model=Galaxy+S23");
    await expectQuery(page, { brand: "Samsung" });
    await expect(page.getByLabel("Series", { exact: true })).toHaveValue("");
  });

  test("every category lists its own brands and books with its own title", async ({
    page,
    jsEnabled,
  }) => {
    for (const category of deviceCategories) {
      await open(page, `/services/${category.slug}`, jsEnabled);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.title);
      const brands = unique(rows.filter((r) => r.category === category.slug).map((r) => r.brand));
      await expect(page.getByLabel("Brand", { exact: true }).locator("option")).toHaveText([
        "Select a brand",
        ...brands,
      ]);
      await expect(
        page
          .getByRole("navigation", { name: "Repair categories" })
          .getByRole("link", { name: category.shortName, exact: true }),
      ).toHaveAttribute("aria-current", "page");
      await expect(
        page.getByRole("link", { name: `See the full ${category.shortName} price list` }),
      ).toHaveAttribute("href", `/price-list/${category.slug}`);
    }

    const row = rows.find((r) => r.category === "laptop" && r.series && r.price)!;
    const query = new URLSearchParams({
      brand: row.brand,
      series: row.series!,
      model: row.model,
      repair: row.repair,
    });
    await open(page, `/services/laptop?${query}`, jsEnabled);
    const book = await hrefOf(summary(page).getByRole("link", { name: "Book Now" }));
    expect(Object.fromEntries(book.searchParams)).toEqual({
      brand: row.brand,
      model: row.model,
      issue: row.repair,
      price: row.price,
      deviceCategory: findCategory("laptop")!.title,
    });
  });

  test("an unknown category answers 404 with its message", async ({ page }) => {
    const response = await page.goto("/services/toasters");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Service category not found.", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/\| WeFix$/);
  });

  test("works at phone width", async ({ page, jsEnabled }) => {
    await page.setViewportSize(phone);
    await open(page, "/services/mobile", jsEnabled);
    await pick(page, "Brand", "Google", jsEnabled);
    await pick(page, "Model", "Pixel 9", jsEnabled);
    await repairLink(page, "Battery Replacement").click();
    await expect(summary(page).getByRole("link", { name: "Book Now" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
  });
});

test.describe("repair service finder", () => {
  const finder = (page: Page) => page.getByRole("region", { name: "Repair Service Finder" });
  const selected = (page: Page) => page.getByTestId("finder-selected");
  const bookButton = (page: Page) => finder(page).getByRole("button", { name: "Book Appointment" });
  const bookLink = (page: Page) => finder(page).getByRole("link", { name: "Book Appointment" });

  test("books only once a brand and model are chosen, resetting what lies below a change", async ({
    page,
    jsEnabled,
  }) => {
    const loads = countDocumentLoads(page);
    await open(page, "/services", jsEnabled);
    const loadsAtStart = loads();
    await expect(selected(page)).toHaveText("Selected: nothing yet");
    await expect(bookButton(page)).toBeDisabled();
    await expect(bookLink(page)).toHaveCount(0);
    await expect(finder(page).getByLabel("Model", { exact: true })).toBeDisabled();

    await pick(page, "Brand", "Samsung", jsEnabled);
    await expectQuery(page, { brand: "Samsung" });
    await expect(selected(page)).toHaveText("Selected: Samsung");
    await expect(bookButton(page)).toBeDisabled();

    await pick(page, "Series", "Galaxy Z", jsEnabled);
    await expect(selected(page)).toHaveText("Selected: Samsung → Galaxy Z");
    await expect(bookButton(page)).toBeDisabled();

    const foldModel = rows.find((r) => r.series === "Galaxy Z")!.model;
    await pick(page, "Model", foldModel, jsEnabled);
    await expect(selected(page)).toHaveText(`Selected: Samsung → Galaxy Z → ${foldModel}`);
    const href = await hrefOf(bookLink(page));
    expect(href.pathname).toBe("/book-appointment");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      brand: "Samsung",
      series: "Galaxy Z",
      model: foldModel,
      deviceCategory: mobile.title,
    });

    // Series resets the model.
    await pick(page, "Series", "Galaxy S", jsEnabled);
    await expectQuery(page, { brand: "Samsung", series: "Galaxy S" });
    await expect(selected(page)).toHaveText("Selected: Samsung → Galaxy S");
    await expect(finder(page).getByLabel("Model", { exact: true })).toHaveValue("");
    await expect(bookButton(page)).toBeDisabled();

    // Brand resets series and model; a brand without series books without one.
    await pick(page, "Model", "Galaxy S23", jsEnabled);
    await pick(page, "Brand", "Apple", jsEnabled);
    await expectQuery(page, { brand: "Apple" });
    await expect(selected(page)).toHaveText("Selected: Apple");
    await expect(finder(page).getByLabel("Series", { exact: true })).toHaveCount(0);
    await pick(page, "Model", "iPhone 15", jsEnabled);
    await expect(selected(page)).toHaveText("Selected: Apple → iPhone 15");
    // Each choice loaded the page again, opened at the finder.
    expect(new URL(page.url()).hash).toBe("#finder");
    expect(Object.fromEntries((await hrefOf(bookLink(page))).searchParams)).toEqual({
      brand: "Apple",
      model: "iPhone 15",
      deviceCategory: mobile.title,
    });

    await bookLink(page).click();
    await expect(page).toHaveURL(/\/book-appointment\?/);
    expect(loads() - loadsAtStart).toBeGreaterThanOrEqual(8);
  });
});
