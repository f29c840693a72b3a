import { expect, test } from "@playwright/test";
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
import { visitor, type HtmlPage } from "./support/html-page";
import { hrefOf, jsonLd, links, nameOf, region } from "./public-forms-support";

/**
 * The home page as the server draws it, which is what a visitor without JavaScript gets; what the
 * page script adds (the hero's clocks, the map on request) is tests/e2e/public-home.spec.ts.
 */

/** The hero picture's fallback file; the <picture> offers the slot in every width and format. */
const heroSrc = (index: number) =>
  new RegExp(`/images/photos/${heroSlots[index]!.name}-\\d+\\.webp$`);

/** The addresses a page's markup makes the browser fetch by itself (not a link's target). */
function fetchedUrls(page: HtmlPage): URL[] {
  const urls: string[] = [];
  for (const element of page.visible("img[src], iframe[src], audio[src], video[src]"))
    urls.push(page.$(element).attr("src")!);
  // page.visible() keeps elements of domhandler's type "tag", and a <script> has a type of its own.
  for (const element of page.$("script[src]").toArray()) urls.push(page.$(element).attr("src")!);
  for (const element of page.visible("img[srcset], source[srcset]"))
    for (const entry of page.$(element).attr("srcset")!.split(","))
      urls.push(entry.trim().split(" ")[0]!);
  for (const element of page.visible("link[href]")) {
    const rel = page.$(element).attr("rel") ?? "";
    if (/\b(stylesheet|preload|modulepreload|icon|manifest|prefetch)\b/.test(rel))
      urls.push(page.$(element).attr("href")!);
  }
  return urls.map((url) => new URL(url, page.url));
}

test.describe("hero", () => {
  test("shows the first headline and picture from the server, with only that picture loaded eagerly, and nothing moves", async ({
    request,
  }) => {
    const page = await visitor(request).open("/");
    expect(nameOf(page, page.visible("h1")[0]!)).toBe(heroHeadlines[0]);
    const images = page.visible('[data-testid="hero-images"] img');
    expect(images).toHaveLength(1);
    const first = page.$(images[0]);
    expect(first.attr("src")).toMatch(heroSrc(0));
    expect(first.attr("loading")).toBe("eager");
    expect(first.attr("fetchpriority")).toBe("high");
    expect(first.attr("width")).toBe(String(photoSize(heroSlots[0]!).width));
    expect(first.attr("height")).toBe(String(photoSize(heroSlots[0]!).height));
    expect(first.attr("alt")).toBe("");
    // The pause control is the page script's to show: without it nothing can move.
    const toggle = page.$("[data-hero-toggle]");
    expect(toggle.text().trim()).toBe("Pause slideshow");
    expect(toggle.is("[hidden]")).toBe(true);
  });
});

test("links the four category tiles and the three special points", async ({ request }) => {
  const page = await visitor(request).open("/");
  const tiles = region(page, "What can we fix for you?").find("a").toArray();
  const named = ["mobile", "tablet", "laptop"].map((slug) =>
    deviceCategories.find((c) => c.slug === slug)!,
  );
  // The four category tiles, then the one for selling a device.
  expect(tiles).toHaveLength(5);
  expect(page.$(tiles[4]).attr("href")).toBe("/sell");
  expect(page.$(tiles[4]).text()).toContain("Sell your device");
  for (const [index, category] of named.entries()) {
    expect(page.$(tiles[index]).attr("href")).toBe(`/services/${category.slug}`);
    expect(page.$(tiles[index]).text()).toContain(category.shortName);
  }
  // Others: the services page, where the watches and consoles are listed.
  expect(page.$(tiles[3]).attr("href")).toBe("/services#watch-repairs");
  expect(page.$(tiles[3]).text()).toContain("Others");
  const services = await visitor(request).open(page.$(tiles[3]).attr("href")!);
  const others = services.$("#watch-repairs, #watch-repairs ~ li").toArray();
  expect(others.map((card) => services.$(card).find("h3").text())).toEqual([
    "Smart Watch Repair",
    "Gaming Console Repair",
  ]);

  const special = region(page, "What makes us special");
  expect(
    special
      .find("h3")
      .toArray()
      .map((h) => nameOf(page, h)),
  ).toEqual(specialPoints.map((p) => p.title));
  const pointLinks = special.find("a").toArray();
  expect(pointLinks.map((a) => nameOf(page, a))).toEqual(specialPoints.map((p) => p.linkLabel));
  expect(pointLinks.map((a) => page.$(a).attr("href"))).toEqual(["/about", "/terms", "/contact"]);
});

test("shows three testimonials and opens the reviews in a new tab", async ({ request }) => {
  const page = await visitor(request).open("/");
  const section = region(page, "What our customers say");
  const cards = section
    .find("li")
    .toArray()
    .map((card) => page.$(card).text().replace(/\s+/g, " "));
  expect(cards).toHaveLength(3);
  for (const [index, t] of testimonials.entries()) {
    expect(cards[index]).toContain(t.comment);
    expect(cards[index]).toContain(t.name);
    expect(cards[index]).toContain(t.device);
    expect(cards[index]).toContain(`Rated ${t.rating} out of 5`);
  }
  const [all] = links(page, /reviews/, section);
  expect(page.$(all).attr("href")).toBe(reviews.href);
  expect(page.$(all).attr("target")).toBe("_blank");
  expect(page.$(all).attr("rel")).toMatch(/noopener/);
});

test("the location section shows the address, phone, hours and links to a map, and nothing of a third party loads", async ({
  request,
}) => {
  const page = await visitor(request).open("/");
  const section = region(page, `Visit us in ${address.city}`);
  const text = section.text().replace(/\s+/g, " ");
  expect(text).toContain(address.full);
  expect(hrefOf(page, contact.phone.display, section)).toBe(contact.phone.href);
  for (const line of openingHoursText) expect(text).toContain(`${line.days}: ${line.hours}`);
  expect(hrefOf(page, /Open in Maps/, section)).toBe(address.mapLink);
  expect(hrefOf(page, /Directions/, section)).toBe(address.directionsLink);
  // The map's frame waits in a <template> behind a button the page script reveals.
  expect(page.visible("iframe")).toEqual([]);
  const show = section.find("button").filter((_, b) => page.$(b).text() === "Show interactive map");
  expect(show.is("[hidden]")).toBe(true);
  const fetched = fetchedUrls(page);
  expect(fetched.length, "the page's own pictures and script").toBeGreaterThan(0);
  const thirdParty = fetched.filter((url) => url.origin !== page.url.origin);
  expect(thirdParty.map(String), "no third-party request before the visitor asks").toEqual([]);
});

test("describes the shop to search engines as a local business", async ({ request }) => {
  const page = await visitor(request).open("/");
  const business = jsonLd(page).find((data) => data["@type"] === "LocalBusiness");
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
