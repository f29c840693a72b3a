import { expect, test } from "@playwright/test";
import { mainNavigation, quickLinks, serviceLinks } from "../../app/config/navigation";
import { address, brand, contact, socialLinks } from "../../app/config/shop";
import { publicPages } from "../../app/utils/public-pages";
import { shopYear } from "../../app/utils/shop-time";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";
import { links, nameOf } from "./public-forms-support";

/**
 * What every public page carries around its content (the contact strip, the header's links, the
 * footer) and what the admin leaves out, as the server writes it. How they sit on a phone and a
 * laptop, the sticky header and the Services dropdown are in tests/e2e/layout.spec.ts.
 */

const services = mainNavigation.find((item) => item.children?.length)!;

/** The one link with this name in `within`, as getByRole would insist on one. */
function only(page: HtmlPage, name: string, within: string) {
  const found = page.visible(`${within} a`).filter((a) => nameOf(page, a) === name);
  expect(found, `links named ${name} in ${within}`).toHaveLength(1);
  return page.$(found[0]!);
}

test("the contact strip links the phone, e-mail and map", async ({ request }) => {
  const page = await visitor(request).open("/");
  // The strip above the header: the body's only direct <div> child with the shop's phone link.
  const strip = `body > div:has(a[href="${contact.phone.href}"])`;
  expect(page.$(strip)).toHaveLength(1);
  expect(only(page, contact.phone.display, strip).attr("href")).toMatch(/^tel:\+\d{11}$/);
  expect(only(page, contact.phone.display, strip).attr("href")).toBe(contact.phone.href);
  expect(only(page, contact.emails.info, strip).attr("href")).toBe(`mailto:${contact.emails.info}`);
  const map = only(page, address.full, strip);
  expect(map.attr("href")).toBe(address.mapLink);
  expect(map.attr("target")).toBe("_blank");
});

test("the main navigation marks the current page, and Services on a category's page", async ({
  request,
}) => {
  const browsing = visitor(request);
  const nav = 'nav[aria-label="Main"]';
  const current = (page: HtmlPage) =>
    page.visible(`${nav} [aria-current="page"]`).map((element) => ({
      name: nameOf(page, element),
      href: page.$(element).attr("href"),
    }));

  expect(current(await browsing.open("/about"))).toEqual([{ name: "About", href: "/about" }]);
  expect(current(await browsing.open("/services/mobile"))).toEqual([
    { name: services.label, href: services.to },
    { name: "Mobile", href: "/services/mobile" },
  ]);
});

test("the header's WhatsApp button is its only one and opens a prefilled chat in a new tab", async ({
  request,
}) => {
  const page = await visitor(request).open("/");
  expect(links(page, "Chat with us on WhatsApp")).toHaveLength(1);
  const button = only(page, "Chat with us on WhatsApp", "body > header");
  expect(button.attr("href")).toBe(contact.whatsapp.href);
  expect(button.attr("target")).toBe("_blank");
  expect(button.attr("rel")).toMatch(/\bnoopener\b/);
  const url = new URL(button.attr("href")!);
  expect(url.hostname).toBe("wa.me");
  expect(url.searchParams.get("text")).toBe(
    "Hi! I would like to inquire about your repair services.",
  );
});

test.describe("footer", () => {
  const footer = "body > footer";

  test("shows the four columns, social links and contact details", async ({ request }) => {
    const page = await visitor(request).open("/");
    expect(page.texts(`${footer} h2`)).toEqual([
      brand.name,
      "Quick Links",
      "Services",
      "Contact Us",
    ]);
    expect(page.texts(`${footer} p`)).toContain(brand.tagline);

    const social = page.$(`${footer} ul[aria-label="Social media"] a`).toArray();
    expect(social.map((a) => nameOf(page, a))).toEqual(socialLinks.map((s) => s.name));
    for (const [index, host] of [
      "facebook.com",
      "instagram.com",
      "youtube.com",
      "tiktok.com",
    ].entries()) {
      const link = page.$(social[index]!);
      expect(link.attr("href")).toBe(socialLinks[index]!.href);
      expect(link.attr("href")).toMatch(
        new RegExp(`^https://(www\\.)?${host.replace(".", "\\.")}/`),
      );
      expect(link.attr("target")).toBe("_blank");
      expect(link.attr("rel")).toMatch(/noopener/);
    }

    const column = (heading: string) =>
      page
        .$(`${footer} h2`)
        .filter((_, h2) => page.$(h2).text() === heading)
        .parent();
    for (const [heading, expected] of [
      ["Quick Links", quickLinks],
      ["Services", serviceLinks],
    ] as const) {
      const found = column(heading)
        .find("a")
        .toArray()
        .map((a) => ({ label: nameOf(page, a), to: page.$(a).attr("href") }));
      expect(found).toEqual(expected.map(({ label, to }) => ({ label, to })));
    }
    const serviceHrefs = column("Services")
      .find("a")
      .toArray()
      .map((a) => page.$(a).attr("href"));
    expect(serviceHrefs).toEqual(
      expect.arrayContaining(["/services/console", "/book-appointment"]),
    );

    const contactColumn = column("Contact Us");
    const hrefOf = (name: string) =>
      contactColumn
        .find("a")
        .toArray()
        .filter((a) => nameOf(page, a) === name)
        .map((a) => page.$(a).attr("href"));
    expect(hrefOf(contact.phone.display)).toEqual([contact.phone.href]);
    expect(hrefOf(contact.emails.info)).toEqual([`mailto:${contact.emails.info}`]);
    expect(hrefOf(address.full)).toEqual([address.mapLink]);
    expect(
      contactColumn
        .find("dl > div")
        .toArray()
        .map((line) => page.$(line).text()),
    ).toEqual([
      "Monday - Friday: 10:00 AM - 8:00 PM",
      "Saturday: 10:00 AM - 6:00 PM",
      "Sunday: 11:00 AM - 5:00 PM",
    ]);

    // The year on the shop's clock, not the year the site was built.
    expect(page.texts(`${footer} p`)).toContain(
      `© ${shopYear()} ${brand.name}. All rights reserved.`,
    );
  });

  for (const legal of [
    { name: "Terms & Conditions", to: "/terms", heading: "Terms and Conditions" },
    { name: "Privacy Policy", to: "/privacy-policy", heading: "Privacy Policy" },
  ]) {
    test(`links to ${legal.to}`, async ({ request }) => {
      const home = await visitor(request).open("/");
      expect(only(home, legal.name, footer).attr("href")).toBe(legal.to);
      const page = await home.follow(legal.name, footer);
      expect(page.status).toBe(200);
      expect(page.url.pathname).toBe(legal.to);
      expect(page.headings(1)).toEqual([legal.heading]);
    });
  }
});

test.describe("admin pages have none of the public chrome", () => {
  const publicChrome = (page: HtmlPage) => ({
    header: page.$("header").length,
    footer: page.$("footer").length,
    phone: page.$(`a[href="${contact.phone.href}"]`).length,
    whatsapp: page.$(`a[href="${contact.whatsapp.href}"]`).length,
  });
  const none = { header: 0, footer: 0, phone: 0, whatsapp: 0 };

  test("/admin/login", async ({ request }) => {
    const page = await visitor(request).open("/admin/login");
    expect(page.status).toBe(200);
    expect(page.headings(1)).toEqual([`${brand.name} Staff Login`]);
    expect(publicChrome(page)).toEqual(none);
  });

  test("/admin/dashboard, with the admin's own menu", async ({ request }) => {
    const { landed: page } = await staffVisitor(request);
    expect(page.headings(1)).toHaveLength(1);
    expect(publicChrome(page)).toEqual(none);
    const menu = page.$('nav[aria-label="Admin"] a').toArray();
    const names = menu.map((a) => nameOf(page, a));
    // Repairs, Messages and Outbox may carry a counter of what waits for staff; Staff is the
    // owner's; the Day's Close, Hours & Closures, Settings and Shop Photos the owner's and
    // managers'.
    expect(names.map((name) => name.replace(/ \d+ \w+$/, ""))).toEqual([
      "Dashboard",
      "Agenda",
      "Manage Repairs",
      "New Walk-in",
      "Customers",
      "Invoices",
      "Trade-ins",
      "Purchases",
      "Stock",
      "Reservations",
      "Manage Price List",
      "Messages",
      "Outbox",
      "Day's Close",
      "Analytics",
      "Reports",
      "Staff",
      "Hours & Closures",
      "Settings",
      "Shop Photos",
      "Audit Trail",
      "Account & Security",
    ]);
    const current = menu.filter((a) => page.$(a).attr("aria-current") === "page");
    expect(current.map((a) => nameOf(page, a))).toEqual(["Dashboard"]);
  });
});

test("the 404 page ends its title with the brand", async ({ request }) => {
  const page = await visitor(request).open("/no-such-page");
  expect(page.status).toBe(404);
  expect(page.$("head > title").text()).toMatch(new RegExp(`^Page not found.* \\| ${brand.name}$`));
});

test("/favicon.ico is an icon, not a page", async ({ request }) => {
  const answer = await request.get("/favicon.ico");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/x-icon");
  // An .ico file's header: reserved 0, type 1 (icon). Its images: tests/unit/shop-year.test.ts.
  expect([...(await answer.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

test("the shop's phone numbers never break across lines on any public page", async ({
  request,
}) => {
  const numbers = [contact.phone.display, contact.whatsapp.display];
  const kept = 'a[href^="tel:"], a[href^="https://wa.me/"], .whitespace-nowrap';
  const browsing = visitor(request);
  let seen = 0;
  for (const { path } of publicPages) {
    const page = await browsing.open(path);
    const broken = page
      .visible("body *:not(script):not(style):not(template)")
      .filter((element) =>
        element.children.some(
          (child) => child.type === "text" && numbers.some((n) => child.data.includes(n)),
        ),
      )
      .filter((element) => {
        seen++;
        return !page.$(element).closest(kept).length;
      })
      .map((element) => page.$(element).text().trim().slice(0, 80));
    expect(broken, path).toEqual([]);
  }
  // The check read the numbers where the pages print them (header, footer, FAQ, contact...).
  expect(seen).toBeGreaterThan(publicPages.length);
});
