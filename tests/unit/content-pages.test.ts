import { describe, expect, it } from "vitest";
import { isContentPage, isKeepable } from "~/offline/content-pages";

const url = (path: string) => new URL(path, "https://wefix.example");

describe("what the service worker may keep", () => {
  it("keeps the content pages, bare, and never the staff admin, the forms or anyone's repair", () => {
    for (const path of [
      "/",
      "/about",
      "/services",
      "/services/mobile",
      "/price-list/laptop",
      "/faq",
      "/blog",
      "/blog/top-7-signs",
      "/terms",
      "/privacy-policy",
      "/offline",
    ]) {
      expect(isContentPage(url(path)), path).toBe(true);
    }
    for (const path of [
      "/faq?q=battery",
      "/price-list/mobile?q=iphone",
      "/admin",
      "/admin/dashboard",
      "/api/endpoints/track_repair.php",
      // The forms are kept apart, without their keys (tests/unit/form-copies.test.ts).
      "/book-appointment",
      "/contact",
      "/track-repair",
      "/track-repair/abc",
      "/book-appointment/confirmation/abc",
      "/services/mobile/extra",
    ]) {
      expect(isContentPage(url(path)), path).toBe(false);
    }
  });

  it("keeps only full answers of this site that no Cache-Control forbids to keep", () => {
    const answer = (status: number, cacheControl?: string) =>
      Object.defineProperty(
        new Response("x", {
          status,
          headers: cacheControl ? { "cache-control": cacheControl } : {},
        }),
        "type",
        { value: "basic" },
      );
    expect(isKeepable(answer(200))).toBe(true);
    expect(isKeepable(answer(200, "private, no-cache"))).toBe(true);
    expect(isKeepable(answer(200, "private, no-store"))).toBe(false);
    expect(isKeepable(answer(200, "No-Store"))).toBe(false);
    expect(isKeepable(answer(404))).toBe(false);
    expect(isKeepable(answer(503, "no-store"))).toBe(false);
    expect(isKeepable(Object.defineProperty(new Response("x"), "type", { value: "opaque" }))).toBe(
      false,
    );
  });
});
