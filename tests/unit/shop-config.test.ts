import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UrgencyField } from "~/components/forms/urgency-field";
import { useFormReply } from "~/components/forms/use-form-reply";
import {
  categorySlugs,
  deviceCategories,
  findCategory,
  openingHours,
  openingHoursText,
  textQuietHours,
} from "~/config/shop";
import { pageTitle } from "~/utils/meta";
import { addDays, minutesOf, shopInstant } from "~/utils/shop-time";
import { openingHourSlots } from "~/utils/slots";
import { isQuietHours } from "~/utils/sms-quiet-hours";

/**
 * What the shop's facts (app/config/shop.ts) make of the pages and messages, rather than the facts
 * spelled out again: the booking form's times, the hours every page writes, when texts wait.
 */

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** One week of dates, Sunday first (June 14, 2026 is a Sunday). */
const week = dayNames.map((_, day) => addDays("2026-06-14", day));

/** "10:00 AM" for 600 minutes after midnight, as a reader writes a time (Intl's own spelling). */
const clock = (minutes: number) =>
  new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" })
    .format(Date.UTC(2026, 0, 1, 0, minutes))
    .replace(/\s/g, " ");

describe("shop config, as visitors and staff meet it", () => {
  it("lists a time every half hour that fits the day's hours: 10:00 AM to 6:00 PM on weekdays, to 5:30 PM on Saturday, 11:00 AM to 4:30 PM on Sunday", () => {
    const listed = week.map((date) => openingHourSlots(date, []));
    const [sunday, monday, , , , friday, saturday] = listed.map((day) =>
      day.map((slot) => slot.label),
    );
    expect(monday).toHaveLength(17);
    expect([monday![0], monday![5], monday!.at(-1)]).toEqual(["10:00 AM", "12:30 PM", "6:00 PM"]);
    expect(friday).toEqual(monday);
    expect(saturday).toEqual(monday!.slice(0, -1));
    expect(saturday!.at(-1)).toBe("5:30 PM");
    expect(sunday).toHaveLength(12);
    expect([sunday![0], sunday!.at(-1)]).toEqual(["11:00 AM", "4:30 PM"]);
    for (const day of listed) {
      const starts = day.map((slot) => minutesOf(slot.time));
      expect(new Set(starts.slice(1).map((start, i) => start - starts[i]!))).toEqual(new Set([30]));
    }
  });

  it("writes on every page the hours the booking form and the texts work with", () => {
    const covered: number[] = [];
    for (const line of openingHoursText) {
      // "Monday - Friday", or one day.
      const [from = "", to = from] = line.days.split(" - ");
      const first = dayNames.indexOf(from);
      const last = dayNames.indexOf(to);
      expect(first, line.days).toBeGreaterThanOrEqual(0);
      expect(last, line.days).toBeGreaterThanOrEqual(first);
      for (let day = first; day <= last; day += 1) {
        const hours = openingHours[day]!;
        expect(line.hours, dayNames[day]).toBe(`${clock(hours.open)} - ${clock(hours.close)}`);
        covered.push(day);
      }
    }
    // Every day of the week once, so no day's hours go unwritten.
    expect(covered.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("never holds a text back while the shop is open, and names the quiet hours for staff", () => {
    // When texts wait (21:00 to 09:00) is tested in tests/integration/sms-outbox.test.ts.
    for (const date of week) {
      const hours = openingHours[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
      expect(isQuietHours(shopInstant(date, hours.open)), date).toBe(false);
      expect(isQuietHours(shopInstant(date, hours.close - 1)), date).toBe(false);
    }
    // The hint beside the reply box and on the Outbox.
    expect(textQuietHours.text).toBe("9:00 PM to 9:00 AM");
  });

  it("gives every device category an address of its own", () => {
    // The pages at these addresses, and the header's and footer's links to them, are checked in
    // tests/e2e/layout.spec.ts and tests/e2e/public-a11y.spec.ts.
    expect(new Set(categorySlugs).size).toBe(deviceCategories.length);
    for (const category of deviceCategories) {
      expect(category.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(findCategory(category.slug)).toBe(category);
    }
  });

  it("offers the urgencies on the booking and walk-in forms as the legacy form did", () => {
    function UrgencyChoice() {
      const { field } = useFormReply<{ urgency: string }>(undefined);
      return createElement(UrgencyField, { field: field("urgency") });
    }
    const html = renderToStaticMarkup(createElement(UrgencyChoice));
    const options = [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)];
    expect(options.map(([, value, label]) => [value, label])).toEqual([
      ["normal", "Normal (2-3 days)"],
      ["urgent", "Urgent (Same day)"],
      ["emergency", "Emergency (ASAP)"],
    ]);
  });

  it("ends every page title with the brand", () => {
    expect(pageTitle("About Us")).toBe("About Us | WeFix");
    expect(pageTitle()).toBe("WeFix");
  });
});
