import type { Locator, Page } from "@playwright/test";
import { taxNote } from "../../app/utils/price";
import { expect, phone, test } from "./fixtures";
import { open, pickDevice as pick } from "./support/public";

/**
 * How the price lists and the selector fit a phone and a desktop. Their links, the booking form
 * they fill in and the search are the same markup at every width:
 * tests/html/public-forms-prices.spec.ts and public-forms-selector.spec.ts.
 */

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
      });
    }
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
    // The redirect's Location, to #step-device, is tests/html/public-forms-selector.spec.ts.
    await open(page, "/services/mobile?brand=Samsung&series=Galaxy+Q", jsEnabled);
    await expectOnScreen(page, page.getByLabel("Series", { exact: true }), "the Series dropdown");
  });
});
