import type { Page } from "@playwright/test";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn } from "./support/admin";
import { bookViaApi } from "./support/api";

const wide = { width: 1280, height: 800 };
const maxPages = 40;

/** One address per kind of page: /admin/repairs/42 and /admin/repairs/43 are the same layout. */
const pageKind = (url: URL) => url.pathname.replace(/\/\d+(?=\/|$)/g, "/:id");

/** Admin pages a link on this page leads to; not logout, not downloads, not deep page numbers. */
async function adminLinks(page: Page): Promise<URL[]> {
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter(
      (url) =>
        url.origin === origin &&
        url.pathname.startsWith("/admin") &&
        !url.pathname.startsWith("/admin/logout"),
    )
    .filter(
      (url) => !url.pathname.endsWith(".csv") && Number(url.searchParams.get("page") ?? 1) <= 2,
    )
    .map((url) => {
      url.hash = "";
      return url;
    });
}

/** Every admin page reachable from the dashboard by links, breadth first, one of each kind. */
async function crawlAdmin(page: Page): Promise<string[]> {
  const seen = new Map<string, string>();
  const queue = [new URL("/admin/dashboard", page.url())];
  while (queue.length && seen.size < maxPages) {
    const url = queue.shift()!;
    if (seen.has(pageKind(url))) continue;
    const response = await page.goto(url.toString());
    seen.set(pageKind(url), `${url.pathname}${url.search}`);
    if (!response?.ok()) continue;
    queue.push(...(await adminLinks(page)));
  }
  return [...seen.values()];
}

/**
 * What scrolls sideways: the page itself, and (at desktop width) any box such as a table's wrapper.
 */
function sidewaysScrolling(page: Page, checkBoxes: boolean) {
  return page.evaluate((boxes) => {
    const root = document.documentElement;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page (${root.scrollWidth} px wide in ${root.clientWidth})`);
    if (boxes) {
      for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
        const { overflowX } = getComputedStyle(element);
        if (
          (overflowX === "auto" || overflowX === "scroll") &&
          element.scrollWidth > element.clientWidth + 1
        ) {
          found.push(
            `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${element.className} (${element.scrollWidth} px in ${element.clientWidth})`,
          );
        }
      }
    }
    return found;
  }, checkBoxes);
}

/** Buttons of an open dialog that lie (partly) outside the screen. */
function dialogButtonsOffScreen(page: Page) {
  return page.evaluate(() => {
    const off: string[] = [];
    for (const dialog of document.querySelectorAll<HTMLElement>("[role=dialog], dialog[open]")) {
      for (const button of dialog.querySelectorAll<HTMLElement>("button, a[class*='rounded-md']")) {
        const box = button.getBoundingClientRect();
        if (!box.width || !box.height) continue;
        if (
          box.top < 0 ||
          box.left < 0 ||
          box.bottom > window.innerHeight ||
          box.right > window.innerWidth
        )
          off.push(button.textContent?.trim() ?? "?");
      }
    }
    return off;
  });
}

test.describe("phone-sized admin", () => {
  test("no admin page scrolls sideways at 390×844 or 1280×800, and dialogs keep their buttons on screen", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    // A booking, so the repair list links to a detail page.
    await bookViaApi(request);
    await page.setViewportSize(wide);
    await logIn(page);
    const pages = await crawlAdmin(page);
    // The crawl reached the pages every build has, and a price-list dialog through its link.
    expect(pages).toEqual(
      expect.arrayContaining([
        "/admin/dashboard",
        "/admin/repair-items",
        "/admin/outbox",
        "/admin/messages",
        "/admin/analytics",
        "/admin/settings",
        "/admin/hours",
      ]),
    );
    expect(pages.some((path) => /^\/admin\/repair-items\/\d+\/edit/.test(path))).toBe(true);
    expect(pages.some((path) => /^\/admin\/repair-items\/\d+\/delete/.test(path))).toBe(true);

    const problems: string[] = [];
    for (const viewport of [phone, wide]) {
      await page.setViewportSize(viewport);
      for (const path of pages) {
        await page.goto(path);
        const where = `${path} at ${viewport.width}×${viewport.height}`;
        for (const found of await sidewaysScrolling(page, viewport === wide))
          problems.push(`${where}: ${found} scrolls sideways`);
        for (const button of await dialogButtonsOffScreen(page))
          problems.push(`${where}: dialog button "${button}" is off screen`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("at 390 px the menu folds behind a Menu button that opens it, with or without JavaScript", async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize(phone);
    await logIn(page);
    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu).toBeHidden();
    await expect(page.getByTestId("current-page")).toHaveText("Dashboard");
    // The label may also say how much waits behind it ("Menu 3 waiting").
    const toggle = page.locator("label[for=admin-menu-toggle]");
    const box = await toggle.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(24);
    await toggle.click();
    await expect(menu).toBeVisible();
    if (jsEnabled) {
      expect(await axeViolations(page)).toEqual([]);
    }
    // Each entry is a comfortable target.
    for (const link of await menu.getByRole("link").all())
      expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(24);
    await menu.getByRole("link", { name: "Manage Price List" }).click();
    await expect(page).toHaveURL(/\/admin\/repair-items$/);
    await expect(page.getByTestId("current-page")).toHaveText("Manage Price List");
    // A new page starts with the menu folded again.
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();

    // From md up the sidebar is always there.
    await page.setViewportSize(desktop);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(toggle).toBeHidden();
  });

  test("the menu marks one entry: New Walk-in on its page, Manage Repairs on a repair's", async ({
    page,
    request,
  }) => {
    const booked = await bookViaApi(request);
    await logIn(page);
    const menu = page.getByRole("navigation", { name: "Admin" });
    const current = menu.locator("[aria-current=page]");
    await page.goto("/admin/repairs/new");
    await expect(current).toHaveText("New Walk-in");
    await page.goto(`/admin/repairs/${booked.id}`);
    await expect(current).toHaveText(/^Manage Repairs/);
    await page.goto("/admin/repairs");
    await expect(current).toHaveText(/^Manage Repairs/);
    await page.goto("/admin/repair-items/1/edit");
    await expect(current).toHaveText("Manage Price List");
  });

  test("the login form tells phones and password managers what each field is", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto("/admin/login");
    await expect(page.getByLabel("Username")).toHaveAttribute("autocomplete", "username");
    await expect(page.getByLabel("Password")).toHaveAttribute("autocomplete", "current-password");
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
  });
});
