import type { Page } from "@playwright/test";
import { ordinaryChrome, startAnalyticsServer } from "../html/support/admin-analytics-server";
import { expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { admin } from "./support/admin";
import { waitForScript } from "./support/public";

// Counting is exact only on a database no other test writes to: this file starts its own server
// on a PGlite folder seeded beforehand (tests/html/support/admin-analytics-server.ts), its tests in
// order. What the server renders and counts without JavaScript is tested once at the HTML level
// (tests/html/admin-analytics.spec.ts); here, what the script adds: the beacon and its Web
// Vitals, and the page's look and axe.
test.describe.configure({ mode: "serial" });

// A beacon sent as a page unloads leaves with the browser's own user agent, not the page's
// override: the browser itself must say it is an ordinary Chrome (headless Chromium says
// "HeadlessChrome", which is rightly taken for a bot).
test.use({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--user-agent=${ordinaryChrome}`],
      }),
    { scope: "worker" },
  ],
  userAgent: ordinaryChrome,
});

let server: Awaited<ReturnType<typeof startAnalyticsServer>>;

test.beforeAll(async () => {
  // A PGlite folder on disk and a fresh server's start (migrations, catalogue): slow on 2 busy
  // cores.
  test.setTimeout(240_000);
  server = await startAnalyticsServer();
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * Opens the Analytics page of this file's server, signing in by cookie first when needed: the
 * login form's fields posted in the page's context, as `logIn` does on the shared server (its
 * paths are that server's).
 */
async function openAnalytics(page: Page) {
  await page.goto(`${server.url}/admin/analytics`);
  if (page.url().includes("/admin/login")) {
    const answer = await page.request.post(`${server.url}/admin/login`, {
      form: { ...admin, redirectTo: "/admin/analytics" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    await page.goto(`${server.url}${answer.headers()["location"]}`);
  }
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
}

const section = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
const viewsOf = (page: Page, title: string, name: string) =>
  section(page, title)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) })
    .getByRole("cell")
    .first();

test.describe("analytics", () => {
  test(
    "the Analytics page has no axe violations, on a phone too",
    { tag: "@js-only" },
    async ({ page }) => {
      test.setTimeout(120_000);
      await openAnalytics(page);
      // The views per day are drawn as well as tabled.
      await expect(section(page, "Page views per day").locator("svg:visible")).toHaveCount(1);
      const check = async (label: string) => {
        expect(await axeViolations(page, { label })).toEqual([]);
      };
      await check("desktop");
      await page.setViewportSize({ width: 390, height: 844 });
      await check("phone");
    },
  );

  // Without JavaScript the server counts each page it sends (tests/html/admin-analytics.spec.ts,
  // with forged beacons and bots); with it, the script beacons too, and must not count them twice.
  test(
    "a visit with JavaScript counts one view per page, and its Web Vitals",
    { tag: "@js-only" },
    async ({ page }) => {
      const vitalsLoaded = page.waitForResponse((r) =>
        /\/assets\/public-analytics-beacon-[^/]+\.js$/.test(r.url()),
      );
      await page.goto(`${server.url}/faq?q=Screen&utm_campaign=spring`);
      await waitForScript(page);
      await vitalsLoaded;
      // The header's link: a document load, counted by the server.
      await page
        .getByRole("banner")
        .getByRole("link", { name: "About", exact: true })
        .first()
        .click();
      await page.waitForURL(/\/about$/);
      await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();

      // Leaving the site hides the page: with JavaScript, that sends the beacon (after the page is
      // gone, so only the server sees it arrive).
      await page.goto(`${server.url}/admin/login`);

      await openAnalytics(page);
      await expect(async () => {
        await page.reload();
        await expect(viewsOf(page, "Top pages", "/faq")).toHaveText("1", { timeout: 1000 });
        await expect(viewsOf(page, "Top pages", "/about")).toHaveText("1", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByTestId("total-views")).toHaveText("63");
      await expect(viewsOf(page, "Top selections and searches", "/faq?q=screen")).toHaveText("1");
      await expect(
        section(page, "Top pages").getByRole("rowheader", { name: /admin/ }),
      ).toHaveCount(0);
      await expect(page.getByRole("main")).not.toContainText(/call-now|evil/);
      const faq = section(page, "Real-user speed (75th percentile)")
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: "/faq", exact: true }) });
      await expect(faq.locator('[data-metric="TTFB"]')).toHaveText(
        /\d.*(Good|Needs improvement|Poor)/,
      );
    },
  );
});
