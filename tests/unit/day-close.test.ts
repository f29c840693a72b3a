import { describe, expect, it } from "vitest";
import { bookkeeperRangeSchema, dayCloseSchema } from "~/schemas/day-close";
import { overShortWords } from "~/utils/day-close";
import { plainDollars } from "~/utils/invoice-totals";

describe("the day's close, as typed and as written", () => {
  it("reads the cash counted in dollars as cents, and refuses what is not an amount", () => {
    const close = (counted: string) =>
      dayCloseSchema.safeParse({ date: "2026-11-28", counted, note: "  " });
    expect(close("$1,234.5").data).toEqual({ date: "2026-11-28", counted: 123_450 });
    expect(close("0").data?.counted).toBe(0);
    for (const typed of ["12,5", "-3", "1e3", "", "9".repeat(21)])
      expect(close(typed).success, typed).toBe(false);
    expect(dayCloseSchema.safeParse({ date: "2026-02-30", counted: "1" }).success).toBe(false);
  });

  it("takes a range of one day to 366, in order", () => {
    expect(bookkeeperRangeSchema.parse({ from: "2026-11-28" })).toEqual({
      from: "2026-11-28",
      to: "2026-11-28",
    });
    expect(bookkeeperRangeSchema.safeParse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(
      true,
    );
    expect(bookkeeperRangeSchema.safeParse({ from: "2024-01-01", to: "2025-01-01" }).success).toBe(
      false,
    );
    expect(bookkeeperRangeSchema.safeParse({ from: "2026-11-02", to: "2026-11-01" }).success).toBe(
      false,
    );
  });

  it("writes money as plain dollars and a difference in words", () => {
    expect([0, 5, 1_000, -2_300, 123_456_789].map(plainDollars)).toEqual([
      "0.00",
      "0.05",
      "10.00",
      "-23.00",
      "1234567.89",
    ]);
    expect([0, 200, -50].map(overShortWords)).toEqual(["even", "over by $2.00", "short by $0.50"]);
  });
});
