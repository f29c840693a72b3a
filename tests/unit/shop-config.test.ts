import { describe, expect, it } from "vitest";
import { mainNavigation, serviceLinks } from "~/config/navigation";
import {
  booking,
  categorySlugs,
  contact,
  deviceCategories,
  openingHours,
  textQuietHours,
  timeSlots,
  urgencies,
} from "~/config/shop";
import { pageTitle } from "~/utils/meta";

describe("shop config", () => {
  it("offers 17 half-hour slots from 10:00 AM to 6:00 PM", () => {
    expect(timeSlots).toHaveLength(17);
    expect(timeSlots[0]).toMatchObject({ value: "10:00", label: "10:00 AM" });
    expect(timeSlots[5]).toMatchObject({ value: "12:30", label: "12:30 PM" });
    expect(timeSlots.at(-1)).toMatchObject({ value: "18:00", label: "6:00 PM" });
    const gaps = timeSlots.slice(1).map((slot, i) => slot.minutes - timeSlots[i]!.minutes);
    expect(new Set(gaps)).toEqual(new Set([booking.slotLengthMinutes]));
  });

  it("keeps texts quiet from 9 PM to 9 AM, outside every day's opening hours", () => {
    expect(textQuietHours).toMatchObject({ from: 21 * 60, until: 9 * 60 });
    expect(textQuietHours.text).toBe("9:00 PM to 9:00 AM");
    for (const day of openingHours) {
      expect(day.open).toBeGreaterThanOrEqual(textQuietHours.until);
      expect(day.close).toBeLessThanOrEqual(textQuietHours.from);
    }
  });

  it("keeps the hours Mon-Fri 10-8, Sat 10-6, Sun 11-5", () => {
    expect(openingHours[0]).toEqual({ open: 11 * 60, close: 17 * 60 });
    for (const weekday of [1, 2, 3, 4, 5])
      expect(openingHours[weekday]).toEqual({ open: 600, close: 1200 });
    expect(openingHours[6]).toEqual({ open: 600, close: 1080 });
  });

  it("names the five categories with unique slugs, all linked from the footer", () => {
    expect(categorySlugs).toEqual(["mobile", "tablet", "laptop", "watch", "console"]);
    expect(deviceCategories.map((c) => c.title)).toContain("Gaming Console Repair");
    const footerTargets = serviceLinks.map((l) => l.to);
    expect(footerTargets).toEqual(
      expect.arrayContaining(["/services/console", "/book-appointment"]),
    );
  });

  it("prefills the WhatsApp chat with the inquiry message", () => {
    const url = new URL(contact.whatsapp.href);
    expect(url.searchParams.get("text")).toBe(
      "Hi! I would like to inquire about your repair services.",
    );
  });

  it("labels the urgencies as the legacy form did", () => {
    expect(urgencies.map((u) => u.label)).toEqual([
      "Normal (2-3 days)",
      "Urgent (Same day)",
      "Emergency (ASAP)",
    ]);
  });

  it("puts Mobile, Tablet and Laptop under Services in the header", () => {
    const services = mainNavigation.find((item) => item.label === "Services");
    expect(services?.children?.map((c) => c.to)).toEqual([
      "/services/mobile",
      "/services/tablet",
      "/services/laptop",
    ]);
  });

  it("ends every page title with the brand", () => {
    expect(pageTitle("About Us")).toBe("About Us | WeFix");
    expect(pageTitle()).toBe("WeFix");
  });
});
