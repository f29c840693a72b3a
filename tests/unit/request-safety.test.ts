import { describe, expect, it } from "vitest";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { isCrossSiteRequest, siteOrigin } from "~/utils/same-origin";
import { isValidDate } from "~/utils/shop-time";

const withCode = (code: string, name = "Error") =>
  Object.assign(new Error("failed"), { code, name });

describe("isDatabaseOutage", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["postgres.js losing its connection", withCode("CONNECTION_CLOSED")],
    ["a connect timeout", withCode("CONNECT_TIMEOUT")],
    ["a server shutting down", withCode("57P01", "PostgresError")],
    ["a statement timeout", withCode("57014", "PostgresError")],
    ["too many connections", withCode("53300", "PostgresError")],
    ["a connection exception", withCode("08006", "PostgresError")],
    ["a closed PGlite", new Error("PGlite is closed")],
    ["any of several addresses refusing", new AggregateError([withCode("ECONNREFUSED")])],
    [
      "a driver error wrapped by Drizzle",
      new Error("Failed query: select 1", { cause: withCode("ECONNRESET") }),
    ],
  ])("is true for %s", (_, error) => expect(isDatabaseOutage(error)).toBe(true));

  it.each([
    ["a TypeError (a bug)", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a unique violation", withCode("23505", "PostgresError")],
    ["an undefined column", withCode("42703", "PostgresError")],
    ["a value out of range", withCode("22003", "PostgresError")],
    ["a wrapped bug", new Error("Failed query", { cause: new RangeError("Invalid time value") })],
    ["a thrown string", "boom"],
    ["nothing", undefined],
  ])("is false for %s", (_, error) => expect(isDatabaseOutage(error)).toBe(false));
});

describe("isCrossSiteRequest", () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  const site = "https://shop.example";

  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["a sandboxed frame's null Origin", { origin: "null" }],
    ["an Origin with userinfo", { origin: "https://evil.example@shop.example" }],
    ["an Origin with a path", { origin: "https://shop.example/x" }],
    ["a look-alike host", { origin: "https://shop.example.evil.example" }],
    ["another port", { origin: "https://shop.example:8443" }],
    ["the same host over the other scheme", { origin: "http://shop.example" }],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
    [
      "Sec-Fetch-Site cross-site and this site's Origin",
      { "sec-fetch-site": "cross-site", origin: "https://shop.example" },
    ],
    [
      "Sec-Fetch-Site same-site and this site's Origin",
      { "sec-fetch-site": "same-site", origin: "https://shop.example" },
    ],
    [
      "an unknown Sec-Fetch-Site value",
      { "sec-fetch-site": "sideways", origin: "https://shop.example" },
    ],
  ])("refuses a POST with %s", (_, values) =>
    expect(isCrossSiteRequest("POST", headers(values), site)).toBe(true),
  );

  it.each([
    ["this site's Origin", { origin: "https://shop.example" }],
    [
      "Sec-Fetch-Site same-origin",
      { "sec-fetch-site": "same-origin", origin: "https://shop.example" },
    ],
    ["a typed address (Sec-Fetch-Site none)", { "sec-fetch-site": "none" }],
    [
      "a form on a no-referrer page (Sec-Fetch-Site same-origin, Origin null)",
      { "sec-fetch-site": "same-origin", origin: "null" },
    ],
    // The browser vouches for the origin; the Origin header cannot overrule it.
    [
      "Sec-Fetch-Site same-origin beside another Origin",
      { "sec-fetch-site": "same-origin", origin: "https://evil.example" },
    ],
    ["no browser headers at all (a script or the legacy client)", {}],
  ])("lets through a POST with %s", (_, values) =>
    expect(isCrossSiteRequest("POST", headers(values), site)).toBe(false),
  );

  it("never refuses a safe method", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(isCrossSiteRequest(method, headers({ origin: "https://evil.example" }), site)).toBe(
        false,
      );
  });

  it("needs the scheme to match on a plain-http site too", () => {
    const plain = "http://shop.example:8080";
    expect(
      isCrossSiteRequest("POST", headers({ origin: "https://shop.example:8080" }), plain),
    ).toBe(true);
    expect(isCrossSiteRequest("POST", headers({ origin: "http://shop.example:8080" }), plain)).toBe(
      false,
    );
  });

  it("refuses every Origin when the site's own is unknown", () =>
    expect(isCrossSiteRequest("POST", headers({ origin: "https://shop.example" }), undefined)).toBe(
      true,
    ));
});

describe("siteOrigin", () => {
  it("puts the site's scheme and the addressed host together as a browser names them", () => {
    expect(siteOrigin("https:", "Shop.Example")).toBe("https://shop.example");
    expect(siteOrigin("https:", "shop.example:443")).toBe("https://shop.example");
    expect(siteOrigin("http:", "127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(siteOrigin("http:", "[::1]:3000")).toBe("http://[::1]:3000");
  });

  it.each([undefined, null, "", "evil.example/path", "user@shop.example", "shop.example?x", "a b"])(
    "has none for the host %j",
    (host) => expect(siteOrigin("https:", host)).toBeUndefined(),
  );
});

describe("isValidDate", () => {
  it.each(["2026-11-23", "1999-01-31", "2999-12-31"])("accepts %s", (date) =>
    expect(isValidDate(date)).toBe(true),
  );
  it.each(["9999-12-31", "0001-01-01", "1899-12-31", "2026-02-30", "2026-1-5", "+02026-01-01"])(
    "refuses %s",
    (date) => expect(isValidDate(date)).toBe(false),
  );
});
