import { describe, expect, it } from "vitest";
import type { PageCalendar, ShopCalendar } from "~/types/shop-calendar";
import {
  calendarRuns,
  daysText,
  hoursNotices,
  hoursOn,
  openNowText,
  todayText,
} from "~/utils/shop-calendar";
import { localBusinessJsonLd } from "~/utils/seo";
import { shopClock, shopMinutesNow, shopOffsets, shopToday } from "~/utils/shop-time";
import { bookableSlots, clockRefusal, slotRefusal } from "~/utils/slot-rules";

/** A moment on the shop's clock in December (Toronto is UTC-5 then). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);

const renovation: ShopCalendar = [
  { from: "2027-01-11", to: "2027-01-13", hours: null, reason: "Renovation" },
];
const christmasEve: ShopCalendar = [
  {
    from: "2026-12-24",
    to: "2026-12-24",
    hours: { open: 600, close: 900 },
    reason: "Christmas Eve",
  },
];
/** Boxing Day 2026 (a Saturday) opened by the owner, without a note. */
const boxingDayOpen: ShopCalendar = [
  { from: "2026-12-26", to: "2026-12-26", hours: { open: 660, close: 960 }, reason: null },
];
const page = (today: string, exceptions: ShopCalendar = []): PageCalendar => ({
  today,
  until: "2027-02-28",
  exceptions,
  offsets: shopOffsets(today, "2027-02-28"),
});

describe("the shop's hours on a date", () => {
  it("are the owner's first, then a statutory holiday's (closed), then the week's", () => {
    expect(hoursOn("2026-12-23", [])).toMatchObject({ closed: false, open: 600, close: 1200 });
    expect(hoursOn("2026-12-25", [])).toEqual({
      date: "2026-12-25",
      closed: true,
      reason: "Christmas Day",
      holiday: "Christmas Day",
    });
    expect(hoursOn("2026-12-28", [])).toMatchObject({
      closed: true,
      reason: "Boxing Day, observed",
    });
    expect(hoursOn("2026-12-26", boxingDayOpen)).toMatchObject({
      closed: false,
      open: 660,
      close: 960,
      special: true,
      reason: "Boxing Day",
    });
    expect(hoursOn("2027-01-12", renovation)).toEqual({
      date: "2027-01-12",
      closed: true,
      reason: "Renovation",
    });
  });

  it("refuse a booking on a closed day naming why, and at a time outside special hours", () => {
    const now = at("2026-12-20", "09:00");
    expect(slotRefusal("2026-12-25", "14:00", [], now)).toEqual({
      field: "preferredDate",
      message: "We're closed on Friday, December 25 (Christmas Day). Please choose another day.",
    });
    expect(slotRefusal("2027-01-01", "10:00", [], now)?.message).toBe(
      "We're closed on Friday, January 1 (New Year's Day). Please choose another day.",
    );
    expect(slotRefusal("2027-01-11", "10:00", renovation, now)?.message).toBe(
      "We're closed on Monday, January 11 (Renovation). Please choose another day.",
    );
    // Christmas Eve 10:00 AM to 3:00 PM: the last slot starts at 2:30 PM.
    expect(bookableSlots("2026-12-24", christmasEve, now).map((slot) => slot.time)).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
    ]);
    expect(slotRefusal("2026-12-24", "15:00", christmasEve, now)).toMatchObject({
      field: "preferredTime",
      message: expect.stringMatching(/closed at that time/),
    });
    expect(bookableSlots("2026-12-25", [], now)).toEqual([]);
    // Opened 11:00 AM to 4:00 PM: 11:00 to 3:30 PM.
    expect(bookableSlots("2026-12-26", boxingDayOpen, now)).toHaveLength(10);
  });

  it("leave the clock's own checks to the schema, whatever the day's hours", () => {
    const now = at("2026-12-24", "14:10");
    expect(clockRefusal("2026-12-25", "10:00", now)).toBeUndefined();
    expect(clockRefusal("2026-12-24", "14:00", now)?.field).toBe("preferredTime");
    expect(clockRefusal("2026-12-23", "14:00", now)?.field).toBe("preferredDate");
  });
});

describe("what the pages say of the hours", () => {
  it("name the coming closed days in runs, each reason once: Dec 25 and 26, then the observed 28th", () => {
    expect(hoursNotices(page("2026-12-01", christmasEve))).toEqual([
      { days: "Dec 24", hours: "10:00 AM - 3:00 PM", reason: "Christmas Eve" },
      { days: "Dec 25 and 26", hours: "Closed", reason: "Christmas Day, Boxing Day" },
      { days: "Dec 28", hours: "Closed", reason: "Boxing Day, observed" },
    ]);
    // Christmas on a Saturday: four days closed, named as the two holidays.
    const nextYear = {
      today: "2027-12-20",
      until: "2028-02-18",
      exceptions: [],
      offsets: shopOffsets("2027-12-20", "2028-02-18"),
    };
    expect(hoursNotices(nextYear).slice(0, 1)).toEqual([
      { days: "Dec 25–28", hours: "Closed", reason: "Christmas Day, Boxing Day" },
    ]);
    // Thirty days ahead only: to Dec 26 from Nov 26, nothing from Nov 20.
    expect(hoursNotices(page("2026-11-20"))).toEqual([]);
    expect(hoursNotices(page("2026-11-26"))).toEqual([
      { days: "Dec 25 and 26", hours: "Closed", reason: "Christmas Day, Boxing Day" },
    ]);
  });

  it("write a run of days as a person would", () => {
    expect(daysText("2026-12-25", "2026-12-25")).toBe("Dec 25");
    expect(daysText("2026-12-25", "2026-12-26")).toBe("Dec 25 and 26");
    expect(daysText("2027-01-11", "2027-01-13")).toBe("Jan 11–13");
    expect(daysText("2026-12-31", "2027-01-01")).toBe("Dec 31 and Jan 1");
    expect(daysText("2026-12-30", "2027-01-02")).toBe("Dec 30 – Jan 2");
  });

  it("say what is true all day without JavaScript, and what is true now with it", () => {
    expect(todayText(page("2026-12-23"))).toBe("Open today 10:00 AM - 8:00 PM");
    expect(todayText(page("2026-12-24", christmasEve))).toBe(
      "Open today 10:00 AM - 3:00 PM (Christmas Eve)",
    );
    expect(todayText(page("2026-12-25"))).toBe(
      "Closed today (Christmas Day) · opens Sun, Dec 27 at 11:00 AM",
    );

    const calendar = page("2026-12-20", christmasEve);
    expect(openNowText(at("2026-12-23", "14:00"), calendar)).toBe("Open now · closes 8:00 PM");
    expect(openNowText(at("2026-12-23", "09:59"), calendar)).toBe("Closed now · opens 10:00 AM");
    expect(openNowText(at("2026-12-23", "20:00"), calendar)).toBe(
      "Closed now · opens tomorrow at 10:00 AM",
    );
    expect(openNowText(at("2026-12-24", "14:59"), calendar)).toBe("Open now · closes 3:00 PM");
    expect(openNowText(at("2026-12-24", "15:00"), calendar)).toBe(
      "Closed now · opens Sun, Dec 27 at 11:00 AM",
    );
    expect(openNowText(at("2026-12-25", "12:00"), calendar)).toBe(
      "Closed today (Christmas Day) · opens Sun, Dec 27 at 11:00 AM",
    );
    // A page kept past the days its calendar covers says nothing rather than guess.
    expect(openNowText(at("2027-03-01", "12:00"), calendar)).toBeUndefined();
  });

  it("tell the time from the offsets a page carries as Intl does, across daylight saving", () => {
    const offsets = shopOffsets("2027-03-01", "2027-11-30");
    // Spring forward on Mar 14 at 2:00 EST (07:00 UTC), fall back on Nov 7 at 2:00 EDT (06:00 UTC).
    expect(offsets).toEqual([
      [Date.parse("2027-03-01T05:00:00Z"), -300],
      [Date.parse("2027-03-14T07:00:00Z"), -240],
      [Date.parse("2027-11-07T06:00:00Z"), -300],
    ]);
    for (let at = Date.parse("2027-03-01T05:00:00Z"); at < Date.parse("2027-12-01T05:00:00Z");) {
      const now = new Date(at);
      expect(shopClock(now, offsets), now.toISOString()).toEqual({
        today: shopToday(now),
        minutes: shopMinutesNow(now),
      });
      // Every 97 minutes, so each minute of the hour and each hour of the day are met.
      at += 97 * 60_000;
    }
    expect(shopClock(new Date("2027-03-14T06:59:00Z"), offsets).minutes).toBe(119);
    expect(shopClock(new Date("2027-03-14T07:00:00Z"), offsets).minutes).toBe(180);
  });

  it("give search engines the coming closures and special hours", () => {
    const business = localBusinessJsonLd("https://wefix.example", page("2026-12-01", christmasEve));
    expect(business.specialOpeningHoursSpecification).toEqual(
      expect.arrayContaining([
        {
          "@type": "OpeningHoursSpecification",
          validFrom: "2026-12-24",
          validThrough: "2026-12-24",
          opens: "10:00",
          closes: "15:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          validFrom: "2026-12-25",
          validThrough: "2026-12-26",
          opens: "00:00",
          closes: "00:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          validFrom: "2027-01-01",
          validThrough: "2027-01-01",
          opens: "00:00",
          closes: "00:00",
        },
      ]),
    );
    expect(calendarRuns("2026-12-01", "2027-02-28", christmasEve)).toHaveLength(
      business.specialOpeningHoursSpecification!.length,
    );
    expect(localBusinessJsonLd("https://wefix.example", null)).not.toHaveProperty(
      "specialOpeningHoursSpecification",
    );
  });
});
