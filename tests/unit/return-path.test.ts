import { describe, expect, it } from "vitest";
import { defaultReturnPath, safeRedirectPath } from "~/utils/return-path";

const shop = "https://shop.example";

/**
 * Spellings that browsers, proxies or URL parsers have read as another host, or that lead nowhere
 * useful.
 */
const bypasses = [
  "/.//evil.example/x",
  "/..//evil.example/x",
  "/a/../..//evil.example/x",
  "/admin/../..//evil.example/x",
  "/admin/..//evil.example",
  "/./admin/..//evil.example",
  "/%2e//evil.example",
  "/%2e%2e//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/admin/..\\..\\\\evil.example",
  "/%2f%2fevil.example",
  "/%2F%2Fevil.example",
  "/%5cevil.example",
  "/%5Cevil.example",
  "%2f%2fevil.example",
  "/%2f/evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/ /evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/@evil.example",
  "//user@evil.example",
  "/admin@evil.example",
  "//shop.example@evil.example",
  "data:text/html,<script>alert(1)</script>",
  "/admin/login",
  "/admin/login/",
  "/admin/login/code",
  "/admin/logout",
  "/",
  "/track-repair",
  "",
  "admin/dashboard",
  "/admin/%E0%A4%A",
];

describe("safeRedirectPath", () => {
  it.each(bypasses)("never leaves the site: %j", (spelling) => {
    const result = safeRedirectPath(spelling);
    expect(new URL(result, shop).origin).toBe(shop);
    // The emitted Location itself must not be readable as another host.
    expect(result).toMatch(/^\/admin(\/|$)/);
    expect(result).not.toMatch(/^\/[/\\]/);
    expect(decodeURIComponent(result)).not.toMatch(/^\/[/\\]|\\|[\t\r\n]/);
  });

  it.each(bypasses.filter((s) => /evil|javascript|data:/i.test(s)))(
    "falls back to the dashboard for %j",
    (spelling) => {
      expect(safeRedirectPath(spelling)).toBe(defaultReturnPath);
    },
  );

  it.each([
    ["/admin/repairs?status=pending", "/admin/repairs?status=pending"],
    ["/admin/repairs/42", "/admin/repairs/42"],
    ["/admin", "/admin"],
    ["/admin/./repairs", "/admin/repairs"],
    ["/admin/repair-items?category=watch#list", "/admin/repair-items?category=watch#list"],
    ["/admin/repairs?q=//evil.example", "/admin/repairs?q=//evil.example"],
  ])("keeps the staff page %j as %j", (spelling, expected) => {
    expect(safeRedirectPath(spelling)).toBe(expected);
  });

  it("takes another fallback when asked", () => {
    expect(safeRedirectPath("//evil.example", "/admin/security")).toBe("/admin/security");
    expect(safeRedirectPath(undefined)).toBe(defaultReturnPath);
    expect(safeRedirectPath(null)).toBe(defaultReturnPath);
  });
});
