import type { Locator, Page } from "@playwright/test";
import { mainNavigation, quickLinks, serviceLinks } from "../../app/config/navigation";
import {
  address,
  brand,
  contact,
  findCategory,
  openingHoursText,
  socialLinks,
} from "../../app/config/shop";
import { desktop, expect, phone, test } from "./fixtures";
import { logIn } from "./support/admin";
import { countDocumentLoads, open } from "./support/public";

const services = mainNavigation.find((item) => item.children?.length);
if (!services?.children) throw new Error("The main navigation has no item with sub-links");
const serviceChildren = services.children;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The strip above the header: the body's only direct <div> child that holds the shop's phone link.
 */
const contactStrip = (page: Page) =>
  page.locator("body > div", { has: page.locator(`a[href="${contact.phone.href}"]`) });

/** A footer column: the element its heading opens. */
const footerColumn = (footer: Locator, heading: string) =>
  footer.getByRole("heading", { name: heading, exact: true }).locator("xpath=..");

/** CSS transitions the browser starts from now on, as reported by Chromium's DevTools protocol. */
async function recordTransitions(page: Page) {
  const session = await page.context().newCDPSession(page);
  const started: { name: string; source?: { delay: number; duration: number } }[] = [];
  session.on("Animation.animationStarted", ({ animation }) => {
    if (animation.type === "CSSTransition") started.push(animation);
  });
  await session.send("Animation.enable");
  return {
    find: (property: string) => started.find((animation) => animation.name === property),
    reset: () => void started.splice(0),
  };
}

test.describe("desktop width", () => {
  test.use({ viewport: desktop });

  test("the contact strip links the phone, e-mail and map", async ({ page }) => {
    await page.goto("/");
    const strip = contactStrip(page);
    await expect(strip).toHaveCount(1);

    const phoneLink = strip.getByRole("link", { name: contact.phone.display, exact: true });
    await expect(phoneLink).toBeVisible();
    await expect(phoneLink).toHaveAttribute("href", contact.phone.href);
    await expect(phoneLink).toHaveAttribute("href", /^tel:\+\d{11}$/);

    const mailLink = strip.getByRole("link", { name: contact.emails.info, exact: true });
    await expect(mailLink).toBeVisible();
    await expect(mailLink).toHaveAttribute("href", `mailto:${contact.emails.info}`);

    const mapLink = strip.getByRole("link", { name: address.full, exact: true });
    await expect(mapLink).toBeVisible();
    await expect(mapLink).toHaveAttribute("href", address.mapLink);
    await expect(mapLink).toHaveAttribute("target", "_blank");
  });

  test("the header is sticky and stays at the top while the page scrolls", async ({ page }) => {
    await page.goto("/contact");
    const header = page.getByRole("banner");
    await expect(header).toHaveCSS("position", "sticky");

    const strip = contactStrip(page);
    const stripHeight = (await strip.boundingBox())?.height ?? 0;
    expect(stripHeight).toBeGreaterThan(0);
    await expect
      .poll(async () => (await header.boundingBox())?.y ?? -1)
      .toBeCloseTo(stripHeight, 0);

    await page.mouse.move(desktop.width / 2, desktop.height / 2);
    await page.mouse.wheel(0, 400);
    // The strip scrolls away, the header does not.
    await expect.poll(async () => (await strip.boundingBox())?.y ?? 0).toBeLessThan(-stripHeight);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  });

  test("the main navigation marks the current page", async ({ page }) => {
    const nav = page.locator('nav[aria-label="Main"]');

    await page.goto("/about");
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
      "aria-current",
      /.*/,
    );

    // A category page: its own link in the dropdown, and Services as the section it belongs to.
    await page.goto("/services/mobile");
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveCount(2);
    await expect(nav.getByRole("link", { name: services.label, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.locator('[aria-current="page"][href="/services/mobile"]')).toHaveText(
      "Mobile",
    );
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
      "aria-current",
      /.*/,
    );
  });

  test("the Services dropdown opens on hover and closes shortly after the pointer leaves", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.locator('nav[aria-label="Main"]');
    const servicesLink = nav.getByRole("link", { name: services.label, exact: true });
    const dropdown = page.getByTestId("services-dropdown");
    await expect(dropdown).toHaveCount(1);
    await expect(dropdown).toBeHidden();

    const transitions = await recordTransitions(page);
    await servicesLink.hover();
    await expect(dropdown).toBeVisible();
    // Opens at once: no delay on the way in.
    await expect.poll(() => transitions.find("visibility")?.source?.delay).toBe(0);
    const links = dropdown.getByRole("link");
    await expect(links).toHaveText(serviceChildren.map((child) => child.label));
    for (const child of serviceChildren) {
      await expect(dropdown.getByRole("link", { name: child.label, exact: true })).toHaveAttribute(
        "href",
        child.to,
      );
    }
    expect(serviceChildren.map((child) => child.to)).toEqual([
      "/services/mobile",
      "/services/tablet",
      "/services/laptop",
    ]);
    // Fully faded in, so leaving starts a fresh (not a reversed, shortened) transition.
    await expect(dropdown).toHaveCSS("opacity", "1");

    // Pointer leaves: it stays visible through the 200 ms close delay and is hidden when the 150 ms
    // fade ends, 350 ms later (so visible at ~100 ms, hidden well before ~600 ms). Wall-clock
    // probes from the test runner lag by hundreds of ms on a busy two-core machine, so the browser
    // reports the transition it ran, in its own clock; the generous toBeHidden bound only catches a
    // dropdown that never closes.
    transitions.reset();
    await page.mouse.move(desktop.width / 2, desktop.height - 50);
    await expect(dropdown).toBeHidden({ timeout: 2_000 });
    for (const property of ["visibility", "opacity"]) {
      await expect
        .poll(() => transitions.find(property)?.source, property)
        .toMatchObject({ delay: 200, duration: 150 });
    }
  });

  test("a link in the hovered dropdown navigates", async ({ page }) => {
    await page.goto("/");
    await page
      .locator('nav[aria-label="Main"]')
      .getByRole("link", { name: services.label, exact: true })
      .hover();
    const target = serviceChildren[1] ?? serviceChildren[0]!;
    await page
      .getByTestId("services-dropdown")
      .getByRole("link", { name: target.label, exact: true })
      .click();
    await expect(page).toHaveURL(target.to);
  });

  test("the Services dropdown opens on keyboard focus and its links are reachable by Tab", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const dropdown = page.getByTestId("services-dropdown");
    const servicesLink = header
      .locator('nav[aria-label="Main"]')
      .getByRole("link", { name: services.label, exact: true });

    await header.getByRole("link", { name: brand.name, exact: true }).focus();
    const servicesIndex = mainNavigation.indexOf(services);
    for (let i = 0; i <= servicesIndex; i += 1) await page.keyboard.press("Tab");
    await expect(servicesLink).toBeFocused();
    await expect(dropdown).toBeVisible();

    await page.keyboard.press("Tab");
    const first = serviceChildren[0]!;
    await expect(dropdown.getByRole("link", { name: first.label, exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/services/mobile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(findCategory("mobile")!.title);
  });

  test("Escape closes the Services dropdown opened from the keyboard @js-only", async ({
    page,
    jsEnabled,
  }) => {
    await open(page, "/", jsEnabled);
    const dropdown = page.getByTestId("services-dropdown");
    const servicesLink = page
      .getByRole("banner")
      .locator('nav[aria-label="Main"]')
      .getByRole("link", { name: services.label, exact: true });
    await servicesLink.focus();
    await expect(dropdown).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dropdown.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dropdown).toBeHidden();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});

test.describe("phone width", () => {
  test.use({ viewport: phone });

  const menuButton = (page: Page) => page.locator('summary[aria-label="Menu"]');
  const menu = (page: Page) => page.locator("details", { has: menuButton(page) });
  const mobileNav = (page: Page) => page.locator('nav[aria-label="Mobile"]');

  test("the desktop navigation is hidden and the hamburger opens the full menu", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(1);
    await expect(page.locator('nav[aria-label="Main"]')).toBeHidden();
    await expect(mobileNav(page)).toHaveCount(1);
    await expect(mobileNav(page)).toBeHidden();

    await menuButton(page).click();
    await expect(menu(page)).toHaveAttribute("open", "");
    await expect(mobileNav(page)).toBeVisible();
    const expected = mainNavigation.flatMap((item) => [item, ...(item.children ?? [])]);
    for (const item of expected) {
      const link = mobileNav(page).getByRole("link", { name: item.label, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", item.to);
    }
    await expect(mobileNav(page).getByRole("link")).toHaveCount(expected.length);
    expect(expected.map((item) => item.label)).toEqual(
      expect.arrayContaining(["Mobile", "Tablet", "Laptop"]),
    );

    await menuButton(page).click();
    await expect(mobileNav(page)).toBeHidden();
  });

  test("choosing a menu item navigates and closes the menu", async ({ page, jsEnabled }) => {
    const documentLoads = countDocumentLoads(page);
    await open(page, "/", jsEnabled);

    const targets = [
      mainNavigation.find((item) => item.to === "/about")!,
      serviceChildren[2] ?? serviceChildren[0]!,
    ];
    for (const target of targets) {
      const loadsBefore = documentLoads();
      await menuButton(page).click();
      await expect(mobileNav(page)).toBeVisible();
      await mobileNav(page).getByRole("link", { name: target.label, exact: true }).click();
      await expect(page).toHaveURL(target.to);
      const current = mobileNav(page).getByRole("link", {
        name: target.label,
        exact: true,
        includeHidden: true,
      });
      await expect(current).toHaveAttribute("aria-current", "page");
      await expect(menu(page)).not.toHaveAttribute("open");
      await expect(mobileNav(page)).toBeHidden();
      // A menu item is a plain link: the browser loads the page, whose menu starts closed.
      expect(documentLoads() - loadsBefore).toBe(1);
    }
  });
});

test.describe("footer", () => {
  test.use({ viewport: desktop });

  test("shows the four columns, social links and contact details", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");

    await expect(footer.getByRole("heading")).toHaveText([
      brand.name,
      "Quick Links",
      "Services",
      "Contact Us",
    ]);
    await expect(footer.getByText(brand.tagline, { exact: true })).toBeVisible();

    const social = footer.getByRole("list", { name: "Social media" }).getByRole("link");
    await expect(social).toHaveCount(4);
    for (const [index, expected] of socialLinks.entries()) {
      const link = social.nth(index);
      await expect(link).toHaveAccessibleName(expected.name);
      await expect(link).toHaveAttribute("href", expected.href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    for (const [index, host] of [
      "facebook.com",
      "instagram.com",
      "youtube.com",
      "tiktok.com",
    ].entries()) {
      await expect(social.nth(index)).toHaveAttribute(
        "href",
        new RegExp(`^https://(www\\.)?${escapeRegExp(host)}/`),
      );
    }

    const columns = [
      { heading: "Quick Links", links: quickLinks },
      { heading: "Services", links: serviceLinks },
    ];
    for (const column of columns) {
      const list = footerColumn(footer, column.heading).getByRole("link");
      await expect(list).toHaveText(column.links.map((link) => link.label));
      for (const [index, link] of column.links.entries())
        await expect(list.nth(index)).toHaveAttribute("href", link.to);
    }
    for (const href of ["/services/console", "/book-appointment"]) {
      await expect(footerColumn(footer, "Services").locator(`a[href="${href}"]`)).toBeVisible();
    }

    const contactColumn = footerColumn(footer, "Contact Us");
    await expect(
      contactColumn.getByRole("link", { name: contact.phone.display, exact: true }),
    ).toHaveAttribute("href", contact.phone.href);
    await expect(
      contactColumn.getByRole("link", { name: contact.emails.info, exact: true }),
    ).toHaveAttribute("href", `mailto:${contact.emails.info}`);
    await expect(
      contactColumn.getByRole("link", { name: address.full, exact: true }),
    ).toHaveAttribute("href", address.mapLink);
    await expect(contactColumn.locator("dt")).toHaveText([
      "Monday - Friday:",
      "Saturday:",
      "Sunday:",
    ]);
    for (const line of openingHoursText) {
      await expect(
        contactColumn.getByText(`${line.days}: ${line.hours}`, { exact: true }),
      ).toBeVisible();
    }

    const copyright = footer.getByText(
      `© ${brand.copyrightYear} ${brand.name}. All rights reserved.`,
      { exact: true },
    );
    await expect(copyright).toBeVisible();
    await expect(copyright).toContainText("© 2025");
  });

  for (const legal of [
    { name: "Terms & Conditions", to: "/terms", heading: "Terms and Conditions" },
    { name: "Privacy Policy", to: "/privacy-policy", heading: "Privacy Policy" },
  ]) {
    test(`links to ${legal.to}`, async ({ page }) => {
      const response = await page.request.get(legal.to);
      expect(response.status()).toBe(200);

      await page.goto("/");
      const link = page
        .getByRole("contentinfo")
        .getByRole("link", { name: legal.name, exact: true });
      await expect(link).toHaveAttribute("href", legal.to);
      await link.click();
      await expect(page).toHaveURL(legal.to);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.heading);
    });
  }
});

test("the header's WhatsApp button opens a prefilled chat in a new tab", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("banner").getByRole("link", { name: "Chat with us on WhatsApp" });
  await expect(button).toBeVisible();
  // In the header, not floating over the page.
  await expect(button).not.toHaveCSS("position", "fixed");
  await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveCount(1);
  await expect(button).toHaveAttribute("href", contact.whatsapp.href);
  await expect(button).toHaveAttribute("target", "_blank");
  await expect(button).toHaveAttribute("rel", /\bnoopener\b/);

  const href = await button.getAttribute("href");
  const url = new URL(href ?? "");
  expect(url.hostname).toBe("wa.me");
  expect(url.searchParams.get("text")).toBe(contact.whatsapp.prefilledMessage);
  expect(contact.whatsapp.prefilledMessage).toBe(
    "Hi! I would like to inquire about your repair services.",
  );
});

test.describe("admin pages", () => {
  test.use({ viewport: desktop });

  for (const path of ["/admin/dashboard", "/admin/login"]) {
    test(`${path} has none of the public chrome`, async ({ page }) => {
      // The dashboard needs a staff session; the admin shows its own toasts (login, logout,
      // errors).
      if (path === "/admin/dashboard") await logIn(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      await expect(page.locator("header")).toHaveCount(0);
      await expect(page.locator("footer")).toHaveCount(0);
      await expect(page.locator(`a[href="${contact.phone.href}"]`)).toHaveCount(0);
      await expect(page.locator(`a[href="${contact.whatsapp.href}"]`)).toHaveCount(0);

      const adminMenu = page.locator('nav[aria-label="Admin"]');
      if (path === "/admin/dashboard") {
        await expect(adminMenu).toBeVisible();
        await expect(
          adminMenu.getByRole("link", { name: "Dashboard", exact: true }),
        ).toHaveAttribute("aria-current", "page");
        // Repairs, Messages and Outbox may carry a counter of what waits for staff; Staff is the
        // owner's.
        await expect(adminMenu.getByRole("link")).toHaveText([
          "Dashboard",
          "Agenda",
          /^Manage Repairs/,
          "New Walk-in",
          "Manage Price List",
          /^Messages/,
          /^Outbox/,
          "Analytics",
          "Staff",
          "Audit Trail",
          "Account & Security",
        ]);
      } else {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          `${brand.name} Staff Login`,
        );
      }
    });
  }
});

test.describe("page titles", () => {
  const titled = new RegExp(`^.+ \\| ${escapeRegExp(brand.name)}$`);
  const routes = [
    "/",
    "/about",
    "/services",
    "/services/mobile",
    "/book-appointment",
    "/contact",
    "/faq",
    "/track-repair",
    "/terms",
    "/privacy-policy",
    "/blog",
  ];

  test("every page ends its title with the brand", async ({ page }) => {
    for (const path of routes) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(titled);
      });
    }
  });

  test("the 404 page ends its title with the brand", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(titled);
    await expect(page).toHaveTitle(/Page not found/);
  });
});
