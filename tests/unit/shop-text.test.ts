import { describe, expect, it } from "vitest";
import { openingHoursText, textQuietHours, timeSlots } from "~/config/shop";
import { prefilledDescription } from "~/utils/booking-description";
import { firstAppointments, slotRows } from "~/utils/agenda";
import { endSentence } from "~/utils/sentence";
import { formatClockTime, formatShopDateTime } from "~/utils/shop-time";

describe("times of day", () => {
  it("are written one way: slots, a walk-in's odd minute, midnight and noon", () => {
    expect(formatClockTime("15:00")).toBe("3:00 PM");
    expect(formatClockTime("09:47")).toBe("9:47 AM");
    expect(formatClockTime("00:05")).toBe("12:05 AM");
    expect(formatClockTime("12:01")).toBe("12:01 PM");
    expect(timeSlots.map((slot) => slot.label)).toEqual(
      timeSlots.map((slot) => formatClockTime(slot.value)),
    );
    expect(
      slotRows("2026-11-26", [{ preferredTime: "15:07" }], []).map((row) => row.label),
    ).toContain("3:07 PM");
  });

  it("are written the same way in a moment on the shop's clock, winter and summer", () => {
    expect(formatShopDateTime(new Date("2026-03-02T15:00:00Z"))).toBe("Mar 2, 2026, 10:00 AM");
    expect(formatShopDateTime(new Date("2026-07-01T16:01:00Z"))).toBe("Jul 1, 2026, 12:01 PM");
    expect(formatShopDateTime(new Date("2026-11-27T04:30:00Z"))).toBe("Nov 26, 2026, 11:30 PM");
  });

  it("never end in a full stop, so a sentence ending with one has one stop", () => {
    const day = Date.parse("2026-11-26T05:00:00Z");
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const sentence = `On since ${formatShopDateTime(new Date(day + minute * 60_000))}.`;
      expect(sentence, sentence).not.toContain("..");
    }
    const shopTexts = [...openingHoursText.map((line) => line.hours), textQuietHours.text];
    for (const text of shopTexts) expect(text).toMatch(/^(\d{1,2}:\d{2} (AM|PM)( - | to )?)+$/);
  });
});

describe("sentences", () => {
  it("end in one full stop, whether or not the words already had one", () => {
    expect(endSentence("Parts guaranteed")).toBe("Parts guaranteed.");
    expect(endSentence("Parts guaranteed.")).toBe("Parts guaranteed.");
    expect(endSentence("Ready by 12:01 p.m. ")).toBe("Ready by 12:01 p.m.");
    expect(endSentence("Really?")).toBe("Really?");
  });

  it("built from a catalogue's words never read '..'", () => {
    const description = prefilledDescription({
      brand: "Apple",
      model: "iPhone 13",
      issue: "Screen Repair, quality guaranteed.",
      price: "Call for price.",
    });
    expect(description).toBe(
      "I want to repair my Apple iPhone 13 for Screen Repair, quality guaranteed. I want to confirm the price, which is Call for price.",
    );
    expect(description).not.toContain("..");
  });
});

describe("today's appointments on the dashboard", () => {
  it("say the others start from the first one left out, not the last one listed", () => {
    const at = (...times: string[]) => times.map((preferredTime) => ({ preferredTime }));
    const day = at("10:00", "11:00", "15:00", "15:00", "15:30", "16:00");
    expect(firstAppointments(day, 3)).toEqual({
      total: 6,
      items: at("10:00", "11:00", "15:00"),
      moreFrom: "15:00",
    });
    expect(firstAppointments(day, 4).moreFrom).toBe("15:30");
    expect(firstAppointments(day, 6).moreFrom).toBeUndefined();
  });
});
