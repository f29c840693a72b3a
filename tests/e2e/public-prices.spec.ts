import type { Locator, Page } from "@playwright/test";
import { findCategory } from "../../app/config/shop";
import { taxNote } from "../../app/utils/price";
import { catalogueRows } from "../../seeds/seed";
import { expect, phone, test } from "./fixtures";
import { hrefOf, open, pickDevice as pick } from "./support/public";

const rows = catalogueRows();
const row = (model: string, repair: string) =>
  rows.find((r) => r.model === model && r.repair === repair)!;
const screens = { phone, desktop: { width: 1280, height: 800 } };

/** True once the whole element is on screen: below the sticky header and above the bottom edge. */
async function onScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const header = await page.locator("header").first().boundingBox();
  const viewport = page.viewportSize()!;
  if (!box || !header) return false;
  return (
    box.y >= header.y + header.height - 1 &&
    box.y + box.height <= viewport.height &&
    box.x >= 0 &&
    box.x + box.width <= viewport.width
  );
}

const expectOnScreen = (page: Page, locator: Locator, what: string) =>
  expect.poll(() => onScreen(page, locator), { message: `${what} is on screen` }).toBe(true);

for (const [size, viewport] of Object.entries(screens)) {
  test.describe(`price lists on a ${size} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    for (const slug of ["laptop", "mobile"] as const) {
      test(`/price-list/${slug} shows every price without sideways scrolling`, async ({
        page,
        jsEnabled,
      }) => {
        await open(page, `/price-list/${slug}`, jsEnabled);
        await expect(page.getByText(taxNote).first()).toBeVisible();
        const layout = await page.evaluate(() => {
          const scroller = document.scrollingElement!;
          const cells = [...document.querySelectorAll("main td")].map((cell) =>
            cell.getBoundingClientRect(),
          );
          return {
            scrollWidth: scroller.scrollWidth,
            clientWidth: scroller.clientWidth,
            cells: cells.length,
            outside: cells.filter((box) => box.left < 0 || box.right > scroller.clientWidth).length,
            innerScrollers: [...document.querySelectorAll("main table")].filter(
              (table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth,
            ).length,
          };
        });
        expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
        expect(layout.cells).toBeGreaterThan(100);
        expect(layout.outside, "price cells cut off at the side").toBe(0);
        expect(layout.innerScrollers, "price tables that scroll sideways").toBe(0);

        // Every listed price is a link to book that repair, named for a list of links.
        const listed = rows.filter((r) => r.category === slug);
        await expect(
          page.getByRole("main").getByRole("link", { name: /^Book .+ for .+, / }),
        ).toHaveCount(listed.length);
      });
    }

    test("a price books its repair with the form filled in", async ({ page, jsEnabled }) => {
      const screen = row("iPhone 13", "Screen Repair (Glass and LCD)");
      await open(page, "/price-list/mobile", jsEnabled);
      const link = page.getByRole("link", {
        name: `Book Screen Repair (Glass and LCD) for Apple iPhone 13, $${screen.price}`,
        exact: true,
      });
      await expect(link).toBeVisible();
      await expect(link).toContainText(`$${screen.price}`);
      await link.click();
      await expect(page).toHaveURL(/\/book-appointment\?/);
      await expect(page.getByLabel("Device Category")).toHaveValue("Mobile Repair Service");
      await expect(page.getByLabel("Device Brand")).toHaveValue("Apple");
      await expect(page.getByLabel("Device Model")).toHaveValue("iPhone 13");
      await expect(page.getByLabel("Issue Type")).toHaveValue("Screen Repair (Glass and LCD)");
      await expect(page.getByLabel("Issue Description")).toHaveValue(
        `I want to repair my Apple iPhone 13 for Screen Repair (Glass and LCD). I want to confirm the price, which is ${screen.price}.`,
      );
    });

    test("a repair quoted case by case books without a price", async ({ page, jsEnabled }) => {
      await open(page, "/price-list/laptop", jsEnabled);
      const quoted = rows.find(
        (r) => r.category === "laptop" && r.brand === "Dell" && r.price === null,
      )!;
      const link = page.getByRole("link", {
        name: `Book ${quoted.repair} for Dell ${quoted.model}, Call For Price`,
        exact: true,
      });
      await expect(link).toContainText("Call For Price");
      const href = await hrefOf(link);
      expect(Object.fromEntries(href.searchParams)).toEqual({
        brand: "Dell",
        model: quoted.model,
        issue: quoted.repair,
        price: "",
        deviceCategory: findCategory("laptop")!.title,
      });
    });

    test("search by model narrows the list", async ({ page, jsEnabled }) => {
      await open(page, "/price-list/mobile", jsEnabled);
      await page.getByRole("searchbox", { name: "Search by model" }).fill("pixel 9");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL("/price-list/mobile?q=pixel+9");
      const matching = rows.filter(
        (r) =>
          r.category === "mobile" &&
          ["pixel", "9"].every((word) => `${r.brand} ${r.model}`.toLowerCase().includes(word)),
      );
      await expect(page.getByRole("rowheader")).toHaveText([
        ...new Set(matching.map((r) => r.model)),
      ]);
      const battery = row("Pixel 9", "Battery Replacement");
      await expect(
        page.getByRole("link", {
          name: `Book Battery Replacement for Google Pixel 9, $${battery.price}`,
          exact: true,
        }),
      ).toBeVisible();
    });
  });
}

test.describe("service selector on a phone", () => {
  test.use({ viewport: phone });

  // Needs the short page intro on phones (PageIntro), which this change does not make.
  test("shows the first choice on arrival", async ({ page, jsEnabled }) => {
    await open(page, "/services/mobile", jsEnabled);
    await expectOnScreen(page, page.getByLabel("Brand", { exact: true }), "the Brand dropdown");
  });

  test("keeps the next choice, then the summary, on screen after each step", async ({
    page,
    jsEnabled,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/services/mobile", jsEnabled);

    // Each choice loads the page again, which opens at the next one.
    const reloaded = (locator: Locator, what: string) => expectOnScreen(page, locator, what);
    await pick(page, "Brand", "Samsung", jsEnabled);
    await reloaded(page.getByLabel("Series", { exact: true }), "the Series dropdown");
    await pick(page, "Series", "Galaxy S", jsEnabled);
    await reloaded(page.getByLabel("Model", { exact: true }), "the Model dropdown");
    await pick(page, "Model", "Galaxy S23", jsEnabled);
    const repairs = page.getByRole("region", { name: /^2\. Choose a repair/ }).getByRole("link");
    await reloaded(repairs.first(), "the first repair");

    await repairs.filter({ hasText: "For any other repair" }).click();
    const summary = page.getByRole("region", { name: "3. Your repair" });
    await expectOnScreen(
      page,
      summary.getByRole("link", { name: "Book Now" }),
      "the Book Now link",
    );
    await expect(summary).toContainText("Galaxy S23");
    await expect(summary).toContainText(taxNote);
    expect(new URL(page.url()).hash).toBe("#summary");
  });

  test("a name that no longer exists reopens at the device choice", async ({ page, jsEnabled }) => {
    const response = await page.request.get("/services/mobile?brand=Samsung&series=Galaxy+Q", {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/services/mobile?brand=Samsung#step-device");
    await open(page, "/services/mobile?brand=Samsung&series=Galaxy+Q", jsEnabled);
    await expectOnScreen(page, page.getByLabel("Series", { exact: true }), "the Series dropdown");
  });
});
