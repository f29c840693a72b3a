import type { Page } from "@playwright/test";
import { blogPosts } from "../../app/content/blog";
import { contactPageFaqIds, faqItems } from "../../app/content/faq";
import { certifications, stats, story, technicians, values } from "../../app/content/about";
import { privacyPolicy, terms } from "../../app/content/legal";
import { address, brand, contact, deviceCategories, openingHoursText } from "../../app/config/shop";
import { catalogueRows } from "../../seeds/seed";
import { desktop, expect, test } from "./fixtures";
import { jsonLd, open } from "./support/public";

test.use({ viewport: desktop });

const rows = catalogueRows();
const unique = <T>(values: T[]) => [...new Set(values)];

const metaContent = (page: Page, attribute: "name" | "property", key: string) =>
  page.locator(`meta[${attribute}="${key}"]`).getAttribute("content");

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

test.describe("search engines and sharing", () => {
  // One browser page walks them all: a fresh page for each cost more than its checks.
  test("every page has its own title and description, a canonical URL and Open Graph tags", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(3_000 * pages.length);
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const { path, heading } of pages) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        if (heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expect(page).toHaveTitle(new RegExp(`^.+ \\| ${brand.name}$`));
        const title = await page.title();

        const description = await metaContent(page, "name", "description");
        expect(description?.length).toBeGreaterThan(50);
        expect(description!.length).toBeLessThanOrEqual(200);
        const canonical = `${baseURL}${path}`;
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
        expect(await metaContent(page, "property", "og:url")).toBe(canonical);
        expect(await metaContent(page, "property", "og:title")).toBe(title);
        expect(await metaContent(page, "property", "og:description")).toBe(description);
        expect(await metaContent(page, "property", "og:site_name")).toBe(brand.name);
        const image = await metaContent(page, "property", "og:image");
        expect(image).toBe(`${baseURL}/images/og-image.jpg`);
        const picture = await page.request.get(image!);
        expect(picture.status()).toBe(200);
        expect(picture.headers()["content-type"]).toBe("image/jpeg");
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
  page,
  jsEnabled,
}) => {
  await open(page, "/about", jsEnabled);
  const main = page.getByRole("main");
  for (const paragraph of story)
    await expect(main.getByText(paragraph, { exact: true })).toBeVisible();
  for (const stat of stats) {
    const term = main.locator("dt", { hasText: stat.label });
    await term.scrollIntoViewIfNeeded();
    // With JavaScript the figure counts up once it is in view; it always ends on the real value.
    await expect(term.locator("xpath=following-sibling::dd[1]")).toContainText(
      `${stat.value.toLocaleString("en-CA")}${stat.suffix}`,
    );
  }
  expect(stats.map((s) => `${s.value.toLocaleString("en-CA")}${s.suffix}`)).toEqual([
    "10,000+",
    "5+",
    "99%",
    "90 Day",
  ]);
  for (const value of values)
    await expect(main.getByRole("heading", { name: value.title })).toBeVisible();
  for (const tech of technicians) {
    const card = main
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: tech.name }) });
    await expect(card).toContainText(tech.role);
    await expect(card).toContainText(tech.experience);
    await expect(card).toContainText(tech.specialization);
  }
  expect(technicians).toHaveLength(3);
  for (const item of certifications)
    await expect(main.getByText(item, { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(main.getByRole("link", { name: "Our Services", exact: true })).toHaveAttribute(
    "href",
    "/services",
  );
});

test("/services describes every category with its brands and repairs from the catalogue", async ({
  page,
}) => {
  await page.goto("/services");
  const cards = page.getByRole("region", { name: "What we repair" }).getByRole("listitem");
  await expect(cards).toHaveCount(deviceCategories.length);
  for (const [index, category] of deviceCategories.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(category.title);
    await expect(card).toContainText(
      unique(rows.filter((r) => r.category === category.slug).map((r) => r.brand)).join(", "),
    );
    await expect(
      card.getByRole("link", { name: `Check prices for ${category.title}` }),
    ).toHaveAttribute("href", `/services/${category.slug}`);
    await expect(
      card.getByRole("link", { name: `Full price list for ${category.title}` }),
    ).toHaveAttribute("href", `/price-list/${category.slug}`);
  }
});

test.describe("price lists", () => {
  test("show every model of a category, grouped by brand and series", async ({ page }) => {
    for (const category of deviceCategories) {
      await page.goto(`/price-list/${category.slug}`);
      const inCategory = rows.filter((r) => r.category === category.slug);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
        unique(inCategory.map((r) => r.brand)),
      );
      await expect(page.getByRole("main").getByRole("heading", { level: 3 })).toHaveText(
        unique(inCategory.flatMap((r) => (r.series ? [`${r.brand}|${r.series}`] : []))).map(
          (k) => k.split("|")[1]!,
        ),
      );
      await expect(page.locator("tbody tr")).toHaveCount(
        unique(inCategory.map((r) => `${r.brand}|${r.series}|${r.model}`)).length,
      );
      await expect(
        page
          .getByRole("navigation", { name: "Price lists" })
          .getByRole("link", { name: category.shortName, exact: true }),
      ).toHaveAttribute("aria-current", "page");
    }
  });

  test("put each price in its model's row and repair's column", async ({ page }) => {
    await page.goto("/price-list/mobile");
    const table = page.getByRole("table", { name: "Apple repair prices in Canadian dollars" });
    const row = table
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "iPhone 8", exact: true }) });
    const headers = await table.locator("thead th").allTextContents();
    // What shows: on a wide screen a cell has only the price, its repair being the column's header.
    const cells = await row.locator("th, td").allInnerTexts();
    const priceOf = (repair: string) => cells[headers.indexOf(repair)];
    const screen = rows.find(
      (r) => r.model === "iPhone 8" && r.repair === "Screen Repair (Glass and LCD)",
    )!;
    expect(priceOf("Screen Repair (Glass and LCD)")).toBe(`$${screen.price}`);
    expect(priceOf("For any other repair")).toBe("Call For Price");
  });

  test("search by model as a GET form", async ({ page, jsEnabled }) => {
    await open(page, "/price-list/mobile", jsEnabled);
    await page.getByRole("searchbox", { name: "Search by model" }).fill("galaxy s23");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/price-list/mobile?q=galaxy+s23");
    await expect(page.locator("tbody th")).toHaveText([
      "Galaxy S23",
      "Galaxy S23+",
      "Galaxy S23 Ultra",
      "Galaxy S23 FE",
    ]);
    await expect(page.getByRole("searchbox", { name: "Search by model" })).toHaveValue(
      "galaxy s23",
    );

    await page.getByRole("searchbox", { name: "Search by model" }).fill("nokia 3310");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No models match “nokia 3310”.", { exact: false })).toBeVisible();
    await expect(page.locator("table")).toHaveCount(0);

    await page.getByRole("link", { name: "Show all" }).click();
    await expect(page).toHaveURL("/price-list/mobile");
    await expect(page.locator("table").first()).toBeVisible();
  });

  test("an unknown category answers 404", async ({ page }) => {
    const response = await page.goto("/price-list/toasters");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Price list not found.", { exact: true })).toBeVisible();
  });
});

test.describe("blog", () => {
  test("/blog shows the hero and a card per post", async ({ page, jsEnabled }) => {
    await open(page, "/blog", jsEnabled);
    await expect(
      page.getByText("Stay updated with the latest tech news and repair tips.", { exact: true }),
    ).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(4);
    expect(blogPosts.map((p) => p.slug).sort()).toEqual(
      [
        "iphone-vs-samsung-repair-canada-2025",
        "samsung-battery-drain-fix",
        "top-5-iphone-repair-tips",
        "top-7-signs-phone-needs-repair",
      ].sort(),
    );
    for (const [index, post] of blogPosts.entries()) {
      await expect(cards.nth(index).getByRole("heading")).toHaveText(post.title);
      await expect(cards.nth(index)).toContainText(post.excerpt);
      await expect(
        cards.nth(index).getByRole("link", { name: `Read more about ${post.title}` }),
      ).toHaveAttribute("href", `/blog/${post.slug}`);
    }
    await cards
      .first()
      .getByRole("link", { name: /^Read more/ })
      .click();
    await expect(page).toHaveURL(`/blog/${blogPosts[0]!.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(blogPosts[0]!.title);
  });

  for (const post of blogPosts) {
    test(`/blog/${post.slug} is a full article that links to the services and booking`, async ({
      page,
    }) => {
      await page.goto(`/blog/${post.slug}`);
      const article = page.getByRole("article");
      const words = (await article.innerText()).split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(500);
      for (const href of ["/services", "/service-model-selector", "/book-appointment"]) {
        await expect(article.locator(`a[href="${href}"]`).first()).toBeVisible();
      }
      await expect(article.getByRole("heading", { level: 2 }).first()).toBeVisible();
      const posting = (await jsonLd(page)).find((data) => data["@type"] === "BlogPosting");
      expect(posting).toMatchObject({
        headline: post.title,
        description: post.excerpt,
        datePublished: post.publishedAt,
      });
      expect(await metaContent(page, "property", "og:type")).toBe("article");
    });
  }

  test("an unknown post answers 404 with its message", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Blog post not found.", { exact: true })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("the legacy selector link in a post lands on the mobile selector", async ({
    page,
    jsEnabled,
  }) => {
    await open(page, `/blog/${blogPosts[0]!.slug}`, jsEnabled);
    await page.getByRole("article").locator('a[href="/service-model-selector"]').first().click();
    await expect(page).toHaveURL("/services/mobile");
  });
});

test.describe("legal pages", () => {
  for (const document of [
    { path: "/terms", text: terms },
    { path: "/privacy-policy", text: privacyPolicy },
  ]) {
    test(`${document.path} shows the date and every section, with a list to jump to them`, async ({
      page,
      jsEnabled,
    }) => {
      await open(page, document.path, jsEnabled);
      await expect(
        page.getByText(`Last updated: ${document.text.lastUpdated}`, { exact: true }),
      ).toBeVisible();
      await expect(page.getByText(document.text.intro, { exact: true })).toBeVisible();
      const sections = page.getByRole("main").getByRole("heading", { level: 2 });
      await expect(sections).toHaveText([
        "On this page",
        ...document.text.sections.map((s, i) => `${i + 1}. ${s.title}`),
      ]);
      const last = document.text.sections.at(-1)!;
      await page
        .getByRole("navigation", { name: "On this page" })
        .getByRole("link", { name: last.title })
        .click();
      await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
      await expect(page.locator(`#${last.id}-heading`)).toBeInViewport();
    });
  }

  test("the dates and the privacy policy's eight sections are those the legacy site published", async () => {
    expect(terms.lastUpdated).toBe("July 2025");
    expect(privacyPolicy.lastUpdated).toBe("September 4, 2025");
    expect(privacyPolicy.sections.map((s) => s.title)).toEqual([
      "Introduction",
      "Information We Collect",
      "How We Use Your Information",
      "Disclosure of Your Information",
      "Data Security",
      "Children Under 13",
      "Changes to This Policy",
      "Contact Us",
    ]);
  });

  test("the privacy policy's contact section gives the e-mail and phone", async ({ page }) => {
    await page.goto("/privacy-policy#contact-us");
    const section = page.locator("section#contact-us");
    await expect(section.getByRole("link", { name: contact.emails.info })).toHaveAttribute(
      "href",
      `mailto:${contact.emails.info}`,
    );
    await expect(section.getByRole("link", { name: contact.phone.display })).toHaveAttribute(
      "href",
      contact.phone.href,
    );
  });
});

test.describe("contact page information", () => {
  test("call and WhatsApp buttons, four cards, the store map and six questions", async ({
    page,
    jsEnabled,
  }) => {
    await open(page, "/contact", jsEnabled);
    const main = page.getByRole("main");

    await expect(main.getByRole("link", { name: "Call Now" })).toHaveAttribute(
      "href",
      contact.phone.href,
    );
    const whatsapp = main.getByRole("link", { name: /WhatsApp Us/ });
    await expect(whatsapp).toHaveAttribute("href", contact.whatsapp.href);
    await expect(whatsapp).toHaveAttribute("target", "_blank");

    for (const title of ["Call Us", "Email Us", "Visit Us", "Opening Hours"])
      await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await expect(
      main.getByRole("link", { name: contact.emails.info, exact: true }),
    ).toHaveAttribute("href", `mailto:${contact.emails.info}`);
    await expect(main.getByRole("link", { name: new RegExp(`^${address.full}`) })).toHaveAttribute(
      "href",
      address.mapLink,
    );
    for (const line of openingHoursText)
      await expect(main).toContainText(`${line.days}: ${line.hours}`);
    await expect(main.getByRole("link", { name: /Directions/ })).toHaveAttribute(
      "href",
      address.directionsLink,
    );

    const questions = main.locator("details > summary");
    await expect(questions).toHaveText(
      contactPageFaqIds.map((id) => faqItems.find((item) => item.id === id)!.question),
    );
    await expect(
      main.getByRole("link", { name: "See all frequently asked questions" }),
    ).toHaveAttribute("href", "/faq");
    expect((await jsonLd(page)).some((data) => data["@type"] === "LocalBusiness")).toBe(true);
  });
});
