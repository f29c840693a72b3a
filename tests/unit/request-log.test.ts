import { describe, expect, it } from "vitest";
import { redactPath } from "../../server/request-log";

describe("request log", () => {
  it("keeps secret tokens out of logged paths", () => {
    expect(redactPath("/track-repair/uF_BtWy7WPjBw6y7e1kq6QvgBcuLWiCi")).toBe(
      "/track-repair/:token",
    );
    expect(
      redactPath("/book-appointment/confirmation/uF_BtWy7WPjBw6y7e1kq6QvgBcuLWiCi/appointment.ics"),
    ).toBe("/book-appointment/confirmation/:token/appointment.ics");
    expect(redactPath("/services/mobile")).toBe("/services/mobile");
    expect(redactPath("/blog/iphone-vs-samsung-repair-canada-2025")).toBe(
      "/blog/iphone-vs-samsung-repair-canada-2025",
    );
    expect(redactPath("/track-repair")).toBe("/track-repair");
    expect(redactPath("/api/endpoints/submit_booking.php")).toBe(
      "/api/endpoints/submit_booking.php",
    );
  });
});
