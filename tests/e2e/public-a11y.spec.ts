import type { Page } from "@playwright/test";
import { blogPosts } from "../../app/content/blog";
import { deviceCategories } from "../../app/config/shop";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { chunks, open } from "./support/public";

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
 * JavaScript page of its own at the same address, so styles and relative links resolve alike.
 * One such page serves every check of a test: a new browser context costs more than a check.
 */
function axeChecker(page: Page, jsEnabled: boolean) {
  let copy: Page | undefined;
  return {
    async expectNoViolations(frames = false) {
      const { pathname, search } = new URL(page.url());
      const label = pathname + search;
      if (jsEnabled) {
        expect.soft(await axeViolations(page, { label, tags, frames })).toEqual([]);
        return;
      }
      const html = (await page.content())
        .replace(/<script\b[\s\S]*?<\/script>/gi, "")
        .replace(/<\/?noscript>/gi, "");
      if (!copy) {
        const context = await page
          .context()
          .browser()!
          .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
        copy = await context.newPage();
      }
      const checked = copy;
      await checked.unrouteAll();
      await checked.route(page.url(), (route) =>
        route.fulfill({ contentType: "text/html", body: html }),
      );
      await checked.goto(page.url());
      expect.soft(await axeViolations(checked, { label, tags, frames })).toEqual([]);
    },
    close: () => copy?.context().close(),
  };
}

/**
 * A few pages a test, in one browser page: opening a fresh one for each address cost more than
 * the checks. Every address is still checked and named in a failure (soft assertions).
 */
const groups = [
  pages.filter((path) => path.startsWith("/price-list/")),
  ...chunks(
    pages.filter((path) => !path.startsWith("/price-list/")),
    6,
  ),
];

for (const viewport of [
  { name: "desktop", size: desktop },
  { name: "phone", size: phone },
]) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({ viewport: viewport.size });
    for (const group of groups) {
      test(`${group.join(", ")} have no axe violations`, async ({ page, jsEnabled }) => {
        // A full price list is a few thousand elements, each of which axe inspects.
        test.setTimeout(15_000 * group.length);
        const axe = axeChecker(page, jsEnabled);
        try {
          for (const path of group) {
            await open(page, path, jsEnabled);
            await axe.expectNoViolations();
          }
        } finally {
          await axe.close();
        }
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
    const axe = axeChecker(page, jsEnabled);
    try {
      await open(page, "/faq", jsEnabled);
      await page.getByRole("main").locator("details > summary").first().click();
      await axe.expectNoViolations();

      await open(page, "/", jsEnabled);
      if (jsEnabled) await page.getByRole("button", { name: "Show interactive map" }).click();
      // The map is a frame from another origin: axe checks inside it too.
      await axe.expectNoViolations(true);
    } finally {
      await axe.close();
    }
  });
});
