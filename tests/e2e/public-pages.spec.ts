import { stats } from "../../app/content/about";
import { privacyPolicy, terms } from "../../app/content/legal";
import { formatCount } from "../../app/utils/count-format";
import { catalogueRows } from "../../seeds/seed";
import { desktop, expect, test } from "./fixtures";
import { open } from "./support/public";

/*
 * What the public pages' content needs a browser for. What the server draws (titles, texts,
 * links, statuses, the sitemap) is read without one in tests/html/public-content-pages.spec.ts.
 * Each test here runs once: the page script counts the figures, and the other two depend on
 * styles and the browser alone, the same page with JavaScript or without.
 */

test.use({ viewport: desktop });

const rows = catalogueRows();

test("/about counts each figure up once it is in view and ends on the real value @js-only", async ({
  page,
  jsEnabled,
}) => {
  await open(page, "/about", jsEnabled);
  const main = page.getByRole("main");
  for (const stat of stats) {
    const term = main.locator("dt", { hasText: stat.label });
    await term.scrollIntoViewIfNeeded();
    // The copy that moves (the one screen readers read always has the final value).
    await expect(term.locator("xpath=following-sibling::dd[1]/*[@data-count-up]")).toHaveText(
      formatCount(stat.value, stat.suffix),
    );
  }
});

test("on a wide screen a price cell shows only the price, its repair being the column's header @js-only", async ({
  page,
}) => {
  await page.goto("/price-list/mobile");
  const table = page.getByRole("table", { name: "Apple repair prices in Canadian dollars" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "iPhone 8", exact: true }) });
  const headers = await table.locator("thead th").allTextContents();
  const cells = await row.locator("th, td").allInnerTexts();
  const priceOf = (repair: string) => cells[headers.indexOf(repair)];
  const screen = rows.find(
    (r) => r.model === "iPhone 8" && r.repair === "Screen Repair (Glass and LCD)",
  )!;
  expect(priceOf("Screen Repair (Glass and LCD)")).toBe(`$${screen.price}`);
  expect(priceOf("For any other repair")).toBe("Call For Price");
});

test("a legal page's list jumps to its section @js-only", async ({ page, jsEnabled }) => {
  for (const document of [
    { path: "/terms", text: terms },
    { path: "/privacy-policy", text: privacyPolicy },
  ]) {
    await test.step(document.path, async () => {
      await open(page, document.path, jsEnabled);
      const last = document.text.sections.at(-1)!;
      await page
        .getByRole("navigation", { name: "On this page" })
        .getByRole("link", { name: last.title })
        .click();
      await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
      await expect(page.locator(`#${last.id}-heading`)).toBeInViewport();
    });
  }
});
