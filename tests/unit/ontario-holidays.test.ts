import { describe, expect, it } from "vitest";
import {
  easterSunday,
  holidayOn,
  holidaysBetween,
  ontarioHolidays,
} from "~/utils/ontario-holidays";

/** A year's holidays as "YYYY-MM-DD name", the observed ones marked, for one readable list. */
const listed = (year: number) =>
  ontarioHolidays(year).map(
    (holiday) => `${holiday.date} ${holiday.name}${holiday.observed ? " (observed)" : ""}`,
  );

describe("Ontario's statutory holidays", () => {
  it("2026: Boxing Day on a Saturday is observed on Monday the 28th", () => {
    expect(listed(2026)).toEqual([
      "2026-01-01 New Year's Day",
      "2026-02-16 Family Day",
      "2026-04-03 Good Friday",
      "2026-05-18 Victoria Day",
      "2026-07-01 Canada Day",
      "2026-09-07 Labour Day",
      "2026-10-12 Thanksgiving",
      "2026-12-25 Christmas Day",
      "2026-12-26 Boxing Day",
      "2026-12-28 Boxing Day (observed)",
    ]);
  });

  it("2027: Victoria Day on May 24 itself, Christmas on a Saturday and Boxing Day on a Sunday observed on the 27th and 28th", () => {
    expect(listed(2027)).toEqual([
      "2027-01-01 New Year's Day",
      "2027-02-15 Family Day",
      "2027-03-26 Good Friday",
      "2027-05-24 Victoria Day",
      "2027-07-01 Canada Day",
      "2027-09-06 Labour Day",
      "2027-10-11 Thanksgiving",
      "2027-12-25 Christmas Day",
      "2027-12-26 Boxing Day",
      "2027-12-27 Christmas Day (observed)",
      "2027-12-28 Boxing Day (observed)",
    ]);
  });

  it("2028: New Year's Day and Canada Day on Saturdays are observed on the Mondays after", () => {
    expect(listed(2028)).toEqual([
      "2028-01-01 New Year's Day",
      "2028-01-03 New Year's Day (observed)",
      "2028-02-21 Family Day",
      "2028-04-14 Good Friday",
      "2028-05-22 Victoria Day",
      "2028-07-01 Canada Day",
      "2028-07-03 Canada Day (observed)",
      "2028-09-04 Labour Day",
      "2028-10-09 Thanksgiving",
      "2028-12-25 Christmas Day",
      "2028-12-26 Boxing Day",
    ]);
  });

  it("Christmas on a Sunday is observed on the Tuesday, Boxing Day itself taking the Monday (2022)", () => {
    expect(listed(2022).slice(-3)).toEqual([
      "2022-12-25 Christmas Day",
      "2022-12-26 Boxing Day",
      "2022-12-27 Christmas Day (observed)",
    ]);
    // New Year's Day 2023 on a Sunday: Monday the 2nd.
    expect(listed(2023).slice(0, 2)).toEqual([
      "2023-01-01 New Year's Day",
      "2023-01-02 New Year's Day (observed)",
    ]);
  });

  it("finds Easter by the computus, so Good Friday is right in any year", () => {
    // Published dates of Easter Sunday, including the earliest and latest possible (March 22, April 25).
    const easter: Record<number, string> = {
      1818: "1818-03-22",
      1943: "1943-04-25",
      2019: "2019-04-21",
      2024: "2024-03-31",
      2025: "2025-04-20",
      2038: "2038-04-25",
      2049: "2049-04-18",
    };
    for (const [year, date] of Object.entries(easter))
      expect(easterSunday(Number(year))).toBe(date);
  });

  it("every year: nine holidays, every observed day a weekday, Victoria Day the Monday before May 25", () => {
    for (let year = 2020; year <= 2060; year++) {
      const holidays = ontarioHolidays(year);
      expect(holidays.filter((holiday) => !holiday.observed)).toHaveLength(9);
      for (const holiday of holidays.filter((h) => h.observed)) {
        const day = new Date(`${holiday.date}T12:00:00Z`).getUTCDay();
        expect(day, holiday.date).toBeGreaterThanOrEqual(1);
        expect(day, holiday.date).toBeLessThanOrEqual(5);
      }
      const victoria = holidays.find((holiday) => holiday.name === "Victoria Day")!.date;
      expect(new Date(`${victoria}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(victoria >= `${year}-05-18` && victoria <= `${year}-05-24`).toBe(true);
    }
  });

  it("answers for a date, and across the turn of a year", () => {
    expect(holidayOn("2026-12-25")).toEqual({ date: "2026-12-25", name: "Christmas Day" });
    expect(holidayOn("2026-12-28")).toEqual({
      date: "2026-12-28",
      name: "Boxing Day",
      observed: true,
    });
    expect(holidayOn("2026-12-24")).toBeUndefined();
    expect(holidaysBetween("2027-12-24", "2028-01-05").map((holiday) => holiday.date)).toEqual([
      "2027-12-25",
      "2027-12-26",
      "2027-12-27",
      "2027-12-28",
      "2028-01-01",
      "2028-01-03",
    ]);
  });
});
