import { expect, test } from "@playwright/test";
import { contact } from "../../app/config/shop";
import { catalogueRows } from "../../seeds/seed";
import { visitor } from "./support/html-page";
import { links, nameOf, pathOf, valueOf } from "./public-forms-support";

/**
 * The price lists' links and search as the server draws them, the same at every width (one markup
 * for every screen); how they fit a phone and a desktop is tests/e2e/public-prices.spec.ts.
 */

const rows = catalogueRows();
const row = (model: string, repair: string) =>
  rows.find((r) => r.model === model && r.repair === repair)!;

test.describe("price lists", () => {
  for (const slug of ["laptop", "mobile"] as const) {
    test(`/price-list/${slug}: every listed price is a link to book that repair, named for a list of links`, async ({
      request,
    }) => {
      const page = await visitor(request).open(`/price-list/${slug}`);
      // A repair quoted case by case is a call instead (below).
      const listed = rows.filter((r) => r.category === slug && r.price !== null);
      // Entries other tests add meanwhile (each with a model of its own) are not counted.
      const seeded = new Set(listed.map((r) => r.model));
      const booking = links(page, /^Book .+ for .+, /, page.$("main")).filter((link) =>
        seeded.has(new URL(page.$(link).attr("href")!, page.url).searchParams.get("model")!),
      );
      expect(booking).toHaveLength(listed.length);
    });
  }

  test("a price books its repair with the form filled in", async ({ request }) => {
    const browsing = visitor(request);
    const screen = row("iPhone 13", "Screen Repair (Glass and LCD)");
    const page = await browsing.open("/price-list/mobile");
    const [link] = links(
      page,
      `Book Screen Repair (Glass and LCD) for Apple iPhone 13, $${screen.price}`,
    );
    expect(link).toBeDefined();
    expect(page.$(link).text()).toContain(`$${screen.price}`);

    const form = await browsing.open(pathOf(page, page.$(link).attr("href")!));
    expect(form.url.pathname).toBe("/book-appointment");
    expect(valueOf(form, "Device Category")).toBe("Mobile Repair Service");
    expect(valueOf(form, "Device Brand")).toBe("Apple");
    expect(valueOf(form, "Device Model")).toBe("iPhone 13");
    expect(valueOf(form, "Issue Type")).toBe("Screen Repair (Glass and LCD)");
    expect(valueOf(form, "Issue Description")).toBe(
      `I want to repair my Apple iPhone 13 for Screen Repair (Glass and LCD). I want to confirm the price, which is ${screen.price}.`,
    );
  });

  test("a repair quoted case by case is a call: Call For Price dials the shop", async ({
    request,
  }) => {
    const page = await visitor(request).open("/price-list/laptop");
    const quoted = rows.find(
      (r) => r.category === "laptop" && r.brand === "Dell" && r.price === null,
    )!;
    const [link] = links(
      page,
      `Call For Price for ${quoted.repair}, Dell ${quoted.model}: call ${contact.phone.display}`,
    );
    expect(link).toBeDefined();
    expect(page.$(link).text()).toContain("Call For Price");
    expect(page.$(link).attr("href")).toBe(contact.phone.href);
  });

  test("search by model narrows the list", async ({ request }) => {
    const list = await visitor(request).open("/price-list/mobile");
    const page = await list.form("Search").fill({ "Search by model": "pixel 9" }).submit("Search");
    expect(`${page.url.pathname}${page.url.search}`).toBe("/price-list/mobile?q=pixel+9");
    const matching = rows.filter(
      (r) =>
        r.category === "mobile" &&
        ["pixel", "9"].every((word) => `${r.brand} ${r.model}`.toLowerCase().includes(word)),
    );
    // Newest first: the catalogue lists a brand's models as they came out.
    expect(page.visible('th[scope="row"]').map((cell) => nameOf(page, cell))).toEqual(
      [...new Set(matching.map((r) => r.model))].toReversed(),
    );
    const battery = row("Pixel 9", "Battery Replacement");
    expect(
      links(page, `Book Battery Replacement for Google Pixel 9, $${battery.price}`),
    ).toHaveLength(1);
  });
});
