import { expect, test, type APIRequestContext } from "@playwright/test";
import { contact, deviceCategories, findCategory } from "../../app/config/shop";
import { catalogueRows } from "../../seeds/seed";
import { visitor, type HtmlPage } from "./support/html-page";
import {
  hasControl,
  hrefOf,
  isDisabled,
  links,
  optionTexts,
  pathOf,
  region,
  regions,
  urlOf,
  valueOf,
} from "./public-forms-support";

/**
 * The device pickers as a browser without JavaScript uses them: a choice and Update send the GET
 * form, and the server answers at the plain address, opened at the next step. With JavaScript the
 * page script sends the same form on change (tests/e2e/public-selector.spec.ts walks it).
 */

const rows = catalogueRows();
const unique = <T>(values: T[]) => [...new Set(values)];
const priceOf = (model: string, repair: string) =>
  rows.find((r) => r.category === "mobile" && r.model === model && r.repair === repair)!;
const mobile = findCategory("mobile")!;

/** Chooses in the page's device picker and presses Update; resolves with the page it leads to. */
const pick = (page: HtmlPage, label: "Brand" | "Series" | "Model", option: string) =>
  page
    .form("Update")
    .fill({ [label]: option })
    .submit("Update");

/** Where the picker's form sends the visitor: the Location of the server's redirect. */
async function leadsTo(request: APIRequestContext, page: HtmlPage, choice: Record<string, string>) {
  const fields = page.form("Update").fill(choice).fields();
  const answer = await request.get(`${page.url.pathname}?${new URLSearchParams(fields)}`, {
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  return answer.headers()["location"];
}

const query = (page: HtmlPage) => Object.fromEntries(page.url.searchParams);
const summary = (page: HtmlPage) => regions(page, "3. Your repair");
const repairList = (page: HtmlPage) => region(page, /^2\. Choose a repair/);
/** The repair's link in the list of repairs (named by the repair, then its price). */
const repairHref = (page: HtmlPage, repair: string) =>
  hrefOf(page, new RegExp(`^${repair.replace(/[()]/g, "\\$&")}`), repairList(page));

test.describe("service model selector", () => {
  test("walks brand → series → model → repair, resetting what lies below each change", async ({
    request,
  }) => {
    const browsing = visitor(request);
    /** Follows a repair's link, as a click does. */
    const pickRepair = (page: HtmlPage, repair: string) =>
      browsing.open(pathOf(page, repairHref(page, repair)));

    let page = await browsing.open("/services/mobile");
    expect(page.headings(1)).toEqual([mobile.title]);
    expect(optionTexts(page, "Brand")).toEqual(["Select a brand", "Apple", "Samsung", "Google"]);
    expect(hasControl(page, "Series")).toBe(false);
    expect(isDisabled(page, "Model")).toBe(true);
    expect(page.text()).toContain(
      "Choose a brand and model above to see the repairs we offer and their prices.",
    );
    expect(summary(page)).toEqual([]);

    // A brand with series: the series comes first and the model waits for it.
    page = await pick(page, "Brand", "Samsung");
    expect(query(page)).toEqual({ brand: "Samsung" });
    expect(optionTexts(page, "Series")).toEqual([
      "Select a series",
      "Galaxy S",
      "Galaxy Note",
      "Galaxy A",
      "Galaxy Z",
    ]);
    expect(isDisabled(page, "Model")).toBe(true);

    page = await pick(page, "Series", "Galaxy S");
    expect(query(page)).toEqual({ brand: "Samsung", series: "Galaxy S" });
    expect(isDisabled(page, "Model")).toBe(false);
    // Newest first: the catalogue lists a series' models as they came out.
    const galaxyS = unique(rows.filter((r) => r.series === "Galaxy S").map((r) => r.model));
    expect(optionTexts(page, "Model")).toEqual(["Select a model", ...galaxyS.toReversed()]);

    // A model lists its repairs with prices.
    page = await pick(page, "Model", "Galaxy S23");
    expect(query(page)).toEqual({ brand: "Samsung", series: "Galaxy S", model: "Galaxy S23" });
    expect(page.headings(2)).toContain("2. Choose a repair for the Samsung Galaxy S23");
    const repairs = rows.filter((r) => r.model === "Galaxy S23");
    const list = repairList(page)
      .find("li")
      .toArray()
      .map((item) => page.$(item).text());
    expect(list).toHaveLength(repairs.length);
    expect(list[0]).toContain("Screen Repair (Glass and LCD)");
    expect(list[0]).toContain(`$${priceOf("Galaxy S23", "Screen Repair (Glass and LCD)").price}`);
    expect(list.at(-1)).toContain("For any other repair");
    expect(list.at(-1)).toContain("Call For Price");
    expect(summary(page)).toEqual([]);

    // Picking a repair shows it, its price and the booking link.
    page = await pickRepair(page, "Battery Replacement");
    expect(query(page)).toEqual({
      brand: "Samsung",
      series: "Galaxy S",
      model: "Galaxy S23",
      repair: "Battery Replacement",
    });
    const [chosen] = links(page, /^Battery Replacement/, repairList(page));
    expect(page.$(chosen).attr("aria-current")).toBe("true");
    expect(page.$(summary(page)).text()).toContain("Samsung Galaxy S23");
    expect(page.$(summary(page)).text()).toContain("Battery Replacement");
    expect(page.text('[data-testid="selected-price"]')).toBe(
      `$${priceOf("Galaxy S23", "Battery Replacement").price}`,
    );
    const book = urlOf(page, hrefOf(page, "Book Now", page.$(summary(page))));
    expect(book.pathname).toBe("/book-appointment");
    expect([...book.searchParams]).toEqual([
      ["brand", "Samsung"],
      ["model", "Galaxy S23"],
      ["issue", "Battery Replacement"],
      ["price", priceOf("Galaxy S23", "Battery Replacement").price!],
      ["deviceCategory", mobile.title],
    ]);

    // Model resets the repair.
    page = await pick(page, "Model", "Galaxy S24");
    expect(query(page)).toEqual({ brand: "Samsung", series: "Galaxy S", model: "Galaxy S24" });
    expect(summary(page)).toEqual([]);
    expect(page.headings(2)).toContain("2. Choose a repair for the Samsung Galaxy S24");

    // Series resets model and repair.
    page = await pickRepair(page, "Camera Repair");
    expect(summary(page)).toHaveLength(1);
    page = await pick(page, "Series", "Galaxy A");
    expect(query(page)).toEqual({ brand: "Samsung", series: "Galaxy A" });
    expect(valueOf(page, "Model")).toBe("");
    expect(summary(page)).toEqual([]);
    expect(repairList(page).find("li").toArray()).toEqual([]);

    // Brand resets series, model and repair; a brand without series goes straight to its models.
    page = await pick(page, "Model", "Galaxy A53 5G");
    page = await pickRepair(page, "Battery Replacement");
    expect(summary(page)).toHaveLength(1);
    page = await pick(page, "Brand", "Apple");
    expect(query(page)).toEqual({ brand: "Apple" });
    expect(hasControl(page, "Series")).toBe(false);
    expect(isDisabled(page, "Model")).toBe(false);
    expect(valueOf(page, "Model")).toBe("");
    expect(summary(page)).toEqual([]);

    // A repair priced "Call For Price" dials the shop, and books with an empty price.
    page = await pick(page, "Model", "iPhone 17");
    page = await pickRepair(page, "Back Glass Repair");
    expect(page.text('[data-testid="selected-price"]')).toBe(
      `Call For Price${contact.phone.display}`,
    );
    expect(hrefOf(page, /^Call For Price/, page.$(summary(page)))).toBe(contact.phone.href);
    const callBook = urlOf(page, hrefOf(page, "Book Now", page.$(summary(page))));
    expect(callBook.searchParams.get("price")).toBe("");
    expect(callBook.searchParams.get("issue")).toBe("Back Glass Repair");
  });

  test("a choice opens the page at the next step, and a picked repair at the summary", async ({
    request,
  }) => {
    // The fragment lives in the redirect's Location (and the repair link's href), and the browser
    // scrolls to it (tests/e2e/public-prices.spec.ts sees each step on a phone's screen).
    const start = await visitor(request).open("/services/mobile");
    expect(await leadsTo(request, start, { Brand: "Samsung" })).toBe(
      "/services/mobile?brand=Samsung#step-device",
    );
    const google = await visitor(request).open("/services/mobile?brand=Google");
    expect(await leadsTo(request, google, { Model: "Pixel 9" })).toBe(
      "/services/mobile?brand=Google&model=Pixel+9#step-repair",
    );
    const pixel = await pick(google, "Model", "Pixel 9");
    expect(urlOf(pixel, repairHref(pixel, "Battery Replacement")).hash).toBe("#summary");
  });

  test("a shared link opens with the whole selection in place", async ({ request }) => {
    const page = await visitor(request).open(
      "/services/mobile?brand=Google&model=Pixel+8&repair=Screen+Repair+%28Glass+and+LCD%29",
    );
    expect(valueOf(page, "Brand")).toBe("Google");
    expect(valueOf(page, "Model")).toBe("Pixel 8");
    expect(page.text('[data-testid="selected-price"]')).toBe(
      `$${priceOf("Pixel 8", "Screen Repair (Glass and LCD)").price}`,
    );
  });

  test("a name that does not exist is dropped with everything after it, and the page reopens at the device choice", async ({
    request,
  }) => {
    const redirect = await request.get("/services/mobile?brand=Samsung&series=Galaxy+Q", {
      maxRedirects: 0,
    });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()["location"]).toBe("/services/mobile?brand=Samsung#step-device");

    const page = await visitor(request).open(
      "/services/mobile?brand=Samsung&series=Galaxy+Q&model=Galaxy+S23",
    );
    expect(query(page)).toEqual({ brand: "Samsung" });
    expect(valueOf(page, "Series")).toBe("");
  });

  test("every category lists its own brands and books with its own title", async ({ request }) => {
    const browsing = visitor(request);
    for (const category of deviceCategories) {
      const page = await browsing.open(`/services/${category.slug}`);
      expect(page.headings(1), category.slug).toEqual([category.title]);
      const brands = unique(rows.filter((r) => r.category === category.slug).map((r) => r.brand));
      // The admin specs add brands of their own to the shared server's catalogue meanwhile.
      const offered = optionTexts(page, "Brand");
      expect(offered[0]).toBe("Select a brand");
      expect(offered.filter((brand) => brands.includes(brand))).toEqual(brands);
      const [tab] = links(page, category.shortName, region(page, "Repair categories"));
      expect(page.$(tab).attr("aria-current"), category.slug).toBe("page");
      expect(hrefOf(page, `See the full ${category.shortName} price list`)).toBe(
        `/price-list/${category.slug}`,
      );
    }

    const row = rows.find((r) => r.category === "laptop" && r.series && r.price)!;
    const selection = new URLSearchParams({
      brand: row.brand,
      series: row.series!,
      model: row.model,
      repair: row.repair,
    });
    const page = await browsing.open(`/services/laptop?${selection}`);
    const book = urlOf(page, hrefOf(page, "Book Now", page.$(summary(page))));
    expect(Object.fromEntries(book.searchParams)).toEqual({
      brand: row.brand,
      model: row.model,
      issue: row.repair,
      price: row.price,
      deviceCategory: findCategory("laptop")!.title,
    });
  });

  test("an unknown category answers 404 with its message", async ({ request }) => {
    const page = await visitor(request).open("/services/toasters");
    expect(page.status).toBe(404);
    expect(page.texts("main *")).toContain("Service category not found.");
    expect(page.text("title")).toMatch(/\| WeFix$/);
  });
});

test.describe("repair service finder", () => {
  const selected = (page: HtmlPage) => page.text('[data-testid="finder-selected"]');
  const finder = (page: HtmlPage) => region(page, "Repair Service Finder");
  /** The finder's Book Appointment: a disabled button until a brand and model are chosen. */
  const bookButton = (page: HtmlPage) =>
    finder(page)
      .find("button")
      .toArray()
      .filter((button) => page.$(button).text().trim() === "Book Appointment");
  const bookQuery = (page: HtmlPage) =>
    Object.fromEntries(urlOf(page, hrefOf(page, "Book Appointment", finder(page))).searchParams);
  const expectNoBooking = (page: HtmlPage) => {
    expect(bookButton(page).map((button) => page.$(button).is("[disabled]"))).toEqual([true]);
    expect(links(page, "Book Appointment", finder(page))).toEqual([]);
  };

  test("books only once a brand and model are chosen, resetting what lies below a change", async ({
    request,
  }) => {
    let page = await visitor(request).open("/services");
    expect(selected(page)).toBe("Selected: nothing yet");
    expectNoBooking(page);
    expect(isDisabled(page, "Model")).toBe(true);

    page = await pick(page, "Brand", "Samsung");
    expect(query(page)).toEqual({ brand: "Samsung" });
    expect(selected(page)).toBe("Selected: Samsung");
    expectNoBooking(page);

    page = await pick(page, "Series", "Galaxy Z");
    expect(selected(page)).toBe("Selected: Samsung → Galaxy Z");
    expectNoBooking(page);

    const foldModel = rows.find((r) => r.series === "Galaxy Z")!.model;
    page = await pick(page, "Model", foldModel);
    expect(selected(page)).toBe(`Selected: Samsung → Galaxy Z → ${foldModel}`);
    expect(bookButton(page)).toEqual([]);
    const href = urlOf(page, hrefOf(page, "Book Appointment", finder(page)));
    expect(href.pathname).toBe("/book-appointment");
    expect(bookQuery(page)).toEqual({
      brand: "Samsung",
      series: "Galaxy Z",
      model: foldModel,
      deviceCategory: mobile.title,
    });

    // Series resets the model.
    page = await pick(page, "Series", "Galaxy S");
    expect(query(page)).toEqual({ brand: "Samsung", series: "Galaxy S" });
    expect(selected(page)).toBe("Selected: Samsung → Galaxy S");
    expect(valueOf(page, "Model")).toBe("");
    expectNoBooking(page);

    // Brand resets series and model; a brand without series books without one.
    page = await pick(page, "Model", "Galaxy S23");
    page = await pick(page, "Brand", "Apple");
    expect(query(page)).toEqual({ brand: "Apple" });
    expect(selected(page)).toBe("Selected: Apple");
    expect(hasControl(page, "Series")).toBe(false);
    // Each choice loads the page again, opened at the finder.
    expect(await leadsTo(request, page, { Model: "iPhone 15" })).toBe(
      "/services?brand=Apple&model=iPhone+15#finder",
    );
    page = await pick(page, "Model", "iPhone 15");
    expect(selected(page)).toBe("Selected: Apple → iPhone 15");
    expect(bookQuery(page)).toEqual({
      brand: "Apple",
      model: "iPhone 15",
      deviceCategory: mobile.title,
    });

    const booking = await visitor(request).open(hrefOf(page, "Book Appointment", finder(page)));
    expect(booking.url.pathname).toBe("/book-appointment");
    expect(booking.status).toBe(200);
  });
});
