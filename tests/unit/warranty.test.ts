import { describe, expect, it } from "vitest";
import { warrantyOf, warrantyText } from "~/utils/warranty";

describe("warranty", () => {
  it("runs 90 days from the invoice date, across a year's end", () => {
    expect(warrantyOf("2026-11-28", 90, "2026-11-28")).toEqual({
      from: "2026-11-28",
      until: "2027-02-26",
      daysLeft: 90,
    });
    expect(warrantyOf("2026-11-28", 90, "2027-02-25").daysLeft).toBe(1);
  });

  it("runs for the length its invoice recorded, whatever the terms say now", () => {
    expect(warrantyOf("2026-11-28", 30, "2026-11-28").until).toBe("2026-12-28");
    expect(warrantyOf("2026-11-28", 0, "2026-11-28").daysLeft).toBe(0);
  });

  it("says how long is left, the last day, and when it ended", () => {
    expect(warrantyText(warrantyOf("2026-11-28", 90, "2026-12-01"))).toBe(
      "Warranty until Feb 26, 2027 (87 days left)",
    );
    expect(warrantyText(warrantyOf("2026-11-28", 90, "2027-02-25"))).toBe(
      "Warranty until Feb 26, 2027 (1 day left)",
    );
    expect(warrantyText(warrantyOf("2026-11-28", 90, "2027-02-26"))).toBe(
      "Warranty until Feb 26, 2027 (today is the last day)",
    );
    expect(warrantyText(warrantyOf("2026-11-28", 90, "2027-03-01"))).toBe(
      "Warranty ended on Feb 26, 2027",
    );
  });
});
