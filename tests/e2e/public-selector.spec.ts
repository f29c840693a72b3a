import { expect, phone, test } from "./fixtures";
import { countDocumentLoads, open, pickDevice as pick } from "./support/public";

/**
 * The service selector in a browser: at a phone's width, and each choice a page load with the page
 * script (which sends the picker's form on change) or without (Update). What each step shows, the
 * resets, the links and the finder are read from the server's HTML:
 * tests/html/public-forms-selector.spec.ts.
 */
test.describe("service model selector", () => {
  test("works at phone width, each choice a page load", async ({ page, jsEnabled }) => {
    await page.setViewportSize(phone);
    const loads = countDocumentLoads(page);
    await open(page, "/services/mobile", jsEnabled);
    const loadsAtStart = loads();
    await pick(page, "Brand", "Google", jsEnabled);
    await pick(page, "Model", "Pixel 9", jsEnabled);
    await page.getByRole("link", { name: /^Battery Replacement/ }).click();
    const summary = page.getByRole("region", { name: "3. Your repair" });
    await expect(summary.getByRole("link", { name: "Book Now" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    // Two choices and a repair, with JavaScript or without.
    expect(loads() - loadsAtStart).toBeGreaterThanOrEqual(3);
  });
});
