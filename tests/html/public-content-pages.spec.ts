import { expect, test } from "@playwright/test";
import type { Element } from "domhandler";
import { blogPosts } from "../../app/content/blog";
import { contactPageFaqIds, faqItems } from "../../app/content/faq";
import { certifications, stats, story, technicians, values } from "../../app/content/about";
import { privacyPolicy, terms } from "../../app/content/legal";
import {
  address,
  brand,
  contact,
  deviceCategories,
  findCategory,
  openingHoursText,
} from "../../app/config/shop";
import { formatCount } from "../../app/utils/count-format";
import { catalogueRows } from "../../seeds/seed";
import { visitor, type HtmlPage } from "./support/html-page";

/*
 * The public pages' content as the server draws it (moved from tests/e2e/public-pages.spec.ts
 * and pages.spec.ts): what they say, where their links lead, their status codes and what they
 * tell search engines. The browser keeps what needs one: the figures counting up, the jump to a
 * section, the price cells on a wide screen.
 */

const rows = catalogueRows();
const unique = <T>(items: T[]) => [...new Set(items)];
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Every public page this issue owns, with the heading a visitor sees first. */
const pages = [
  { path: "/", heading: undefined },
  { path: "/about", heading: "About Us" },
  { path: "/services", heading: "Our Repair Services" },
  ...deviceCategories.map((c) => ({ path: `/services/${c.slug}`, heading: c.title })),
  ...deviceCategories.map((c) => ({
    path: `/price-list/${c.slug}`,
    heading: `${c.shortName} Repair Price List`,
  })),
  { path: "/faq", heading: "Frequently Asked Questions" },
  { path: "/blog", heading: "Our Blog" },
  ...blogPosts.map((post) => ({ path: `/blog/${post.slug}`, heading: post.title })),
  { path: "/terms", heading: terms.title },
  { path: "/privacy-policy", heading: privacyPolicy.title },
];

const meta = (page: HtmlPage, attribute: "name" | "property", key: string) =>
  page.$(`meta[${attribute}="${key}"]`).attr("content");

/** Every JSON-LD object on the page (`visible` leaves scripts out: they are no "tag" nodes). */
const jsonLd = (page: HtmlPage) =>
  page
    .$('script[type="application/ld+json"]')
    .toArray()
    .map((script) => JSON.parse(page.$(script).text()) as Record<string, unknown>);

/** A link's name as a screen reader reads it: its aria-label, or its text. */
const nameOf = (page: HtmlPage, link: Element) =>
  squash(page.$(link).attr("aria-label") ?? page.$(link).text());

/** The links under `within` whose name is `name` (exactly) or matches it. */
function links(page: HtmlPage, name: string | RegExp, within = "body") {
  return page
    .visible(`${within} a`)
    .filter((link) =>
      typeof name === "string" ? nameOf(page, link) === name : name.test(nameOf(page, link)),
    );
}

/** The one link under `within` with this name, as getByRole would insist. */
function link(page: HtmlPage, name: string | RegExp, within = "body") {
  const found = links(page, name, within);
  expect(found, `links named ${String(name)}`).toHaveLength(1);
  return page.$(found[0]!);
}

/** The section a heading or label names, as getByRole("region", { name }) finds it. */
function region(page: HtmlPage, name: string) {
  const found = page.visible("section").filter((section) => {
    const $section = page.$(section);
    const labelledBy = $section.attr("aria-labelledby");
    const label = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => squash(page.$(`[id="${id}"]`).text()))
          .join(" ")
      : ($section.attr("aria-label") ?? "");
    return label === name;
  });
  expect(found, `regions named ${name}`).toHaveLength(1);
  return page.$(found[0]!);
}

/** The site's own header and footer: not those of an article or a section. */
const landmark = (page: HtmlPage, tag: "header" | "footer") =>
  page
    .visible(tag)
    .filter((element) => !page.$(element).parents("article, aside, main, nav, section").length);

/** The words a reader sees in an element: blocks apart, as innerText keeps them. */
function words(page: HtmlPage, element: Element) {
  const copy = page.$(element).clone();
  copy.find("p, li, h1, h2, h3, h4, h5, h6, div, section, blockquote, td, th, br").after(" ");
  return squash(copy.text()).split(" ").filter(Boolean).length;
}

test.describe("search engines and sharing", () => {
  test("every page has its own title and description, a canonical URL and Open Graph tags", async ({
    request,
    baseURL,
  }) => {
    const browsing = visitor(request);
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    const image = await request.get("/images/og-image.jpg");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    for (const { path, heading } of pages) {
      await test.step(path, async () => {
        const page = await browsing.open(path);
        expect(page.status).toBe(200);
        if (heading) expect(page.headings(1)).toEqual([heading]);
        const title = page.$("head > title").text();
        expect(title).toMatch(new RegExp(`^.+ \\| ${brand.name}$`));

        const description = meta(page, "name", "description");
        expect(description?.length).toBeGreaterThan(50);
        expect(description!.length).toBeLessThanOrEqual(200);
        const canonical = `${baseURL}${path}`;
        expect(page.$('link[rel="canonical"]').attr("href")).toBe(canonical);
        expect(meta(page, "property", "og:url")).toBe(canonical);
        expect(meta(page, "property", "og:title")).toBe(title);
        expect(meta(page, "property", "og:description")).toBe(description);
        expect(meta(page, "property", "og:site_name")).toBe(brand.name);
        // The picture fetched once above: every page names the same one.
        expect(meta(page, "property", "og:image")).toBe(`${baseURL}/images/og-image.jpg`);
        seen.titles.add(title);
        seen.descriptions.add(description ?? "");
      });
    }
    expect(seen.titles.size, "titles differ from page to page").toBe(pages.length);
    expect(seen.descriptions.size, "descriptions differ from page to page").toBe(pages.length);
  });

  test("the sitemap lists every public page, category, price list and post", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = [
      ...pages.map((p) => p.path),
      "/book-appointment",
      "/contact",
      "/track-repair",
      "/sell",
      "/shop",
    ].map((path) => `${baseURL}${path}`);
    expect(new Set(listed)).toEqual(new Set(expected));
    expect(listed).toHaveLength(expected.length);
    for (const post of blogPosts)
      expect(xml).toContain(
        `<loc>${baseURL}/blog/${post.slug}</loc><lastmod>${post.updatedAt ?? post.publishedAt}</lastmod>`,
      );
    expect(xml).not.toContain("/admin");
  });

  test("robots.txt keeps crawlers out of the staff area and the API and points to the sitemap", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /api",
        `Sitemap: ${baseURL}/sitemap.xml`,
      ]),
    );
  });
});

test("/about tells the story, the numbers, the values, the team and the certifications", async ({
  request,
}) => {
  const page = await visitor(request).open("/about");
  const paragraphs = page.texts("main p");
  for (const paragraph of story) expect(paragraphs).toContain(paragraph);

  // The server draws each figure's final value, in the copy that moves with JavaScript and in
  // the one screen readers read (the counting itself is in tests/e2e/public-pages.spec.ts).
  const terms = page.visible("main dt");
  for (const stat of stats) {
    const term = terms.find((dt) => squash(page.$(dt).text()) === stat.label);
    expect(term, stat.label).toBeDefined();
    const figure = page.$(term!).nextAll("dd").first();
    const shown = formatCount(stat.value, stat.suffix);
    expect(squash(figure.find("[data-count-up]").text())).toBe(shown);
    expect(squash(figure.find(".sr-only").text())).toBe(shown);
  }

  const headings = page.headings();
  for (const value of values) expect(headings).toContain(value.title);

  // A card for each technician, and no other.
  const cards = region(page, "Meet our technicians").find("li").toArray();
  expect(cards.map((card) => squash(page.$(card).find("h3").text()))).toEqual(
    technicians.map((tech) => tech.name),
  );
  for (const [index, tech] of technicians.entries()) {
    const card = squash(page.$(cards[index]!).text());
    expect(card).toContain(tech.role);
    expect(card).toContain(tech.experience);
    expect(card).toContain(tech.specialization);
  }

  const items = page.texts("main li");
  for (const item of certifications) expect(items).toContain(item);
  expect(link(page, "Contact Us", "main").attr("href")).toBe("/contact");
  expect(link(page, "Our Services", "main").attr("href")).toBe("/services");
});

test("/services describes every category with its brands and repairs from the catalogue", async ({
  request,
}) => {
  const page = await visitor(request).open("/services");
  const cards = region(page, "What we repair").find("li").toArray();
  expect(cards).toHaveLength(deviceCategories.length);
  for (const [index, category] of deviceCategories.entries()) {
    const card = page.$(cards[index]!);
    expect(squash(card.find("h3").text())).toBe(category.title);
    expect(squash(card.text())).toContain(
      unique(rows.filter((r) => r.category === category.slug).map((r) => r.brand)).join(", "),
    );
    const within = (name: string) =>
      card
        .find("a")
        .toArray()
        .filter((a) => nameOf(page, a) === name)
        .map((a) => page.$(a).attr("href"));
    expect(within(`Check prices for ${category.title}`)).toEqual([`/services/${category.slug}`]);
    expect(within(`Full price list for ${category.title}`)).toEqual([
      `/price-list/${category.slug}`,
    ]);
  }
});

test.describe("price lists", () => {
  test("show every model of a category, grouped by brand and series", async ({ request }) => {
    const browsing = visitor(request);
    for (const category of deviceCategories) {
      await test.step(category.slug, async () => {
        const page = await browsing.open(`/price-list/${category.slug}`);
        const inCategory = rows.filter((r) => r.category === category.slug);
        const brands = unique(inCategory.map((r) => r.brand));
        const series = unique(
          inCategory.flatMap((r) => (r.series ? [`${r.brand}|${r.series}`] : [])),
        ).map((k) => k.split("|")[1]!);
        const models = unique(inCategory.map((r) => r.model));
        // The catalogue's entries, in its order; the admin specs add entries of their own to the
        // shared server's price list meanwhile ("Nothing", "Evil"), which are theirs to check.
        const ofCatalogue = (texts: string[], wanted: string[]) =>
          texts.filter((text) => wanted.includes(text));
        expect(ofCatalogue(page.texts("main h2"), brands)).toEqual(brands);
        expect(ofCatalogue(page.texts("main h3"), series)).toEqual(series);
        expect(
          unique(ofCatalogue(page.texts('main tbody th[scope="row"]'), models)).sort(),
        ).toEqual([...models].sort());
        const tab = link(page, category.shortName, 'nav[aria-label="Price lists"]');
        expect(tab.attr("aria-current")).toBe("page");
      });
    }
  });

  test("put each price in its model's row and repair's column", async ({ request }) => {
    const page = await visitor(request).open("/price-list/mobile");
    const table = page
      .visible("table")
      .map((t) => page.$(t))
      .find((t) => squash(t.find("caption").text()) === "Apple repair prices in Canadian dollars");
    expect(table).toBeDefined();
    const headers = table!
      .find("thead th")
      .toArray()
      .map((th) => squash(page.$(th).text()));
    const row = table!
      .find("tbody tr")
      .toArray()
      .map((tr) => page.$(tr))
      .find((tr) => squash(tr.find("th").text()) === "iPhone 8");
    expect(row).toBeDefined();
    const cells = row!.find("th, td").toArray();
    // A cell names its repair for the card a phone shows, hidden on a wide screen (the browser
    // checks that); past that name, what it shows is the price.
    const priceOf = (repair: string) => {
      const cell = page.$(cells[headers.indexOf(repair)]!).clone();
      expect(squash(cell.find("span").first().text())).toBe(repair);
      cell.find("span").first().remove();
      return squash(cell.text());
    };
    const screen = rows.find(
      (r) => r.model === "iPhone 8" && r.repair === "Screen Repair (Glass and LCD)",
    )!;
    expect(priceOf("Screen Repair (Glass and LCD)")).toBe(`$${screen.price}`);
    expect(priceOf("For any other repair")).toBe("Call For Price");
  });

  test("search by model as a GET form", async ({ request }) => {
    const list = await visitor(request).open("/price-list/mobile");
    const found = await list
      .form("Search")
      .fill({ "Search by model": "galaxy s23" })
      .submit("Search");
    expect(`${found.url.pathname}${found.url.search}`).toBe("/price-list/mobile?q=galaxy+s23");
    // Newest first.
    expect(found.texts("tbody th")).toEqual([
      "Galaxy S23 FE",
      "Galaxy S23 Ultra",
      "Galaxy S23+",
      "Galaxy S23",
    ]);
    expect(found.$(found.control("Search by model")).attr("value")).toBe("galaxy s23");

    const none = await found
      .form("Search")
      .fill({ "Search by model": "nokia 3310" })
      .submit("Search");
    expect(none.text("main")).toContain("No models match “nokia 3310”.");
    expect(none.visible("table")).toEqual([]);

    const showAll = link(none, "Show all", "main").attr("href")!;
    expect(showAll).toBe("/price-list/mobile");
    const all = await visitor(request).open(showAll);
    expect(all.visible("table").length).toBeGreaterThan(0);
  });

  test("an unknown category answers 404", async ({ request }) => {
    const page = await visitor(request).open("/price-list/toasters");
    expect(page.status).toBe(404);
    expect(page.texts("p")).toContain("Price list not found.");
  });
});

test.describe("blog", () => {
  test("/blog shows the hero and a card per post, each leading to its article", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const page = await browsing.open("/blog");
    expect(page.texts("p")).toContain("Stay updated with the latest tech news and repair tips.");
    const cards = page.visible("article").map((card) => page.$(card));
    expect(cards).toHaveLength(4);
    const readMore: (string | undefined)[] = [];
    for (const [index, post] of blogPosts.entries()) {
      const card = cards[index]!;
      expect(squash(card.find("h1, h2, h3, h4, h5, h6").text())).toBe(post.title);
      expect(squash(card.text())).toContain(post.excerpt);
      const hrefs = card
        .find("a")
        .toArray()
        .filter((a) => nameOf(page, a) === `Read more about ${post.title}`)
        .map((a) => page.$(a).attr("href"));
      expect(hrefs).toEqual([`/blog/${post.slug}`]);
      readMore.push(hrefs[0]);
    }
    // Following the first card's link, as a click does.
    const first = await browsing.open(readMore[0]!);
    expect(first.url.pathname).toBe(`/blog/${blogPosts[0]!.slug}`);
    expect(first.headings(1)).toEqual([blogPosts[0]!.title]);
  });

  for (const post of blogPosts) {
    test(`/blog/${post.slug} is a full article that links to the services and booking`, async ({
      request,
    }) => {
      const page = await visitor(request).open(`/blog/${post.slug}`);
      const [article] = page.visible("article");
      expect(article).toBeDefined();
      expect(words(page, article!)).toBeGreaterThanOrEqual(500);
      for (const href of ["/services", "/service-model-selector", "/book-appointment"])
        expect(page.$(article!).find(`a[href="${href}"]`).length, href).toBeGreaterThan(0);
      expect(page.$(article!).find("h2").length).toBeGreaterThan(0);
      const posting = jsonLd(page).find((data) => data["@type"] === "BlogPosting");
      expect(posting).toMatchObject({
        headline: post.title,
        description: post.excerpt,
        datePublished: post.publishedAt,
      });
      expect(meta(page, "property", "og:type")).toBe("article");
    });
  }

  test("an unknown post answers 404 with its message", async ({ request }) => {
    const page = await visitor(request).open("/blog/no-such-post");
    expect(page.status).toBe(404);
    expect(page.texts("p")).toContain("Blog post not found.");
    expect(landmark(page, "header")).toHaveLength(1);
    expect(meta(page, "name", "robots")).toBe("noindex");
  });

  test("the legacy selector link in a post lands on the mobile selector", async ({ request }) => {
    const browsing = visitor(request);
    const post = await browsing.open(`/blog/${blogPosts[0]!.slug}`);
    const href = post.$("article a[href='/service-model-selector']").first().attr("href")!;
    const landed = await browsing.open(href);
    expect(landed.status).toBe(200);
    expect(landed.url.pathname).toBe("/services/mobile");
  });
});

test.describe("legal pages", () => {
  for (const document of [
    { path: "/terms", text: terms },
    { path: "/privacy-policy", text: privacyPolicy },
  ]) {
    test(`${document.path} shows the date and every section, with a list to jump to them`, async ({
      request,
    }) => {
      const page = await visitor(request).open(document.path);
      const paragraphs = page.texts("p");
      expect(paragraphs).toContain(`Last updated: ${document.text.lastUpdated}`);
      expect(paragraphs).toContain(document.text.intro);
      expect(page.texts("main h2")).toEqual([
        "On this page",
        ...document.text.sections.map((s, i) => `${i + 1}. ${s.title}`),
      ]);
      // Each entry of the list leads to its section, whose heading is there to land on (the jump
      // itself is in tests/e2e/public-pages.spec.ts).
      const list = 'nav[aria-label="On this page"]';
      for (const section of document.text.sections) {
        expect(link(page, section.title, list).attr("href")).toBe(`#${section.id}`);
        expect(page.$(`section[id="${section.id}"] h2[id="${section.id}-heading"]`).length).toBe(1);
      }
    });
  }

  test("the privacy policy's contact section gives the e-mail and phone", async ({ request }) => {
    const page = await visitor(request).open("/privacy-policy");
    const section = "section#contact-us";
    expect(link(page, contact.emails.info, section).attr("href")).toBe(
      `mailto:${contact.emails.info}`,
    );
    expect(link(page, contact.phone.display, section).attr("href")).toBe(contact.phone.href);
  });
});

test("the contact page: call and WhatsApp buttons, four cards, the store map and six questions", async ({
  request,
}) => {
  const page = await visitor(request).open("/contact");

  expect(link(page, "Call Now", "main").attr("href")).toBe(contact.phone.href);
  const whatsapp = link(page, /WhatsApp Us/, "main");
  expect(whatsapp.attr("href")).toBe(contact.whatsapp.href);
  expect(whatsapp.attr("target")).toBe("_blank");

  const headings = page.texts("main h1, main h2, main h3, main h4");
  for (const title of ["Call Us", "Email Us", "Visit Us", "Opening Hours"])
    expect(headings).toContain(title);
  expect(link(page, contact.emails.info, "main").attr("href")).toBe(
    `mailto:${contact.emails.info}`,
  );
  expect(link(page, new RegExp(`^${address.full}`), "main").attr("href")).toBe(address.mapLink);
  const main = page.text("main");
  for (const line of openingHoursText) expect(main).toContain(`${line.days}: ${line.hours}`);
  expect(link(page, /Directions/, "main").attr("href")).toBe(address.directionsLink);

  expect(page.texts("main details > summary")).toEqual(
    contactPageFaqIds.map((id) => faqItems.find((item) => item.id === id)!.question),
  );
  expect(link(page, "See all frequently asked questions", "main").attr("href")).toBe("/faq");
  expect(jsonLd(page).some((data) => data["@type"] === "LocalBusiness")).toBe(true);
});

test.describe("not found", () => {
  test("an unknown URL answers 404 inside the site layout, with a way home", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const page = await browsing.open("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.headings(1)).toEqual(["Page not found"]);
    expect(landmark(page, "header")).toHaveLength(1);
    expect(landmark(page, "footer")).toHaveLength(1);

    const home = link(page, "Back to Home").attr("href")!;
    expect(home).toBe("/");
    const landed = await browsing.open(home);
    expect(landed.status).toBe(200);
    expect(landed.$("head > title").text()).toMatch(new RegExp(`\\| ${brand.name}$`));
    expect(landed.headings(1)).not.toContain("Page not found");
  });

  test("an unknown service category answers 404 with its own message", async ({ request }) => {
    const page = await visitor(request).open("/services/unknown");
    expect(page.status).toBe(404);
    expect(page.headings(1)).toEqual(["Page not found"]);
    expect(page.texts("p")).toContain("Service category not found.");
    expect(landmark(page, "header")).toHaveLength(1);
    expect(landmark(page, "footer")).toHaveLength(1);
  });
});

test("/service-model-selector redirects to the mobile services", async ({ request }) => {
  const direct = await request.get("/service-model-selector", { maxRedirects: 0 });
  expect(direct.status()).toBe(301);
  expect(new URL(direct.headers()["location"] ?? "", "http://localhost").pathname).toBe(
    "/services/mobile",
  );

  const page = await visitor(request).open("/service-model-selector");
  expect(page.status).toBe(200);
  expect(page.url.pathname).toBe("/services/mobile");
  expect(page.headings(1)).toEqual([findCategory("mobile")!.title]);
});
