import { describe, expect, it } from "vitest";
import { redactPath } from "../../server/request-log";

const token = "uF_BtWy7WPjBw6y7e1kq6QvgBcuLWiCi";
/** The token with each character percent-encoded: the router decodes it to the same token. */
const encoded = [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");

describe("request log", () => {
  it("keeps secret tokens out of logged paths", () => {
    expect(redactPath(`/track-repair/${token}`)).toBe("/track-repair/:token");
    // The device label's link (decision 0047), even with a token too short to look like one.
    expect(redactPath(`/r/${token}`)).toBe("/r/:token");
    expect(redactPath("/r/short")).toBe("/r/:token");
    expect(redactPath(`/book-appointment/confirmation/${token}/appointment.ics`)).toBe(
      "/book-appointment/confirmation/:token/appointment.ics",
    );
    expect(redactPath("/services/mobile")).toBe("/services/mobile");
    expect(redactPath("/blog/iphone-vs-samsung-repair-canada-2025")).toBe(
      "/blog/iphone-vs-samsung-repair-canada-2025",
    );
    expect(redactPath("/track-repair")).toBe("/track-repair");
    expect(redactPath("/api/endpoints/submit_booking.php")).toBe(
      "/api/endpoints/submit_booking.php",
    );
  });

  // Each of these reaches the token's page: the router matches paths decoded and in any case.
  it.each([
    [`/TRACK-REPAIR/${token}`, "/TRACK-REPAIR/:token"],
    [`/Track-Repair/${token}/`, "/Track-Repair/:token/"],
    [`/%74rack-repair/${token}`, "/%74rack-repair/:token"],
    [`/track-repair/${encoded}`, "/track-repair/:token"],
    [`/track%2Drepair/${token}/quote`, "/track%2Drepair/:token/quote"],
    [`/track-repair/${token}.data`, "/track-repair/:token.data"],
    [`/track-repair/${token}/quote.data`, "/track-repair/:token/quote.data"],
    [`/book-appointment/Confirmation/${token}`, "/book-appointment/Confirmation/:token"],
    [`/BOOK-APPOINTMENT/CONFIRMATION/${token}.data`, "/BOOK-APPOINTMENT/CONFIRMATION/:token.data"],
    [
      `/book-appointment/%63onfirmation/${token}/appointment.ics`,
      "/book-appointment/%63onfirmation/:token/appointment.ics",
    ],
    [`/track-repair/${token}?_data=routes%2Ftrack-repair_.%24token`, "/track-repair/:token"],
    ["/track-repair/%E0%A4%A", "/track-repair/:token"],
  ])("redacts %s", (path, logged) => {
    expect(redactPath(path)).toBe(logged);
    expect(redactPath(path)).not.toContain(token.slice(0, 8));
    expect(redactPath(path)).not.toContain(encoded.slice(0, 24));
  });

  // Nothing answers these, but whoever mistyped the address still sent the token.
  it.each([
    [`/track-repairs/${token}`, "/track-repairs/:token"],
    [`/track-repair//${token}`, "/track-repair//:token"],
    [`/${token}`, "/:token"],
    [`/tracking/${"ab12".repeat(10)}`, "/tracking/:token"],
  ])("redacts a token-like segment anywhere: %s", (path, logged) =>
    expect(redactPath(path)).toBe(logged),
  );

  it.each([
    "/assets/entry.client-BQ3x9kLm.js",
    "/admin/repairs/12345",
    "/price-list/gaming-console-repair",
    "/blog/how-to-keep-your-laptop-battery-healthy-in-winter",
  ])("leaves %s as it is", (path) => expect(redactPath(path)).toBe(path));
});
