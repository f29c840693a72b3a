import { describe, expect, it } from "vitest";
import { deviceClassOf, documentView, externalReferrerHost, keptQuery, trackedPath, type ServedDocument } from "~/lib/page-views.server";
import { formatWebVital, rateWebVital } from "~/lib/web-vital-ratings";

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36";
const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const androidPhone = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Mobile Safari/537.36";
const androidTablet = "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36";
const ipad = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const served = (url: string, overrides: Partial<ServedDocument> = {}, headers: ServedDocument["headers"] = {}): ServedDocument => ({
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
      documentView(served("/services/mobile?brand=Apple&model=iPhone%2013&utm_source=news&email=a%40b.c", {}, { referer: "https://www.Google.com/search?q=repair", "user-agent": iphone })),
    ).toEqual({ path: "/services/mobile", query: "brand=Apple&model=iPhone+13", referrerHost: "google.com", device: "mobile" });
  });

  it.each([
    ["a bot", served("/", {}, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })],
    ["a headless browser", served("/", {}, { "user-agent": "Mozilla/5.0 HeadlessChrome/138.0" })],
    ["no user agent", served("/", {}, { "user-agent": undefined })],
    ["a staff page", served("/admin/dashboard")],
    ["the staff login", served("/admin/login?redirectTo=%2Fadmin")],
    ["a JSON door", served("/api/endpoints/track_repair.php")],
    ["a build file", served("/assets/root-abc.js")],
    ["robots.txt", served("/robots.txt", { contentType: "text/plain" })],
    ["a 404 page", served("/nope", { status: 404 })],
    ["a redirect", served("/services/mobile?brand=Nope", { status: 302 })],
    ["a form post", served("/contact", { method: "POST" })],
    ["a HEAD request", served("/", { method: "HEAD" })],
    ["route data for a client-side navigation", served("/about.data", { contentType: "text/x-script" })],
    ["a prefetch (Sec-Purpose)", served("/about", {}, { "sec-purpose": "prefetch" })],
    ["a prerender (Sec-Purpose)", served("/about", {}, { "sec-purpose": "prefetch;prerender" })],
    ["a prefetch (Purpose)", served("/about", {}, { purpose: "prefetch" })],
  ])("does not count %s", (_, document) => {
    expect(documentView(document)).toBeNull();
  });
});

describe("stored paths", () => {
  it("never keeps the secret token of a confirmation or tracking link", () => {
    expect(trackedPath("/book-appointment/confirmation/Zk3kq9sH0c1Xw2")).toBe("/book-appointment/confirmation");
    expect(trackedPath("/track-repair/Zk3kq9sH0c1Xw2")).toBe("/track-repair/[link]");
    expect(trackedPath("/track-repair")).toBe("/track-repair");
  });

  it("drops a trailing slash and refuses what is not a page", () => {
    expect(trackedPath("/about/")).toBe("/about");
    expect(trackedPath("/")).toBe("/");
    expect(trackedPath("//evil.example")).toBeNull();
    expect(trackedPath("/admin")).toBeNull();
    expect(trackedPath("/administrator")).toBe("/administrator");
    expect(trackedPath(`/${"a".repeat(250)}`)).toBeNull();
  });

  it("keeps only the selector's choices and the FAQ search, tidied", () => {
    expect(keptQuery("/services/laptop", new URLSearchParams("repair=Screen&brand=Dell&series=XPS&gclid=1"))).toBe("brand=Dell&series=XPS&repair=Screen");
    expect(keptQuery("/faq", new URLSearchParams("q=  Battery   LIFE &category=pricing"))).toBe("q=battery+life&category=pricing");
    expect(keptQuery("/faq", new URLSearchParams(`q=${"x".repeat(100)}`))).toBe(`q=${"x".repeat(60)}`);
    expect(keptQuery("/book-appointment", new URLSearchParams("brand=Apple&phone=9055550142"))).toBe("");
    expect(keptQuery("/services/mobile", new URLSearchParams("brand="))).toBe("");
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
    expect(externalReferrerHost("https://shop.wefix.example/", ["localhost:3000", "shop.wefix.example"])).toBe("");
    expect(externalReferrerHost("https://m.facebook.com/story?id=1", ["wefix.example"])).toBe("m.facebook.com");
    expect(externalReferrerHost("android-app://com.google.android.gm/", ["wefix.example"])).toBe("");
    expect(externalReferrerHost("not a url", ["wefix.example"])).toBe("");
    expect(externalReferrerHost(undefined, ["wefix.example"])).toBe("");
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
    expect([formatWebVital("LCP", 2612), formatWebVital("INP", 180.4), formatWebVital("CLS", 0.123)]).toEqual(["2.6 s", "180 ms", "0.12"]);
  });
});
