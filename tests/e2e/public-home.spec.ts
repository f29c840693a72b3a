import type { Page } from "@playwright/test";
import { heroHeadlines } from "../../app/content/home";
import { heroSlots } from "../../app/config/photos";
import { address, brand } from "../../app/config/shop";
import { desktop, expect, phone, test } from "./fixtures";
import { open } from "./support/public";

/**
 * What the page script does on the home page (app/browser/hero.ts, map-facade.ts) and how the page
 * fits a phone. The page as the server draws it, which is all a visitor without JavaScript gets
 * (the first headline and picture, no pause control, no map frame), is
 * tests/html/public-forms-home.spec.ts.
 */

test.use({ viewport: desktop });

const headline = (page: Page) => page.getByRole("heading", { level: 1 });
const heroImage = (page: Page) => page.getByTestId("hero-images").locator("img");
const currentImage = (page: Page) =>
  page.getByTestId("hero-images").locator('img[data-current="true"]');
const pauseButton = (page: Page) => page.getByRole("button", { name: "Pause slideshow" });
const playButton = (page: Page) => page.getByRole("button", { name: "Play slideshow" });
/** The hero picture's fallback file; the <picture> offers the slot in every width and format. */
const heroSrc = (index: number) =>
  new RegExp(`/images/photos/${heroSlots[index]!.name}-\\d+\\.webp$`);

/**
 * The connection the page script reads (navigator.connection), fixed: Chromium estimates it from
 * the answers it times, and a machine busy with other test runs answers slowly enough to pass
 * for 3G, when the pictures rightly stay still.
 */
const connectionIs = (page: Page, connection: { saveData: boolean; effectiveType: string }) =>
  page.addInitScript(
    (value) => Object.defineProperty(navigator, "connection", { value, configurable: true }),
    connection,
  );

/** The embedded map is a third party's page; the tests answer for it. */
/**
 * The page's clock, standing still but for `runFor`: installed alone it also flows at the real
 * pace, and on a loaded machine the seconds an expectation waits would turn the hero further.
 */
async function stillClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}

async function stubMapEmbed(page: Page) {
  const { origin } = new URL(address.mapEmbed);
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Map</title><p>Map</p>",
    }),
  );
}

test.describe("hero", () => {
  test("with Save-Data or a slow connection the first picture stays while the headline still turns @js-only", async ({
    page,
    jsEnabled,
  }) => {
    for (const connection of [
      { saveData: true, effectiveType: "4g" },
      { saveData: false, effectiveType: "2g" },
    ]) {
      await connectionIs(page, connection);
      await stillClock(page);
      await open(page, "/", jsEnabled);
      // The clock starts in an effect, which can run a moment after hydration has begun; the
      // pause control renders at the same time.
      await expect(pauseButton(page)).toBeVisible();
      await page.clock.runFor(15_000);
      await expect(headline(page)).toHaveAccessibleName(heroHeadlines[3]);
      await expect(heroImage(page)).toHaveCount(1);
      await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));
    }
  });

  test("rotates the headline every 5 s and the picture every 7 s, independently and wrapping @js-only", async ({
    page,
  }) => {
    await connectionIs(page, { saveData: false, effectiveType: "4g" });
    await stillClock(page);
    await open(page, "/", true);
    // The clocks start in effects, which a loaded machine may run well after the first paint.
    await expect(pauseButton(page)).toBeVisible();
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[0]);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));
    // The next picture is requested one step ahead, lazily.
    await expect(heroImage(page)).toHaveCount(2);
    await expect(heroImage(page).nth(1)).toHaveAttribute("loading", "lazy");

    await page.clock.runFor(5_000);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[1]);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));

    await page.clock.runFor(2_000);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(1));
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[1]);
    // Only the picture in view is read out (an owner's photo is described, decision 0062).
    await expect(currentImage(page)).not.toHaveAttribute("aria-hidden", /.*/);
    await expect(heroImage(page).nth(0)).toHaveAttribute("aria-hidden", "true");
    await expect(heroImage(page).nth(2)).toHaveAttribute("aria-hidden", "true");

    await page.clock.runFor(3_000);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[2]);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(1));

    // 20 s: four headlines have passed and the first is back; 42 s: all six pictures.
    await page.clock.runFor(10_000);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[0]);
    await page.clock.runFor(22_000);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));
    await expect(heroImage(page)).toHaveCount(6);

    // Paused, nothing moves, and the button says what it will do: play again; playing moves on.
    await pauseButton(page).click();
    await expect(playButton(page)).toBeVisible();
    await expect(pauseButton(page)).toHaveCount(0);
    const before = await headline(page).textContent();
    await page.clock.runFor(15_000);
    expect(await headline(page).textContent()).toBe(before);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));
    await playButton(page).click();
    await expect(pauseButton(page)).toBeVisible();
    await expect(playButton(page)).toHaveCount(0);
    await page.clock.runFor(7_000);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(1));
  });

  test("stays still under reduced motion @js-only", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await stillClock(page);
    await open(page, "/", true);
    await page.clock.runFor(15_000);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[0]);
    await expect(heroImage(page)).toHaveCount(1);
    await expect(pauseButton(page)).toHaveCount(0);
  });
});

test("the map loads only when the visitor asks for it, and takes the focus @js-only", async ({
  page,
}) => {
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://localhost")) thirdParty.push(request.url());
  });
  await stubMapEmbed(page);
  await open(page, "/", true);
  const section = page.getByRole("region", { name: `Visit us in ${address.city}` });
  await expect(section.locator("iframe")).toHaveCount(0);
  expect(thirdParty, "no third-party request before the visitor asks").toEqual([]);

  await section.getByRole("button", { name: "Show interactive map" }).click();
  const map = section.locator("iframe");
  await expect(map).toHaveAttribute("src", address.mapEmbed);
  await expect(map).toHaveAttribute("title", `Map showing ${brand.name} at ${address.full}`);
  await expect(map).toBeFocused();
});

test("fits a phone screen without sideways scrolling", async ({ page, jsEnabled }) => {
  await page.setViewportSize(phone);
  await open(page, "/", jsEnabled);
  await expect(headline(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phone.width,
  );
});
