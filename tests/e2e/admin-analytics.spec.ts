import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { openDatabase } from "../../db/client";
import { pageViewDays, webVitalSamples } from "../../db/schema";
import { expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { admin, logIn } from "./support/admin";
import { waitForScript } from "./support/public";
import { startServer, type ServerProcess } from "./support/server-process";

// Counting is exact only on a database no other test writes to: this file starts its own server
// on a PGlite folder seeded beforehand, one per project, its tests in order.
test.describe.configure({ mode: "serial" });

/** Headless Chromium says "HeadlessChrome", which is rightly taken for a bot. */
const visitor =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";
// A beacon sent as a page unloads leaves with the browser's own user agent, not the page's
// override: the browser itself must say it is an ordinary Chrome.
test.use({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({ ...launchOptions, args: [...(launchOptions.args ?? []), `--user-agent=${visitor}`] }),
    { scope: "worker" },
  ],
  userAgent: visitor,
});

const shopDay = (daysAgo: number) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return day.toISOString().slice(0, 10);
};

let dir: string;
let server: ServerProcess;

test.beforeAll(async () => {
  // A PGlite folder on disk and a fresh server's start (migrations, catalogue): slow on 2 busy
  // cores.
  test.setTimeout(240_000);
  dir = mkdtempSync(path.join(os.tmpdir(), "wefix-analytics-"));
  const dataDir = path.join(dir, "pglite");
  const handle = await openDatabase({ driver: "pglite", dir: dataDir });
  await handle.migrate();
  const row = (
    daysAgo: number,
    pagePath: string,
    views: number,
    extra: Partial<typeof pageViewDays.$inferInsert> = {},
  ) => ({
    day: shopDay(daysAgo),
    path: pagePath,
    views,
    device: "desktop" as const,
    ...extra,
  });
  await handle.db.insert(pageViewDays).values([
    row(0, "/services/mobile", 40, {
      query: "brand=Apple",
      referrerHost: "google.com",
      device: "mobile",
    }),
    row(0, "/book-appointment", 10),
    row(0, "/book-appointment/confirmation", 4, { device: "tablet" }),
    row(3, "/", 7),
    // Older than 30 days: not on the page.
    row(45, "/", 500),
  ]);
  await handle.db.insert(webVitalSamples).values(
    [1000, 2000, 3000, 4000, 5000].map((value) => ({
      day: shopDay(1),
      path: "/",
      name: "LCP" as const,
      value,
      device: "desktop" as const,
    })),
  );
  await handle.close();
  server = await startServer({
    PGLITE_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: "silent",
    RATE_LIMIT_LOGIN_PER_MIN: "100000",
    RATE_LIMIT_ANALYTICS_PER_MIN: "100000",
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openAnalytics(page: Page) {
  await page.goto(`${server.url}/admin/analytics`);
  if (page.url().includes("/admin/login"))
    await logIn(page, { from: page.url(), landsOn: /\/admin\/analytics$/ });
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
  test("the Analytics page shows views per day, top lists, devices, the funnel and rated Web Vitals", async ({
    page,
  }) => {
    await openAnalytics(page);
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Analytics" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("total-views")).toHaveText("61");

    const perDay = section(page, "Page views per day");
    await expect(perDay.locator("svg").first()).toBeVisible();
    await expect(perDay.getByRole("row")).toHaveCount(31);

    await expect(viewsOf(page, "Top pages", "/services/mobile")).toHaveText("40");
    await expect(viewsOf(page, "Top pages", "/book-appointment")).toHaveText("10");
    await expect(viewsOf(page, "Top pages", "/")).toHaveText("7");
    await expect(
      viewsOf(page, "Top selections and searches", "/services/mobile?brand=Apple"),
    ).toHaveText("40");
    await expect(viewsOf(page, "Top referrers", "google.com")).toHaveText("40");
    await expect(viewsOf(page, "Devices", "Phone")).toHaveText("40");
    await expect(viewsOf(page, "Devices", "Desktop")).toHaveText("17");
    await expect(viewsOf(page, "Devices", "Tablet")).toHaveText("4");

    const funnel = section(page, "Booking funnel");
    await expect(funnel.getByRole("row", { name: /Service pages/ })).toContainText("40");
    await expect(funnel.getByRole("row", { name: /Booking form/ })).toContainText("25%");
    await expect(funnel.getByRole("row", { name: /Confirmed booking/ })).toContainText("40%");

    const home = section(page, "Real-user speed (75th percentile)")
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "/", exact: true }) });
    await expect(home.locator('[data-metric="LCP"]')).toHaveText("4.0 s Needs improvement");
    await expect(home.locator('[data-metric="INP"]')).toHaveText("–");
  });

  test(
    "the Analytics page has no axe violations, on a phone too",
    { tag: "@js-only" },
    async ({ page }) => {
      test.setTimeout(120_000);
      await openAnalytics(page);
      const check = async (label: string) => {
        expect(await axeViolations(page, { label })).toEqual([]);
      };
      await check("desktop");
      await page.setViewportSize({ width: 390, height: 844 });
      await check("phone");
    },
  );

  test("a visit counts one view per page, with or without JavaScript; bots and staff pages count none", async ({
    page,
    request,
    jsEnabled,
  }) => {
    // A client may send anything: invented paths, searches and referrers are dropped, and a beacon
    // that is not JSON is refused (a browser sends text/plain or a form from any site unasked).
    const forged = {
      views: [{ path: "/call-now-555-0100-evil-example" }, { path: "/blog/call-now-555-0100" }],
      vitals: [{ path: "/call-now-555-0100", name: "LCP", value: 900 }],
    };
    const headers = { referer: "https://evil.example/call-now-555-0100" };
    expect(
      (await page.request.post(`${server.url}/api/analytics`, { data: forged, headers })).status(),
    ).toBe(204);
    expect(
      (
        await page.request.post(`${server.url}/api/analytics`, {
          data: JSON.stringify(forged),
          headers: { ...headers, "content-type": "text/plain" },
        })
      ).status(),
    ).toBe(415);
    expect(
      (
        await page.request.get(`${server.url}/call-now-555-0100-evil-example`, { headers })
      ).status(),
    ).toBe(404);

    const vitalsLoaded = jsEnabled
      ? page.waitForResponse((r) => /\/assets\/public-analytics-beacon-[^/]+\.js$/.test(r.url()))
      : undefined;
    await page.goto(`${server.url}/faq?q=Screen&utm_campaign=spring`);
    if (jsEnabled) {
      await waitForScript(page);
      await vitalsLoaded;
    }
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

    // Crawlers are not visitors.
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    for (const url of ["/faq?q=Screen", "/about"])
      expect(
        (
          await request.get(`${server.url}${url}`, { headers: { "user-agent": googlebot } })
        ).status(),
      ).toBe(200);

    await openAnalytics(page);
    await expect(async () => {
      await page.reload();
      await expect(viewsOf(page, "Top pages", "/faq")).toHaveText("1", { timeout: 1000 });
      await expect(viewsOf(page, "Top pages", "/about")).toHaveText("1", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId("total-views")).toHaveText("63");
    await expect(viewsOf(page, "Top selections and searches", "/faq?q=screen")).toHaveText("1");
    await expect(section(page, "Top pages").getByRole("rowheader", { name: /admin/ })).toHaveCount(
      0,
    );
    await expect(page.getByRole("main")).not.toContainText(/call-now|evil/);
    if (jsEnabled) {
      const faq = section(page, "Real-user speed (75th percentile)")
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: "/faq", exact: true }) });
      await expect(faq.locator('[data-metric="TTFB"]')).toHaveText(
        /\d.*(Good|Needs improvement|Poor)/,
      );
    }
  });
});
