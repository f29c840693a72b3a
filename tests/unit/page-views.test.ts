import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blogPosts } from "~/content/blog";
import {
  deviceClassOf,
  documentView,
  externalReferrerHost,
  keptQuery,
  pageViewOf,
  trackedPath,
  type ServedDocument,
} from "~/server/visits.server";
import { publicPages } from "~/utils/public-pages";
import { formatWebVital, rateWebVital } from "~/utils/web-vital-ratings";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const androidPhone =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Mobile Safari/537.36";
const androidTablet =
  "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36";
const ipad =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const served = (
  url: string,
  overrides: Partial<ServedDocument> = {},
  headers: ServedDocument["headers"] = {},
): ServedDocument => ({
  method: "GET",
  url,
  status: 200,
  contentType: "text/html; charset=utf-8",
  headers: { host: "wefix.example", "user-agent": chrome, ...headers },
  ...overrides,
});

describe("which served documents are page views", () => {
  it("counts a public page with its kept query, external referrer and device class, and nothing else", () => {
    expect(
      documentView(
        served(
          "/services/mobile?brand=Apple&model=iPhone%2013&utm_source=news&email=a%40b.c",
          {},
          { referer: "https://www.Google.com/search?q=repair", "user-agent": iphone },
        ),
      ),
    ).toEqual({
      path: "/services/mobile",
      query: "brand=Apple&model=iPhone+13",
      referrerHost: "google.com",
      device: "mobile",
    });
  });

  it.each([
    [
      "a bot",
      served(
        "/",
        {},
        {
          "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        },
      ),
    ],
    ["a headless browser", served("/", {}, { "user-agent": "Mozilla/5.0 HeadlessChrome/138.0" })],
    ["no user agent", served("/", {}, { "user-agent": undefined })],
    ["a staff page", served("/admin/dashboard")],
    ["the staff login", served("/admin/login?redirectTo=%2Fadmin")],
    ["a JSON door", served("/api/endpoints/track_repair.php")],
    ["a build file", served("/assets/root-abc.js")],
    ["robots.txt", served("/robots.txt", { contentType: "text/plain" })],
    ["a 404 page", served("/nope", { status: 404 })],
    ["an invented path answered 200", served("/call-now-555-0100-evil-example")],
    ["a blog post that does not exist", served("/blog/call-now-555-0100")],
    ["a category that does not exist", served("/services/call-now-555-0100")],
    ["a redirect", served("/services/mobile?brand=Nope", { status: 302 })],
    ["a form post", served("/contact", { method: "POST" })],
    ["a HEAD request", served("/", { method: "HEAD" })],
    [
      "route data for a client-side navigation",
      served("/about.data", { contentType: "text/x-script" }),
    ],
    ["a prefetch (Sec-Purpose)", served("/about", {}, { "sec-purpose": "prefetch" })],
    ["a prerender (Sec-Purpose)", served("/about", {}, { "sec-purpose": "prefetch;prerender" })],
    ["a prefetch (Purpose)", served("/about", {}, { purpose: "prefetch" })],
  ])("does not count %s", (_, document) => {
    expect(documentView(document)).toBeNull();
  });
});

const token = "uF_BtWy7WPjBw6y7e1kq6QvgBcuLWiCi";

describe("stored paths", () => {
  it("counts every device's page under one name, and a reservation without its reference", () => {
    expect(trackedPath("/shop/apple-iphone-13-128-gb-k7m2q9x4ab")).toBe("/shop/[device]");
    expect(trackedPath("/shop/reserved/R-7KQ2MX")).toBe("/shop/reserved/[reference]");
    expect(trackedPath("/shop/call-now-555")).toBeNull();
    expect(trackedPath("/shop/reserved/R-0000")).toBeNull();
  });

  it("never keeps the secret token of a confirmation or tracking link", () => {
    expect(trackedPath(`/book-appointment/confirmation/${token}`)).toBe(
      "/book-appointment/confirmation",
    );
    expect(trackedPath(`/track-repair/${token}`)).toBe("/track-repair/[link]");
    expect(trackedPath(`/track-repair/${token}/reschedule`)).toBe(
      "/track-repair/[link]/reschedule",
    );
    expect(trackedPath(`/track-repair/${token}/cancel`)).toBe("/track-repair/[link]/cancel");
    expect(trackedPath(`/track-repair/${token}/pay`)).toBe("/track-repair/[link]/pay");
    expect(trackedPath("/track-repair")).toBe("/track-repair");
  });

  it("keeps the public pages that exist, in their own spelling", () => {
    expect(trackedPath("/about/")).toBe("/about");
    expect(trackedPath("/ABOUT")).toBe("/about");
    expect(trackedPath("/")).toBe("/");
    expect(trackedPath("/services/laptop")).toBe("/services/laptop");
    expect(trackedPath("/price-list/watch")).toBe("/price-list/watch");
    expect(trackedPath(`/blog/${blogPosts[0]!.slug}`)).toBe(`/blog/${blogPosts[0]!.slug}`);
  });

  it.each([
    "/call-now-555-0100-evil-example",
    "/services/call-now-555-0100",
    "/price-list/evil",
    "/blog/call-now-555-0100",
    "/about/call-now",
    "/track-repair/call-now-555",
    `/track-repair/${token}/x`,
    "/book-appointment/confirmation",
    "//evil.example",
    "/admin",
    "/admin/dashboard",
    "/administrator",
    "/api/analytics",
    "/robots.txt",
    "/sitemap.xml",
    `/book-appointment/confirmation/${token}/appointment.ics`,
    "/%61bout",
    `/${"a".repeat(250)}`,
  ])("refuses %s", (pathname) => {
    expect(trackedPath(pathname)).toBeNull();
  });

  it("keeps only the selector's choices, a real FAQ category and a FAQ search that finds questions, tidied", () => {
    expect(
      keptQuery(
        "/services/laptop",
        new URLSearchParams("repair=Screen&brand=Dell&series=XPS&gclid=1"),
      ),
    ).toBe("brand=Dell&series=XPS&repair=Screen");
    expect(
      keptQuery("/faq", new URLSearchParams("q=  Battery   REPLACEMENTS &category=timing")),
    ).toBe("q=battery+replacements&category=timing");
    expect(keptQuery("/faq", new URLSearchParams("q=warranty"))).toBe("q=warranty");
    expect(keptQuery("/faq", new URLSearchParams("q=battery&category=warranty"))).toBe(
      "category=warranty",
    );
    expect(keptQuery("/faq", new URLSearchParams("q=call now 555-0100 evil.example"))).toBe("");
    expect(keptQuery("/faq", new URLSearchParams(`q=${"x".repeat(100)}`))).toBe("");
    expect(keptQuery("/faq", new URLSearchParams("category=call-now"))).toBe("");
    expect(
      keptQuery("/book-appointment", new URLSearchParams("brand=Apple&phone=9055550142")),
    ).toBe("");
    expect(keptQuery("/price-list/mobile", new URLSearchParams("q=call now"))).toBe("");
    expect(keptQuery("/services/mobile", new URLSearchParams("brand="))).toBe("");
  });
});

/** The URL pattern of a flat-routes file name: `blog.$slug` → `/blog/:slug`, `book-appointment_.confirmation.$token` → `/book-appointment/confirmation/:token`. */
const routePattern = (name: string) =>
  `/${name
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/_$/, "").replace(/^\$(.+)/, ":$1"))
    .join("/")}`;

describe("the list of public pages", () => {
  const routes = path.resolve(__dirname, "../../app/routes");
  // Pages are route modules with a component; staff pages and the catch-all 404 are not public
  // pages.
  const pageRoutes = readdirSync(routes)
    .filter(
      (file) =>
        file.endsWith(".tsx") &&
        !/^(admin|\$\.)/.test(file) &&
        /^export default/m.test(readFileSync(path.join(routes, file), "utf8")),
    )
    .map((file) => routePattern(file.replace(/\.tsx$/, "")));
  const matcher = (pattern: string) => new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}$`);

  it("finds the site's pages among the route files", () => {
    expect(pageRoutes).toEqual(
      expect.arrayContaining([
        "/",
        "/faq",
        "/blog/:slug",
        "/services/:category",
        "/track-repair/:token",
      ]),
    );
  });

  /** A page whose parameter has a form of its own (a device's address), by an example of it. */
  const examples: Record<string, string> = {
    "/shop/:slug": "/shop/apple-iphone-13-128-gb-k7m2q9x4ab",
    "/shop/reserved/:reference": "/shop/reserved/R-7KQ2MX",
  };

  it("has every page route: a new page is counted as soon as it exists", () => {
    const secretExample = (pattern: string) =>
      trackedPath(examples[pattern] ?? pattern.replace(/:[^/]+/g, token));
    const missing = pageRoutes.filter(
      (pattern) =>
        !publicPages.some((page) => matcher(pattern).test(page.path)) && !secretExample(pattern),
    );
    expect(missing).toEqual([]);
  });

  it("names only paths that a page route serves", () => {
    expect(
      publicPages.filter((page) => !pageRoutes.some((pattern) => matcher(pattern).test(page.path))),
    ).toEqual([]);
  });
});

describe("device classes and referrers", () => {
  it.each([
    [chrome, undefined, "desktop"],
    [iphone, undefined, "mobile"],
    [androidPhone, undefined, "mobile"],
    [androidTablet, undefined, "tablet"],
    [ipad, undefined, "tablet"],
    [chrome, "?1", "mobile"],
  ])("%s (hint %s) is a %s", (ua, hint, device) => {
    expect(deviceClassOf(ua, hint)).toBe(device);
  });

  it("keeps only external hosts", () => {
    expect(externalReferrerHost("https://wefix.example/services", ["wefix.example"])).toBe("");
    expect(
      externalReferrerHost("https://shop.wefix.example/", ["localhost:3000", "shop.wefix.example"]),
    ).toBe("");
    expect(externalReferrerHost("https://m.facebook.com/story?id=1", ["wefix.example"])).toBe(
      "m.facebook.com",
    );
    expect(externalReferrerHost("android-app://com.google.android.gm/", ["wefix.example"])).toBe(
      "",
    );
    expect(externalReferrerHost("not a url", ["wefix.example"])).toBe("");
    expect(externalReferrerHost(undefined, ["wefix.example"])).toBe("");
  });

  it("keeps only the referrer's host, never its path or query", () => {
    const view = pageViewOf({
      url: "/",
      userAgent: chrome,
      referrer: "https://user:pw@www.evil.example:8443/call-now-555-0100?phone=5550100#x",
      host: "wefix.example",
    });
    expect(view).toEqual({ path: "/", query: "", referrerHost: "evil.example", device: "desktop" });
  });
});

describe("Web Vitals ratings", () => {
  it.each([
    ["LCP", 2500, "good"],
    ["LCP", 2501, "needs-improvement"],
    ["LCP", 4001, "poor"],
    ["INP", 200, "good"],
    ["INP", 500, "needs-improvement"],
    ["CLS", 0.1, "good"],
    ["CLS", 0.26, "poor"],
    ["FCP", 1900, "needs-improvement"],
    ["TTFB", 1801, "poor"],
  ] as const)("%s %d is %s", (name, value, rating) => {
    expect(rateWebVital(name, value)).toBe(rating);
  });

  it("formats times in ms or s and CLS as a score", () => {
    expect([
      formatWebVital("LCP", 2612),
      formatWebVital("INP", 180.4),
      formatWebVital("CLS", 0.123),
    ]).toEqual(["2.6 s", "180 ms", "0.12"]);
  });
});
