import type { Page } from "@playwright/test";
import { heroHeadlines, specialPoints } from "../../app/content/home";
import { heroSlots, photoSize } from "../../app/config/photos";
import { testimonials } from "../../app/content/testimonials";
import {
  address,
  brand,
  contact,
  deviceCategories,
  openingHoursText,
  reviews,
} from "../../app/config/shop";
import { desktop, expect, phone, test } from "./fixtures";
import { jsonLd, open } from "./support/public";

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

/** The embedded map is a third party's page; the tests answer for it. */
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
  test("shows the first headline and picture from the server, with only that picture loaded eagerly", async ({
    page,
    jsEnabled,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/", jsEnabled);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[0]);
    await expect(heroImage(page)).toHaveCount(1);
    const first = heroImage(page).first();
    await expect(first).toHaveAttribute("src", heroSrc(0));
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).toHaveAttribute("width", String(photoSize(heroSlots[0]!).width));
    await expect(first).toHaveAttribute("height", String(photoSize(heroSlots[0]!).height));
    expect(photoSize(heroSlots[0]!)).toEqual({ width: 1600, height: 900 });
    await expect(first).toHaveAttribute("alt", "");
    await expect(pauseButton(page)).toHaveCount(0);
    expect(heroHeadlines).toHaveLength(4);
    expect(heroSlots).toHaveLength(6);
  });

  test("with Save-Data or a slow connection the first picture stays while the headline still turns @js-only", async ({
    page,
    jsEnabled,
  }) => {
    for (const connection of [
      { saveData: true, effectiveType: "4g" },
      { saveData: false, effectiveType: "2g" },
    ]) {
      await page.addInitScript(
        (value) => Object.defineProperty(navigator, "connection", { value, configurable: true }),
        connection,
      );
      await page.clock.install();
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

  test("rotates the headline every 5 s and the picture every 7 s, independently and wrapping", async ({
    page,
    jsEnabled,
  }) => {
    await page.clock.install();
    await open(page, "/", jsEnabled);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[0]);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));
    if (!jsEnabled) {
      // Nothing can move without JavaScript: no clock, no pause control, no second picture.
      await expect(heroImage(page)).toHaveCount(1);
      await expect(pauseButton(page)).toHaveCount(0);
      return;
    }
    // The next picture is requested one step ahead, lazily.
    await expect(heroImage(page)).toHaveCount(2);
    await expect(heroImage(page).nth(1)).toHaveAttribute("loading", "lazy");

    await page.clock.runFor(5_000);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[1]);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));

    await page.clock.runFor(2_000);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(1));
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[1]);

    await page.clock.runFor(3_000);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[2]);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(1));

    // 20 s: four headlines have passed and the first is back; 42 s: all six pictures.
    await page.clock.runFor(10_000);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[0]);
    await page.clock.runFor(22_000);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));
    await expect(heroImage(page)).toHaveCount(6);

    // Paused, nothing moves, and the button offers to play again; playing moves on.
    await pauseButton(page).click();
    await expect(playButton(page)).toBeVisible();
    await expect(pauseButton(page)).toHaveCount(0);
    const before = await headline(page).textContent();
    await page.clock.runFor(15_000);
    expect(await headline(page).textContent()).toBe(before);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(0));
    await playButton(page).click();
    await expect(pauseButton(page)).toBeVisible();
    await page.clock.runFor(7_000);
    await expect(currentImage(page)).toHaveAttribute("src", heroSrc(1));
  });

  test("stays still under reduced motion", async ({ page, jsEnabled }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await open(page, "/", jsEnabled);
    if (jsEnabled) await page.clock.runFor(15_000);
    await expect(headline(page)).toHaveAccessibleName(heroHeadlines[0]);
    await expect(heroImage(page)).toHaveCount(1);
    await expect(pauseButton(page)).toHaveCount(0);
  });
});

test("links the four category tiles and the three special points", async ({ page, jsEnabled }) => {
  await open(page, "/", jsEnabled);
  const tiles = page.getByRole("region", { name: "What can we fix for you?" }).getByRole("link");
  const named = ["mobile", "tablet", "laptop"].map((slug) =>
    deviceCategories.find((c) => c.slug === slug)!,
  );
  await expect(tiles).toHaveCount(4);
  for (const [index, category] of named.entries()) {
    await expect(tiles.nth(index)).toHaveAttribute("href", `/services/${category.slug}`);
    await expect(tiles.nth(index)).toContainText(category.shortName);
  }
  await expect(tiles.nth(3)).toHaveAttribute("href", "/book-appointment");
  await expect(tiles.nth(3)).toContainText("Others");

  const special = page.getByRole("region", { name: "What makes us special" });
  await expect(special.getByRole("heading", { level: 3 })).toHaveText(
    specialPoints.map((p) => p.title),
  );
  await expect(special.getByRole("link")).toHaveText(specialPoints.map((p) => p.linkLabel));
  expect(specialPoints.map((p) => p.to)).toEqual(["/about", "/terms", "/contact"]);
  for (const point of specialPoints)
    await expect(special.getByRole("link", { name: point.linkLabel })).toHaveAttribute(
      "href",
      point.to,
    );

  await tiles.first().click();
  await expect(page).toHaveURL("/services/mobile");
});

test("shows three testimonials and opens the reviews in a new tab", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "What our customers say" });
  const cards = section.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  for (const [index, t] of testimonials.entries()) {
    await expect(cards.nth(index)).toContainText(t.comment);
    await expect(cards.nth(index)).toContainText(t.name);
    await expect(cards.nth(index)).toContainText(t.device);
    await expect(cards.nth(index)).toContainText(`Rated ${t.rating} out of 5`);
  }
  const all = section.getByRole("link", { name: /reviews/ });
  await expect(all).toHaveAttribute("href", reviews.href);
  await expect(all).toHaveAttribute("target", "_blank");
  await expect(all).toHaveAttribute("rel", /noopener/);
});

test("the location section shows the address, phone, hours and a map that loads only on request", async ({
  page,
  jsEnabled,
}) => {
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://localhost")) thirdParty.push(request.url());
  });
  await stubMapEmbed(page);
  await open(page, "/", jsEnabled);
  const section = page.getByRole("region", { name: `Visit us in ${address.city}` });
  await expect(section).toContainText(address.full);
  await expect(section.getByRole("link", { name: contact.phone.display })).toHaveAttribute(
    "href",
    contact.phone.href,
  );
  for (const line of openingHoursText)
    await expect(section).toContainText(`${line.days}: ${line.hours}`);
  await expect(section.getByRole("link", { name: /Open in Maps/ })).toHaveAttribute(
    "href",
    address.mapLink,
  );
  await expect(section.getByRole("link", { name: /Directions/ })).toHaveAttribute(
    "href",
    address.directionsLink,
  );
  await expect(section.locator("iframe")).toHaveCount(0);
  expect(thirdParty, "no third-party request before the visitor asks").toEqual([]);

  const show = section.getByRole("button", { name: "Show interactive map" });
  if (!jsEnabled) {
    await expect(show).toHaveCount(0);
    return;
  }
  await show.click();
  const map = section.locator("iframe");
  await expect(map).toHaveAttribute("src", address.mapEmbed);
  await expect(map).toHaveAttribute("title", `Map showing ${brand.name} at ${address.full}`);
  await expect(map).toBeFocused();
});

test("describes the shop to search engines as a local business", async ({ page }) => {
  await page.goto("/");
  const business = (await jsonLd(page)).find((data) => data["@type"] === "LocalBusiness");
  expect(business).toMatchObject({
    name: brand.name,
    telephone: contact.phone.href.replace("tel:", ""),
    address: {
      streetAddress: address.street,
      addressLocality: address.city,
      postalCode: address.postalCode,
      addressRegion: address.region,
    },
    geo: { latitude: address.geo.latitude, longitude: address.geo.longitude },
  });
  const hours = (business?.openingHoursSpecification ?? []) as {
    dayOfWeek: string;
    opens: string;
    closes: string;
  }[];
  expect(hours).toContainEqual({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: "Monday",
    opens: "10:00",
    closes: "20:00",
  });
  expect(hours).toContainEqual({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: "Sunday",
    opens: "11:00",
    closes: "17:00",
  });
});

test("fits a phone screen without sideways scrolling", async ({ page, jsEnabled }) => {
  await page.setViewportSize(phone);
  await open(page, "/", jsEnabled);
  await expect(headline(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phone.width,
  );
});
