import { expect, test } from "@playwright/test";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";
import { jsonLd } from "./public-forms-support";

/**
 * The shop without JavaScript (issue 33): the listing's filters as a GET form, a device's page
 * with its Product data, "Reserve for pickup" and its confirmation, the staff's reservations, and
 * a device sold on a counter sale's invoice. The server's sample devices (seeds/shop-devices.ts)
 * are the stock; each test takes a device of its own.
 */

/** The cards' names and prices as listed. */
function cards(page: HtmlPage) {
  return page.visible("main li a[href^='/shop/']").map((card) => ({
    name: page.$(card).find("h2").text().trim(),
    price: Number(
      page
        .$(card)
        .find("p")
        .last()
        .text()
        .replace(/[^\d.]/g, ""),
    ),
    href: page.$(card).attr("href")!,
  }));
}

/** The device page of the listed device whose name starts so. */
async function deviceHref(request: Parameters<typeof visitor>[0], name: string) {
  const list = await visitor(request).open("/shop");
  const card = cards(list).find((one) => one.name.startsWith(name));
  if (!card) throw new Error(`${name} is not listed`);
  return card.href;
}

test("the listing filters by category, brand, grade and price, and sorts, from its GET form", async ({
  request,
}) => {
  const shop = await visitor(request).open("/shop");
  expect(shop.status).toBe(200);
  expect(shop.header("cache-control")).toBe("no-cache");
  expect(shop.text("h1")).toBe("Refurbished Devices");
  expect(cards(shop).length).toBeGreaterThanOrEqual(3);

  const tablets = await shop
    .form("Show devices")
    .fill({ Category: "Tablet" })
    .submit("Show devices");
  expect(tablets.url.search).toContain("category=tablet");
  expect(cards(tablets).map((card) => card.name)).toEqual([
    "Apple iPad Air (5th generation) 64 GB",
  ]);

  const apple = await shop.form("Show devices").fill({ Brand: "Apple" }).submit("Show devices");
  expect(cards(apple).every((card) => card.name.startsWith("Apple "))).toBe(true);

  const excellent = await shop
    .form("Show devices")
    .fill({ Grade: "Excellent" })
    .submit("Show devices");
  expect(cards(excellent).map((card) => card.name)).toContain("Apple iPhone 13 128 GB");
  expect(excellent.texts("main dd").filter((text) => ["Good", "Fair"].includes(text))).toEqual([]);

  const range = await shop
    .form("Show devices")
    .fill({ "Lowest price": "400", "Highest price": "550", Sort: "Price: high to low" })
    .submit("Show devices");
  const prices = cards(range).map((card) => card.price);
  expect(prices.length).toBeGreaterThan(0);
  expect(prices.every((price) => price >= 400 && price <= 550)).toBe(true);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));

  const none = await visitor(request).open("/shop?category=watch");
  expect(cards(none)).toEqual([]);
  expect(none.text("main")).toContain("No devices match these filters right now.");
});

test("a device's page shows its grade, warranty and price, with Product and Offer data", async ({
  request,
}) => {
  const href = await deviceHref(request, "Apple iPhone 13");
  const page = await visitor(request).open(href);
  expect(page.status).toBe(200);
  expect(page.text("h1")).toBe("Apple iPhone 13 128 GB");
  expect(page.headings(2)).toEqual(
    expect.arrayContaining(["What “Excellent” means", "Warranty", "Reserve for pickup"]),
  );
  expect(page.text("main")).toContain("6 months from the day you buy it");
  // The sample devices have no photos yet: a drawing of the kind of device stands in.
  expect(page.text("[data-testid=no-photos]")).toBe(
    "No photos of this one yet. Reserving costs nothing: see it at the counter before you pay.",
  );
  expect(page.$("section[aria-label=Photos] svg[aria-hidden=true]").length).toBe(1);
  const data = jsonLd(page) as { "@type": string; offers?: { url: string } }[];
  const product = data.find((item) => item["@type"] === "Product");
  expect(product).toMatchObject({
    name: "Apple iPhone 13 128 GB",
    brand: { "@type": "Brand", name: "Apple" },
    offers: {
      "@type": "Offer",
      price: "549.00",
      priceCurrency: "CAD",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/RefurbishedCondition",
    },
  });
  expect(product!.offers!.url).toMatch(new RegExp(`${href}$`));

  // The words before the id may change; the id alone finds the page.
  const id = href.slice(href.lastIndexOf("-") + 1);
  const moved = await visitor(request).open(`/shop/old-name-${id}`);
  expect(moved.url.pathname).toBe(href);
  expect((await visitor(request).open("/shop/apple-iphone-13-aaaaaaaaaa")).status).toBe(404);
});

test("reserving for pickup without JavaScript: the form's messages, the reference, then Reserved", async ({
  request,
}) => {
  const href = await deviceHref(request, "Samsung Galaxy S22");
  const customer = visitor(request);
  let page = await customer.open(href);
  const refused = await page
    .form("Reserve for 48 hours")
    .fill({ Name: "Avery Brooks" })
    .submit("Reserve for 48 hours");
  expect(refused.status).toBe(400);
  expect(refused.errorOf("E-mail")).toBe("Please enter your e-mail address, or choose Text only.");

  page = await refused
    .form("Reserve for 48 hours")
    .fill({ "E-mail": "avery@example.com" })
    .submit("Reserve for 48 hours");
  expect(page.url.pathname).toMatch(/^\/shop\/reserved\/R-[2-9A-HJ-NP-Z]{6}$/);
  expect(page.text("h1")).toBe("Reserved for you");
  const reference = page.url.pathname.split("/").at(-1)!;
  expect(page.text("main")).toContain(reference);
  expect(page.text("main")).toContain("Held until");
  expect(page.text("main")).not.toContain("avery@example.com");

  const device = await customer.open(href);
  expect(device.text('[data-testid="availability"]')).toMatch(/^Reserved\./);
  expect(() => device.form("Reserve for 48 hours")).toThrow();
  const shop = await customer.open("/shop");
  expect(cards(shop).map((card) => card.href)).not.toContain(href);

  // Staff see it held with the time left, and cancel it: back on sale.
  const staff = await staffVisitor(request, "/admin/reservations");
  const row = staff.landed
    .visible('[data-testid="reservation"]')
    .find((tr) => staff.landed.$(tr).text().includes(reference));
  expect(staff.landed.$(row).text()).toMatch(/Held4[78] h \d+ min left, until /);
  const cancelled = await staff.landed
    .form(`Cancel reservation ${reference}`)
    .submit(`Cancel reservation ${reference}`);
  expect(cancelled.toast()?.description).toBe(
    "Reservation cancelled. The device is back for sale.",
  );
  expect(cards(await customer.open("/shop")).map((card) => card.href)).toContain(href);
});

test("a device sold on a counter sale leaves the shop at once, its warranty on the receipt; voiding returns it", async ({
  request,
}) => {
  const href = await deviceHref(request, "Nintendo Switch OLED");
  const publicId = href.slice(href.lastIndexOf("-") + 1);
  const staff = await staffVisitor(request, "/admin/invoices");
  let page = await staff.landed
    .form("Start sale")
    .fill({ "Made out to": "Morgan Gamer" })
    .submit("Start sale");
  const refused = await page
    .form("Add device and mark sold")
    .fill({ "Device: shop id, IMEI or serial number": "no-such-device" })
    .submit("Add device and mark sold");
  expect(refused.status).toBe(409);
  expect(refused.alerts().join(" ")).toContain(
    "No device has that shop id, IMEI or serial number.",
  );
  page = await refused
    .form("Add device and mark sold")
    .fill({ "Device: shop id, IMEI or serial number": publicId })
    .submit("Add device and mark sold");
  expect(page.toast()?.description).toBe("Device added and marked sold.");
  expect(page.text("main")).toContain(
    "Nintendo Switch OLED 64 GB, Excellent, Serial XTW70012345678",
  );
  // The draft's line form offers no Device kind: a device line comes from this form only.
  expect(page.$('select[name="kind1"] option[value="device"]').length).toBe(0);

  const shop = await visitor(request).open("/shop");
  expect(cards(shop).map((card) => card.href)).not.toContain(href);
  expect((await visitor(request).open(href)).text('[data-testid="availability"]')).toMatch(
    /^Sold\./,
  );

  page = await page.form("Issue invoice").submit("Issue invoice");
  const receipt = await page.follow("Print receipt");
  expect(receipt.text('[data-testid="receipt-device-warranty"]')).toMatch(
    /Warranty: 3 months, until \w+ \d{1,2}, \d{4}/,
  );
  await page
    .form("Void invoice")
    .fill({ "Why it is voided": "Customer changed their mind" })
    .submit("Void invoice");
  expect(cards(await visitor(request).open("/shop")).map((card) => card.href)).toContain(href);
});
