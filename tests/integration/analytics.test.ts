import { EventEmitter } from "node:events";
import { asc, eq } from "drizzle-orm";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageViewDays, repairItems, webVitalSamples } from "../../db/schema";
import { analyticsReport } from "~/models/analytics-report.server";
import {
  deleteExpiredAnalytics,
  flushAnalytics,
  recordPageView,
  recordWebVital,
  retentionStart,
} from "~/models/analytics.server";
import { action, loader } from "~/routes/api.analytics";
import { seedCatalogue } from "../../seeds/seed";
import { countViewWhenSent, markRevalidated } from "../../server/page-views";
import { testContext, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { useSettings } from "../support/settings";

let handle: TestDatabase;

// 02:00 UTC on June 15 is 22:00 on June 14 in Oakville: the shop's day is June 14.
const now = new Date("2026-06-15T02:00:00Z");
const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36";
const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

beforeAll(async () => {
  handle = await installTestDatabase();
  await seedCatalogue(handle.db);
});
afterAll(() => handle.drop());
beforeEach(async () => {
  await flushAnalytics();
  await handle.db.delete(pageViewDays);
  await handle.db.delete(webVitalSamples);
});

const token = "uF_BtWy7WPjBw6y7e1kq6QvgBcuLWiCi";
const dayRows = () =>
  handle.db
    .select()
    .from(pageViewDays)
    .orderBy(asc(pageViewDays.day), asc(pageViewDays.path), asc(pageViewDays.device));

const beacon = (
  body: unknown,
  { userAgent = browser, headers = {} as Record<string, string>, clientIp = "198.51.100.9" } = {},
) =>
  action(
    routeArgs(
      new Request("http://localhost/api/analytics", {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": userAgent, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
      {},
      testContext(clientIp),
    ),
  );

describe(`recording page views on ${testDriver}`, () => {
  it("sums views per shop day, page, query, referrer and device, in one upsert per flush", async () => {
    const home = { path: "/", query: "", referrerHost: "", device: "desktop" as const };
    recordPageView(home, now);
    recordPageView(home, now);
    recordPageView({ ...home, device: "mobile" }, now);
    // 04:30 UTC on June 15 is already June 15 in Oakville.
    recordPageView(home, new Date("2026-06-15T04:30:00Z"));
    expect(await dayRows()).toEqual([]);
    await flushAnalytics();
    recordPageView(home, now);
    await flushAnalytics();
    expect(await dayRows()).toEqual([
      { day: "2026-06-14", path: "/", query: "", referrerHost: "", device: "mobile", views: 1 },
      { day: "2026-06-14", path: "/", query: "", referrerHost: "", device: "desktop", views: 3 },
      { day: "2026-06-15", path: "/", query: "", referrerHost: "", device: "desktop", views: 1 },
    ]);
  });

  it("keeps measurements as samples of their page and day", async () => {
    recordWebVital({ path: "/faq", name: "LCP", value: 1830.5, device: "mobile" }, now);
    await flushAnalytics();
    const rows = await handle.db.select().from(webVitalSamples);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        day: "2026-06-14",
        path: "/faq",
        name: "LCP",
        value: 1830.5,
        device: "mobile",
      },
    ]);
  });
});

describe(`the beacon endpoint on ${testDriver}`, () => {
  it("answers 204 and records client-side navigations and Web Vitals, without a referrer", async () => {
    const response = await beacon(
      {
        views: [{ path: "/services/mobile?brand=Apple&utm_source=mail" }, { path: "/about" }],
        vitals: [{ path: "/faq?q=battery", name: "CLS", value: 0.03 }],
      },
      { userAgent: phone, headers: { referer: "https://www.example.org/" } },
    );
    expect(response.status).toBe(204);
    await flushAnalytics();
    const rows = await dayRows();
    expect(
      rows.map(({ path, query, referrerHost, device, views }) => ({
        path,
        query,
        referrerHost,
        device,
        views,
      })),
    ).toEqual([
      { path: "/about", query: "", referrerHost: "", device: "mobile", views: 1 },
      {
        path: "/services/mobile",
        query: "brand=Apple",
        referrerHost: "",
        device: "mobile",
        views: 1,
      },
    ]);
    const [vital] = await handle.db.select().from(webVitalSamples);
    expect(vital).toMatchObject({ path: "/faq", name: "CLS", value: 0.03, device: "mobile" });
  });

  it("counts nothing from bots, staff pages or secret links' tokens", async () => {
    expect(
      (
        await beacon(
          { views: [{ path: "/about" }] },
          { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
        )
      ).status,
    ).toBe(204);
    expect(
      (await beacon({ views: [{ path: "/admin/dashboard" }, { path: `/track-repair/${token}` }] }))
        .status,
    ).toBe(204);
    await flushAnalytics();
    expect((await dayRows()).map((row) => row.path)).toEqual(["/track-repair/[link]"]);
  });

  it.each([
    ["malformed JSON", "{views:", 400, "Malformed JSON body."],
    ["a JSON array", "[]", 400, "The body must be a JSON object."],
    ["an empty beacon", {}, 422, "The beacon holds no views or measurements."],
    ["an unknown metric", { vitals: [{ path: "/", name: "FID", value: 3 }] }, 422, undefined],
    ["a negative value", { vitals: [{ path: "/", name: "LCP", value: -1 }] }, 422, undefined],
    ["a path that is not a path", { views: [{ path: "https://evil.example/" }] }, 422, undefined],
    ["unknown fields", { views: [{ path: "/" }], visitorId: "abc" }, 422, undefined],
    [
      "too many views",
      { views: Array.from({ length: 51 }, () => ({ path: "/" })) },
      422,
      undefined,
    ],
    [
      "an oversized body",
      { views: [{ path: `/${"a".repeat(20_000)}` }] },
      413,
      "Request body too large.",
    ],
  ])("rejects %s with %i and a message", async (_, body, status, message) => {
    const response = await beacon(body);
    expect(response.status).toBe(status);
    const json = (await response.json()) as { success: boolean; message: string };
    expect(json.success).toBe(false);
    if (message) expect(json.message).toBe(message);
    else expect(json.message).toBeTruthy();
    await flushAnalytics();
    expect(await dayRows()).toEqual([]);
  });

  it("counts only pages that exist: invented paths, searches and choices are dropped, the beacon still answers 204", async () => {
    const response = await beacon({
      views: [
        { path: "/call-now-555-0100-evil-example" },
        { path: "/blog/call-now-555-0100" },
        { path: "/services/call-now" },
        { path: `/track-repair/call-now-555-0100` },
        { path: "/faq?q=call+now+555-0100+evil.example&category=call-now" },
        { path: "/services/mobile?brand=Call+now+555-0100" },
        { path: "/services/mobile?brand=Apple&model=Call+now+555-0100" },
        { path: "/services/laptop?brand=Apple&model=iPhone+13" },
        { path: "/faq?q=Warranty" },
      ],
      vitals: [
        { path: "/call-now-555-0100", name: "LCP", value: 1200 },
        { path: "/faq?q=call+now", name: "LCP", value: 1300 },
      ],
    });
    expect(response.status).toBe(204);
    await flushAnalytics();
    const rows = await dayRows();
    expect(rows.map(({ path, query, views }) => ({ path, query, views }))).toEqual([
      { path: "/faq", query: "", views: 1 },
      { path: "/faq", query: "q=warranty", views: 1 },
      { path: "/services/laptop", query: "", views: 1 },
      { path: "/services/mobile", query: "", views: 2 },
    ]);
    expect((await handle.db.select().from(webVitalSamples)).map((row) => row.path)).toEqual([
      "/faq",
    ]);
    const report = await analyticsReport(now);
    expect(JSON.stringify(report)).not.toMatch(/call|555|evil/i);
  });

  it("keeps a selection the catalogue has", async () => {
    const [item] = await handle.db
      .select()
      .from(repairItems)
      .where(eq(repairItems.category, "mobile"))
      .limit(1);
    const selection = new URLSearchParams({
      brand: item!.brand,
      ...(item!.series ? { series: item!.series } : {}),
      model: item!.model,
      repair: item!.repair,
    });
    expect((await beacon({ views: [{ path: `/services/mobile?${selection}` }] })).status).toBe(204);
    await flushAnalytics();
    expect((await dayRows()).map((row) => row.query)).toEqual([selection.toString()]);
  });

  it.each([
    ["text/plain (what a cross-site form or sendBeacon sends)", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["no content type", null],
    ["a look-alike", "application/jsonx"],
  ])("refuses %s with 415 and records nothing", async (_, contentType) => {
    const headers = new Headers({ "user-agent": browser });
    if (contentType) headers.set("content-type", contentType);
    const response = await action(
      routeArgs(
        new Request("http://localhost/api/analytics", {
          method: "POST",
          headers,
          body: JSON.stringify({ views: [{ path: "/" }] }),
        }),
        {},
        testContext("198.51.100.9"),
      ),
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      success: false,
      message: "Send the body as JSON with Content-Type: application/json.",
    });
    await flushAnalytics();
    expect(await dayRows()).toEqual([]);
  });

  it("accepts application/json with parameters", async () => {
    expect(
      (
        await beacon(
          { views: [{ path: "/" }] },
          { headers: { "content-type": "Application/JSON; charset=utf-8" } },
        )
      ).status,
    ).toBe(204);
  });

  // Beacons from other sites are refused by the request gate before any route (server-crawler
  // spec).
  it("refuses GET", async () => {
    expect((await loader()).status).toBe(405);
  });

  it("is rate limited per client", async () => {
    useSettings({ RATE_LIMIT_ANALYTICS_PER_MIN: "2" });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await beacon({ views: [{ path: "/" }] }, { clientIp: "198.51.100.200" })).status,
      );
    expect(statuses).toEqual([204, 204, 429]);
  });
});

describe(`pages served by the server on ${testDriver}`, () => {
  /** The HTTP server's counter, given a request and the response it sent. */
  function serve(
    url: string,
    headers: Record<string, string> = {},
    status = 200,
    revalidated = false,
  ) {
    const res = Object.assign(new EventEmitter(), {
      statusCode: status,
      getHeader: () => (status === 304 ? undefined : "text/html; charset=utf-8"),
    }) as unknown as ServerResponse;
    const req = {
      method: "GET",
      url,
      headers: { host: "wefix.example", "user-agent": browser, ...headers },
    };
    countViewWhenSent(req as IncomingMessage, res);
    if (revalidated) markRevalidated(res);
    res.emit("finish");
  }

  it("counts pages that exist, with the referrer's host only, and nothing a client invents", async () => {
    serve("/about", { referer: "https://www.evil.example/call-now-555-0100?phone=5550100" });
    serve("/call-now-555-0100-evil-example");
    serve("/blog/call-now-555-0100", {}, 404);
    serve("/faq?q=call+now+555-0100&utm_source=call-now");
    // A browser's copy of a kept page confirmed by 304 is shown again; any other 304 is not a page.
    serve("/faq", {}, 304, true);
    serve("/faq", {}, 304);
    await flushAnalytics();
    expect(
      (await dayRows()).map(({ path, query, referrerHost, views }) => ({
        path,
        query,
        referrerHost,
        views,
      })),
    ).toEqual([
      { path: "/about", query: "", referrerHost: "evil.example", views: 1 },
      { path: "/faq", query: "", referrerHost: "", views: 2 },
    ]);
  });
});

describe(`the staff report on ${testDriver}`, () => {
  it("sums the last 30 days: per day, top pages, selections, referrers, devices and the booking funnel", async () => {
    const view = (
      path: string,
      device: "mobile" | "tablet" | "desktop" = "desktop",
      query = "",
      referrerHost = "",
    ) => ({ path, query, referrerHost, device });
    const record = (times: number, v: ReturnType<typeof view>, at = now) => {
      for (let i = 0; i < times; i++) recordPageView(v, at);
    };
    record(40, view("/services/mobile", "mobile", "brand=Apple&model=iPhone 13"));
    record(20, view("/services/laptop", "desktop", "", "google.com"));
    record(15, view("/book-appointment", "mobile"));
    record(6, view("/book-appointment/confirmation", "tablet"));
    record(3, view("/", "desktop", "", "bing.com"), new Date("2026-05-20T15:00:00Z"));
    // 31 days before the shop's today: outside the report.
    record(99, view("/about"), new Date("2026-05-14T15:00:00Z"));
    await flushAnalytics();

    const report = await analyticsReport(now);
    expect(report.from).toBe("2026-05-16");
    expect(report.to).toBe("2026-06-14");
    expect(report.perDay).toHaveLength(30);
    expect(report.perDay.at(-1)).toEqual({ day: "2026-06-14", views: 81 });
    expect(report.perDay.find((row) => row.day === "2026-05-20")).toEqual({
      day: "2026-05-20",
      views: 3,
    });
    expect(report.total).toBe(84);
    expect(report.topPages).toEqual([
      { label: "/services/mobile", count: 40 },
      { label: "/services/laptop", count: 20 },
      { label: "/book-appointment", count: 15 },
      { label: "/book-appointment/confirmation", count: 6 },
      { label: "/", count: 3 },
    ]);
    expect(report.topSelections).toEqual([
      { label: "/services/mobile?brand=Apple&model=iPhone 13", count: 40 },
    ]);
    expect(report.topReferrers).toEqual([
      { label: "google.com", count: 20 },
      { label: "bing.com", count: 3 },
    ]);
    expect(report.devices).toEqual([
      { label: "mobile", count: 55 },
      { label: "desktop", count: 23 },
      { label: "tablet", count: 6 },
    ]);
    expect(report.funnel).toEqual([
      { label: "Service pages (/services/…)", views: 60, share: null },
      { label: "Booking form (/book-appointment)", views: 15, share: 25 },
      { label: "Confirmed booking", views: 6, share: 40 },
    ]);
  });

  it("gives each page's 75th percentile per Web Vital with web.dev's rating", async () => {
    const sample = (path: string, name: "LCP" | "CLS" | "INP", value: number) =>
      recordWebVital({ path, name, value, device: "mobile" }, now);
    // p75 (continuous) of 1000, 2000, 3000, 4000, 5000 is 4000: needs improvement (2.5–4 s).
    for (const value of [1000, 2000, 3000, 4000, 5000]) sample("/", "LCP", value);
    for (const value of [0.01, 0.02, 0.3, 0.4]) sample("/", "CLS", value);
    sample("/faq", "INP", 120);
    sample("/faq", "INP", 900);
    // Outside the 30 days.
    recordWebVital(
      { path: "/faq", name: "INP", value: 5000, device: "mobile" },
      new Date("2026-01-01T12:00:00Z"),
    );
    await flushAnalytics();

    const { vitals } = await analyticsReport(now);
    expect(vitals).toEqual([
      {
        path: "/",
        samples: 5,
        metrics: {
          LCP: { p75: 4000, rating: "needs-improvement", samples: 5 },
          CLS: { p75: expect.closeTo(0.325, 5), rating: "poor", samples: 4 },
        },
      },
      {
        path: "/faq",
        samples: 2,
        metrics: { INP: { p75: expect.closeTo(705, 5), rating: "poor", samples: 2 } },
      },
    ]);
  });
});

describe(`retention on ${testDriver}`, () => {
  it("deletes page views and measurements older than 13 months and keeps the rest", async () => {
    expect(retentionStart(now)).toBe("2025-05-14");
    const home = { path: "/", query: "", referrerHost: "", device: "desktop" as const };
    recordPageView(home, new Date("2025-05-13T16:00:00Z"));
    recordPageView(home, new Date("2025-05-14T16:00:00Z"));
    recordWebVital(
      { path: "/", name: "TTFB", value: 300, device: "desktop" },
      new Date("2025-05-13T16:00:00Z"),
    );
    recordWebVital(
      { path: "/", name: "TTFB", value: 310, device: "desktop" },
      new Date("2025-05-14T16:00:00Z"),
    );
    await flushAnalytics();

    expect(await deleteExpiredAnalytics(now)).toEqual({ pageViewDays: 1, webVitalSamples: 1 });
    expect((await dayRows()).map((row) => row.day)).toEqual(["2025-05-14"]);
    expect((await handle.db.select().from(webVitalSamples)).map((row) => row.value)).toEqual([310]);
    expect(await deleteExpiredAnalytics(now)).toEqual({ pageViewDays: 0, webVitalSamples: 0 });
  });
});
