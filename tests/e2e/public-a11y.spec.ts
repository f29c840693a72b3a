import type { Page } from "@playwright/test";
import { blogPosts } from "../../app/content/blog";
import { address, deviceCategories } from "../../app/config/shop";
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
  // One category's list stands for all five: the same table, only the rows differ. The largest.
  "/price-list/mobile",
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
  "/shop",
  "/shop?category=watch",
  "/services/toasters",
  "/blog/no-such-post",
];

/**
 * The pages whose document differs without JavaScript, and how. Public pages are drawn by the
 * server and not hydrated (decision 0036); the page script (app/browser/) changes only a few
 * widgets, so every other page is the same document without it, less what the script reveals
 * (the map's and the slideshow's buttons) and with the About page's figures at their final value
 * instead of counting up: nothing axe could find there that the run with JavaScript does not.
 */
const differentWithoutScript: Record<string, string> = {
  // app/browser/device-picker.ts sends the picker on change; without it, <noscript> adds Update.
  "/services": "the repair finder's device picker at its first step, with its Update button",
  "/services?brand=Samsung&series=Galaxy+S&model=Galaxy+S23":
    "the repair finder with all three choices made, and its Update button",
  "/services/mobile": "the service selector's first step, with its Update button",
  "/services/mobile?brand=Samsung&series=Galaxy+S&model=Galaxy+S23&repair=Battery+Replacement":
    "the service selector's last step (a repair chosen), with its Update button",
  // app/browser/faq-filter.ts filters as the visitor types; without it, <noscript> adds Search.
  "/faq": "the FAQ filter with its Search button",
  "/faq?q=xylophone": "the FAQ filter's answer that nothing matches, with its Search button",
  // app/browser/booking-times.ts removes the date step and makes the offered times plain buttons.
  "/book-appointment":
    "the booking form's date step (Show times for this date), and on a day with no free time left the next free times as submit buttons",
};

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The address of the page as failures name it. */
const labelOf = (page: Page) => {
  const { pathname, search } = new URL(page.url());
  return pathname + search;
};

/**
 * axe runs as a script in the page, which a page without JavaScript cannot do. There, the
 * document as the visitor has it (scripts removed, <noscript> content shown) is checked in a
 * JavaScript page of its own at the same address, so styles and relative links resolve alike.
 * One such page serves every check of a test: a new browser context costs more than a check.
 */
function noScriptAxe(page: Page) {
  let copy: Page | undefined;
  return {
    async expectNoViolations() {
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
      expect.soft(await axeViolations(checked, { label: labelOf(page), tags })).toEqual([]);
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
      test(
        `${group.join(", ")} have no axe violations`,
        { tag: "@js-only" },
        async ({ page, jsEnabled }) => {
          // A full price list is a few thousand elements, each of which axe inspects: up to 20 s
          // on a machine busy with two other test runs, and past 30 s beside three.
          test.setTimeout(60_000 * group.length);
          for (const path of group) {
            await open(page, path, jsEnabled);
            expect.soft(await axeViolations(page, { label: labelOf(page), tags })).toEqual([]);
          }
        },
      );
    }
  });

  test.describe(`accessibility at ${viewport.name} width without JavaScript`, () => {
    test.use({ viewport: viewport.size });
    // Their document without JavaScript; with it, the sweep above checks them.
    test.skip(({ jsEnabled }) => jsEnabled, "checked with JavaScript by the sweep above");
    for (const group of chunks(Object.keys(differentWithoutScript), 4)) {
      test(`${group.join(", ")} have no axe violations`, async ({ page }) => {
        // About 5 s a page on a quiet machine; past 15 s beside two other test runs.
        test.setTimeout(30_000 * group.length);
        const axe = noScriptAxe(page);
        try {
          for (const path of group) {
            await page.goto(path);
            await axe.expectNoViolations();
          }
        } finally {
          await axe.close();
        }
      });
    }
  });
}

// Without JavaScript the map stays the picture and its links, as on the page checked above, and
// an open answer is the FAQ page checked above with one <details> open: nothing new to check.
test.describe("accessibility of opened widgets", () => {
  test.use({ viewport: desktop });

  test("an open FAQ answer and a loaded map", { tag: "@js-only" }, async ({ page, jsEnabled }) => {
    const { origin } = new URL(address.mapEmbed);
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><html lang=en><title>Map</title><p>Map</p></html>",
      }),
    );
    await open(page, "/faq", jsEnabled);
    await page.getByRole("main").locator("details > summary").first().click();
    expect.soft(await axeViolations(page, { label: "/faq, an answer open", tags })).toEqual([]);

    await open(page, "/", jsEnabled);
    await page.getByRole("button", { name: "Show interactive map" }).click();
    // The map is a frame from another origin: axe checks inside it too.
    expect
      .soft(await axeViolations(page, { label: "/, the map loaded", tags, frames: true }))
      .toEqual([]);
  });
});
