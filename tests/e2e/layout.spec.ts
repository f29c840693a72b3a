import type { Page } from "@playwright/test";
import { mainNavigation } from "../../app/config/navigation";
import { brand, contact, findCategory } from "../../app/config/shop";
import { desktop, expect, phone, test } from "./fixtures";
import { countDocumentLoads, open } from "./support/public";

const services = mainNavigation.find((item) => item.children?.length);
if (!services?.children) throw new Error("The main navigation has no item with sub-links");
const serviceChildren = services.children;

/**
 * The strip above the header: the body's only direct <div> child that holds the shop's phone link.
 */
const contactStrip = (page: Page) =>
  page.locator("body > div", { has: page.locator(`a[href="${contact.phone.href}"]`) });

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
    // The three categories the header offers (not every category: the footer lists those).
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute("href")))).toEqual([
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
    // The phone menu lists every category and the price lists where the header's dropdown has
    // room for three.
    const expected = mainNavigation.flatMap((item) => [
      item,
      ...(item.phoneChildren ?? item.children ?? []),
    ]);
    for (const item of expected) {
      const link = mobileNav(page).getByRole("link", { name: item.label, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", item.to);
    }
    await expect(mobileNav(page).getByRole("link")).toHaveCount(expected.length);
    for (const label of [
      "Mobile",
      "Tablet",
      "Laptop",
      "Smart Watch",
      "Gaming Console",
      "Price Lists",
    ])
      await expect(mobileNav(page).getByRole("link", { name: label, exact: true })).toBeVisible();

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
