import type { Page } from "@playwright/test";
import { blogPosts } from "../../app/content/blog";
import { deviceCategories } from "../../app/config/shop";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { open } from "./support/public";

/** Every public page, and the states of the interactive ones, as a visitor reaches them. */
const pages = [
  "/",
  "/about",
  "/services",
  "/services?brand=Samsung&series=Galaxy+S&model=Galaxy+S23",
  ...deviceCategories.map((c) => `/services/${c.slug}`),
  "/services/mobile?brand=Samsung&series=Galaxy+S&model=Galaxy+S23&repair=Battery+Replacement",
  ...deviceCategories.map((c) => `/price-list/${c.slug}`),
  "/price-list/mobile?q=nokia",
  "/faq",
  "/faq?q=xylophone",
  "/blog",
  ...blogPosts.map((post) => `/blog/${post.slug}`),
  "/terms",
  "/privacy-policy",
  "/contact",
  "/book-appointment",
  "/track-repair",
  "/services/toasters",
  "/blog/no-such-post",
];

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe runs as a script in the page, which a page without JavaScript cannot do. There, the
 * document as the visitor has it (scripts removed, <noscript> content shown) is checked in a
 * page of its own at the same address, so styles and relative links resolve alike.
 */
async function expectNoViolations(page: Page, jsEnabled: boolean, frames = false) {
  if (jsEnabled) {
    expect(await axeViolations(page, { tags, frames })).toEqual([]);
    return;
  }
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript>/gi, "");
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    const copy = await context.newPage();
    await copy.route(page.url(), (route) =>
      route.fulfill({ contentType: "text/html", body: html }),
    );
    await copy.goto(page.url());
    expect(await axeViolations(copy, { tags, frames })).toEqual([]);
  } finally {
    await context.close();
  }
}

for (const viewport of [
  { name: "desktop", size: desktop },
  { name: "phone", size: phone },
]) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({ viewport: viewport.size });
    for (const path of pages) {
      test(`${path} has no axe violations`, async ({ page, jsEnabled }) => {
        // A full price list is a few thousand elements, each of which axe inspects.
        if (path.startsWith("/price-list/")) test.slow();
        await open(page, path, jsEnabled);
        await expectNoViolations(page, jsEnabled);
      });
    }
  });
}

test.describe("accessibility of opened widgets", () => {
  test.use({ viewport: desktop });

  test("an open FAQ answer and a loaded map", async ({ page, jsEnabled }) => {
    const { origin } = new URL((await import("../../app/config/shop")).address.mapEmbed);
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><html lang=en><title>Map</title><p>Map</p></html>",
      }),
    );
    await open(page, "/faq", jsEnabled);
    await page.getByRole("main").locator("details > summary").first().click();
    await expectNoViolations(page, jsEnabled);

    await open(page, "/", jsEnabled);
    if (jsEnabled) await page.getByRole("button", { name: "Show interactive map" }).click();
    // The map is a frame from another origin: axe checks inside it too.
    await expectNoViolations(page, jsEnabled, true);
  });
});
