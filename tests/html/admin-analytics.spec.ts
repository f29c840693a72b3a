import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { ordinaryChrome, startAnalyticsServer } from "./support/admin-analytics-server";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/**
 * The Analytics page as the server renders it, and a visit without JavaScript, which the server
 * counts as each page is sent. The beacon that counts with JavaScript, the page's look and axe
 * are in tests/e2e/admin-analytics.spec.ts.
 */

// Exact counts on a server of its own, its tests in order.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startAnalyticsServer>>;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  // A PGlite folder on disk and a fresh server's start (migrations, catalogue): slow on 2 busy
  // cores.
  test.setTimeout(240_000);
  server = await startAnalyticsServer();
  request = await playwright.request.newContext({ baseURL: server.url, userAgent: ordinaryChrome });
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.stop();
});

/** The Analytics page, signing in first when the session is not there yet. */
async function openAnalytics() {
  const page = await visitor(request).open("/admin/analytics");
  if (page.url.pathname !== "/admin/login") return page;
  return (await staffVisitor(request, "/admin/analytics")).landed;
}

/** A section of the page by its heading. */
function section(page: HtmlPage, title: string) {
  const heading = page.visible("section h2").find((h) => page.$(h).text().trim() === title);
  if (!heading) throw new Error(`no section ${title}`);
  return page.$(heading).closest("section");
}

/** The row of `name` in a section's table. */
const rowOf = (page: HtmlPage, title: string, name: string) =>
  section(page, title)
    .find("tr")
    .filter((_, tr) => page.$(tr).find('th[scope="row"]').text().trim() === name);

/** The views in the first cell of that row. */
const viewsOf = (page: HtmlPage, title: string, name: string) =>
  rowOf(page, title, name).find("td").first().text().trim();

const squashed = (text: string) => text.replace(/\s+/g, " ").trim();

test.describe("analytics", () => {
  test("the Analytics page shows views per day, top lists, devices, the funnel and rated Web Vitals", async () => {
    const page = await openAnalytics();
    const menuLink = page
      .visible('nav[aria-label="Admin"] a')
      .map((a) => page.$(a))
      .find(($a) => $a.text().trim() === "Analytics");
    expect(menuLink?.attr("aria-current")).toBe("page");
    expect(page.text('[data-testid="total-views"]')).toBe("61");

    const perDay = section(page, "Page views per day");
    expect(perDay.find("svg").length).toBeGreaterThan(0);
    expect(perDay.find("tr")).toHaveLength(31);

    expect(viewsOf(page, "Top pages", "/services/mobile")).toBe("40");
    expect(viewsOf(page, "Top pages", "/book-appointment")).toBe("10");
    expect(viewsOf(page, "Top pages", "/")).toBe("7");
    expect(viewsOf(page, "Top selections and searches", "/services/mobile?brand=Apple")).toBe("40");
    expect(viewsOf(page, "Top referrers", "google.com")).toBe("40");
    expect(viewsOf(page, "Devices", "Phone")).toBe("40");
    expect(viewsOf(page, "Devices", "Desktop")).toBe("17");
    expect(viewsOf(page, "Devices", "Tablet")).toBe("4");

    const funnel = (step: RegExp) =>
      squashed(
        section(page, "Booking funnel")
          .find("tr")
          .filter((_, tr) => step.test(page.$(tr).text()))
          .text(),
      );
    expect(funnel(/Service pages/)).toContain("40");
    expect(funnel(/Booking form/)).toContain("25%");
    expect(funnel(/Confirmed booking/)).toContain("40%");

    const home = rowOf(page, "Real-user speed (75th percentile)", "/");
    expect(squashed(home.find('[data-metric="LCP"]').text())).toBe("4.0 s Needs improvement");
    expect(squashed(home.find('[data-metric="INP"]').text())).toBe("–");
  });

  test("a visit without JavaScript counts one view per page; forged beacons, bots and staff pages count none", async () => {
    // A client may send anything: invented paths, searches and referrers are dropped, and a beacon
    // that is not JSON is refused (a browser sends text/plain or a form from any site unasked).
    const forged = {
      views: [{ path: "/call-now-555-0100-evil-example" }, { path: "/blog/call-now-555-0100" }],
      vitals: [{ path: "/call-now-555-0100", name: "LCP", value: 900 }],
    };
    const headers = { referer: "https://evil.example/call-now-555-0100" };
    expect((await request.post("/api/analytics", { data: forged, headers })).status()).toBe(204);
    expect(
      (
        await request.post("/api/analytics", {
          data: JSON.stringify(forged),
          headers: { ...headers, "content-type": "text/plain" },
        })
      ).status(),
    ).toBe(415);
    expect((await request.get("/call-now-555-0100-evil-example", { headers })).status()).toBe(404);

    const browsing = visitor(request);
    const faq = await browsing.open("/faq?q=Screen&utm_campaign=spring");
    // The header's link: a document load, counted by the server.
    const about = await faq.follow("About", "header");
    expect(about.url.pathname).toBe("/about");
    expect(about.headings(1)).toEqual(["About Us"]);
    await browsing.open("/admin/login");

    // Crawlers are not visitors.
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    for (const url of ["/faq?q=Screen", "/about"])
      expect((await request.get(url, { headers: { "user-agent": googlebot } })).status()).toBe(200);

    let page!: HtmlPage;
    // Counted once each answer has gone out.
    await expect(async () => {
      page = await openAnalytics();
      expect(viewsOf(page, "Top pages", "/faq")).toBe("1");
      expect(viewsOf(page, "Top pages", "/about")).toBe("1");
    }).toPass({ timeout: 15_000 });
    expect(page.text('[data-testid="total-views"]')).toBe("63");
    expect(viewsOf(page, "Top selections and searches", "/faq?q=screen")).toBe("1");
    expect(section(page, "Top pages").find('th[scope="row"]').text()).not.toMatch(/admin/);
    expect(page.text("main")).not.toMatch(/call-now|evil/);
  });
});
