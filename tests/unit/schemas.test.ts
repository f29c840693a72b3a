import fc from "fast-check";
import { describe, expect, it, vi, afterEach } from "vitest";
import { timeSlots } from "~/config/shop";
import { parseBookingReference } from "~/utils/booking-reference";
import { phoneDigits } from "~/utils/phone";
import { addDays, shopToday } from "~/utils/shop-time";
import { bookingSchema, normaliseTime } from "~/schemas/booking";
import { contactSchema } from "~/schemas/contact";
import { trackingSchema } from "~/schemas/tracking";
import { walkInSchema } from "~/schemas/walk-in";
import { naughtyStrings } from "../support/naughty-strings";

const validBooking = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "905-555-0100",
  deviceCategory: "mobile",
  issueType: "Screen Repair",
  preferredDate: addDays(shopToday(), 9),
  preferredTime: "14:00",
  submissionKey: "k".repeat(24),
};

const validContact = {
  name: "Ann",
  email: "ann@example.com",
  message: "Hello",
  submissionKey: "k".repeat(24),
};

afterEach(() => vi.useRealTimers());

describe("booking schema", () => {
  it("accepts a complete booking and normalises it", () => {
    const parsed = bookingSchema.parse({
      ...validBooking,
      deviceCategory: "Tablet Repair",
      preferredTime: "2:00 PM",
      deviceBrand: "  ",
    });
    expect(parsed).toMatchObject({
      deviceCategory: "tablet",
      preferredTime: "14:00",
      urgency: "normal",
      deviceBrand: undefined,
    });
  });

  it("never throws and never accepts data that breaks its own rules, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...Object.keys(validBooking), "urgency", "__proto__", "x"),
          fc.anything(),
        ),
        (patch) => {
          const result = bookingSchema.safeParse({ ...validBooking, ...patch });
          if (!result.success) return;
          const v = result.data;
          expect(phoneDigits(v.phone)).toHaveLength(10);
          expect(v.email).toContain("@");
          expect(timeSlots.map((s) => s.value)).toContain(v.preferredTime);
          expect(
            v.preferredDate >= shopToday() && v.preferredDate <= addDays(shopToday(), 60),
          ).toBe(true);
          expect(v.firstName.length).toBeGreaterThan(0);
          expect(v.firstName.length).toBeLessThanOrEqual(50);
          expect(v.issueDescription?.length ?? 0).toBeLessThanOrEqual(2000);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("survives every naughty string in every field", () => {
    for (const field of Object.keys(validBooking)) {
      for (const value of naughtyStrings) {
        const result = bookingSchema.safeParse({ ...validBooking, [field]: value });
        if (result.success && field === "firstName")
          expect(result.data.firstName).toBe(value.trim());
      }
    }
  });

  it("rejects wrong types with messages, not exceptions", () => {
    const result = bookingSchema.safeParse({
      ...validBooking,
      firstName: 42,
      phone: null,
      preferredDate: ["2025-01-01"],
    });
    expect(result.success).toBe(false);
    expect(Object.keys(result.error!.flatten().fieldErrors).sort()).toEqual([
      "firstName",
      "phone",
      "preferredDate",
    ]);
  });

  it("uses the shop's day, not UTC's, for 'today'", () => {
    // 11:30 PM in Toronto on 1 March is already 2 March in UTC.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-02T04:30:00Z"));
    expect(shopToday()).toBe("2027-03-01");
    expect(
      bookingSchema.safeParse({
        ...validBooking,
        preferredDate: "2027-03-01",
        preferredTime: "15:00",
      }).success,
    ).toBe(false);
    expect(
      bookingSchema.safeParse({
        ...validBooking,
        preferredDate: "2027-03-02",
        preferredTime: "15:00",
      }).success,
    ).toBe(true);
  });
});

describe("consent to updates", () => {
  const issuesOf = (fields: Record<string, unknown>, schema: "booking" | "walk-in" = "booking") => {
    const result =
      schema === "booking"
        ? bookingSchema.safeParse({ ...validBooking, ...fields })
        : walkInSchema.safeParse({
            firstName: "Ann",
            lastName: "Lee",
            phone: "905-555-0100",
            deviceCategory: "mobile",
            deviceModel: "iPhone 13",
            issueType: "Screen Repair",
            passcode: "withheld",
            urgency: "normal",
            submissionKey: "k".repeat(24),
            ...fields,
          });
    return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("defaults to e-mail only and no review request; the review box is separate from the channel", () => {
    expect(bookingSchema.parse(validBooking)).toMatchObject({
      notifyBy: "email",
      reviewOptIn: false,
    });
    expect(
      bookingSchema.parse({ ...validBooking, notifyBy: "sms", reviewOptIn: "on" }),
    ).toMatchObject({ notifyBy: "sms", reviewOptIn: true });
    expect(issuesOf({ notifyBy: "pigeon" })).toEqual([
      ["notifyBy", "Please choose e-mail, text or both."],
    ]);
  });

  it.each([
    ["1-800-555-0100", "(800) 555-0100 is toll-free: it cannot receive texts"],
    ["888 555 0100", "(888) 555-0100 is toll-free: it cannot receive texts"],
    ["055-555-0100", "(055) 555-0100 is not a North American number we can text"],
    ["905-155-0100", "(905) 155-0100 is not a North American number we can text"],
  ])("refuses texts to %s with a message beside the choice", (phone, words) => {
    for (const notifyBy of ["sms", "both"]) {
      expect(issuesOf({ phone, notifyBy })).toEqual([
        [
          "notifyBy",
          `Texts need a mobile number, and ${words}. Enter your mobile number, or choose E-mail only.`,
        ],
      ]);
    }
    expect(issuesOf({ phone, notifyBy: "email" })).toEqual([]);
    expect(issuesOf({ phone, notifyBy: "sms" }, "walk-in")).toEqual([
      ["notifyBy", expect.stringContaining("Enter the customer's mobile number")],
    ]);
  });

  it("texts a North American mobile-style number, and leaves a malformed one to the phone field", () => {
    expect(issuesOf({ phone: "+1 (416) 555-0199", notifyBy: "both" })).toEqual([]);
    expect(issuesOf({ phone: "555-0199", notifyBy: "sms" }).map(([path]) => path)).toEqual([
      "phone",
    ]);
  });
});

describe("contact and tracking schemas", () => {
  it("never throw on arbitrary input", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        contactSchema.safeParse(input);
        trackingSchema.safeParse(input);
      }),
      { numRuns: 300 },
    );
  });

  it("store naughty strings verbatim as text or refuse them with a message", () => {
    for (const value of naughtyStrings) {
      const result = contactSchema.safeParse({ ...validContact, message: value });
      if (result.success) expect(result.data.message).toBe(value.trim());
      else expect(result.error.issues[0]?.message).toMatch(/message|unusual characters/i);
    }
  });

  it("refuse control characters that no keyboard types and Postgres cannot store", () => {
    for (const message of ["Hello\u0000there", "bell\u0007", "escape\u001b[31m"]) {
      expect(contactSchema.safeParse({ ...validContact, message }).error?.issues[0]?.message).toBe(
        "Please remove the unusual characters from this field.",
      );
    }
    expect(contactSchema.parse({ ...validContact, message: "Line one\n\tLine two" }).message).toBe(
      "Line one\n\tLine two",
    );
  });

  it("require a repair ID or a phone number", () => {
    expect(trackingSchema.safeParse({}).error?.issues[0]?.message).toBe(
      "Please enter either a Repair ID or a Phone Number to track your device.",
    );
    expect(trackingSchema.safeParse({ repairId: "WF-00042" }).success).toBe(true);
    expect(trackingSchema.safeParse({ phoneNumber: "+1 (905) 555-0100" }).success).toBe(true);
    expect(trackingSchema.safeParse({ repairId: "' OR 1=1 --" }).success).toBe(false);
  });
});

describe("parsers", () => {
  it("read times in 24-hour and 12-hour forms", () => {
    expect(normaliseTime("09:30")).toBe("09:30");
    expect(normaliseTime("2:30 pm")).toBe("14:30");
    expect(normaliseTime("12:00 AM")).toBe("00:00");
    expect(normaliseTime("12:30 PM")).toBe("12:30");
    expect(normaliseTime("13:00 PM")).toBeUndefined();
    expect(normaliseTime("25:00")).toBeUndefined();
  });

  it("read repair references however customers type them", () => {
    expect(parseBookingReference("WF-00042")).toBe(42);
    expect(parseBookingReference("wf-42")).toBe(42);
    expect(parseBookingReference(" 42 ")).toBe(42);
    expect(parseBookingReference("WF42")).toBe(42);
    expect(parseBookingReference("0")).toBeUndefined();
    expect(parseBookingReference("42abc")).toBeUndefined();
    expect(parseBookingReference("99999999999")).toBeUndefined();
  });

  it("match phones on their last ten digits", () => {
    expect(phoneDigits("+1 (905) 555-0100")).toBe("9055550100");
    expect(phoneDigits("905.555.0100")).toBe("9055550100");
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(phoneDigits(s)).toMatch(/^\d*$/);
      }),
    );
  });
});
