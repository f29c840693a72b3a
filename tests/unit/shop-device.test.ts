import { describe, expect, it } from "vitest";
import { gradeItemCondition, gradeLabel, gradeTexts } from "~/content/device-grades";
import { shopFiltersOf } from "~/schemas/shop-filters";
import { reservationSchema } from "~/schemas/reservation";
import { deviceGrades } from "~/types/trade";
import { deviceWarrantyText, deviceWarrantyUntil } from "~/utils/device-warranty";
import {
  isReservationReference,
  isStockPublicId,
  newReservationReference,
  newStockPublicId,
  publicIdOfSlug,
  shopDevicePath,
  slugWords,
} from "~/utils/shop-device";

describe("the grades a customer reads", () => {
  it("explains every grade in a sentence, with the item condition search engines read", () => {
    for (const grade of deviceGrades) {
      expect(gradeTexts[grade].label).toMatch(/^[A-Z]/);
      expect(gradeTexts[grade].meaning).toMatch(/^[A-Z].{30,}\.$/);
    }
    expect(gradeLabel("broken")).toBe("For parts or repair");
    expect(gradeItemCondition("excellent")).toBe("https://schema.org/RefurbishedCondition");
    expect(gradeItemCondition("broken")).toBe("https://schema.org/UsedCondition");
  });
});

describe("a device's address", () => {
  const device = {
    publicId: "k7m2q9x4ab",
    brand: "Apple",
    model: "iPhone 13 Pro",
    storage: "128 GB",
  };

  it("is its words and its public id, which the last dash sets apart", () => {
    expect(shopDevicePath(device)).toBe("/shop/apple-iphone-13-pro-128-gb-k7m2q9x4ab");
    expect(publicIdOfSlug("apple-iphone-13-pro-128-gb-k7m2q9x4ab")).toBe("k7m2q9x4ab");
    expect(publicIdOfSlug("k7m2q9x4ab")).toBe("k7m2q9x4ab");
  });

  it("names no device when the id is missing or malformed", () => {
    for (const slug of ["", "apple-iphone", "apple-iphone-13-K7M2Q9X4AB", "x-k7m2q9x4a", "a-%00"])
      expect(publicIdOfSlug(slug)).toBeUndefined();
  });

  it("keeps plain letters and digits from any words", () => {
    expect(slugWords("Lenovo", "ThinkPad T14 (Gen 2)", "")).toBe("lenovo-thinkpad-t14-gen-2");
    expect(slugWords("Škoda", "Café ™ <script>")).toBe("skoda-cafe-tm-script");
    expect(slugWords("x".repeat(200)).length).toBeLessThanOrEqual(80);
  });

  it("gets a new public id and reservation reference that read unambiguously", () => {
    for (let i = 0; i < 50; i++) {
      expect(isStockPublicId(newStockPublicId())).toBe(true);
      const reference = newReservationReference();
      expect(isReservationReference(reference)).toBe(true);
      expect(reference).not.toMatch(/[01OIL]/);
    }
  });
});

describe("the shop's filters in an address", () => {
  it("reads the choices and ignores anything else", () => {
    expect(
      shopFiltersOf(
        new URLSearchParams(
          "category=tablet&grade=good&min=100&max=600&sort=price_asc&page=2&brand=Apple",
        ),
      ),
    ).toEqual({
      category: "tablet",
      grade: "good",
      brand: "Apple",
      min: 100,
      max: 600,
      sort: "price_asc",
      page: 2,
    });
    expect(
      shopFiltersOf(
        new URLSearchParams("category=toaster&grade=mint&min=-5&max=1e9&sort=x&page=0"),
      ),
    ).toEqual({
      sort: "newest",
      page: 1,
    });
  });
});

describe("a reservation's form", () => {
  const base = { name: "Sam", submissionKey: "k", notifyBy: "email" };

  it("needs the address or number for the channel chosen", () => {
    const noEmail = reservationSchema.safeParse({ ...base, email: "" });
    expect(noEmail.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["email", "Please enter your e-mail address, or choose Text only."],
    ]);
    const noPhone = reservationSchema.safeParse({ ...base, notifyBy: "sms", email: "" });
    expect(noPhone.error?.issues.map((i) => i.path[0])).toEqual(["phone"]);
    expect(
      reservationSchema.safeParse({
        ...base,
        notifyBy: "both",
        email: "s@example.com",
        phone: "905-555-0123",
      }).success,
    ).toBe(true);
  });
});

describe("a device's sales warranty", () => {
  it("runs the months from the invoice date, to the month's last day when shorter", () => {
    expect(deviceWarrantyUntil("2026-11-28", 3)).toBe("2027-02-28");
    expect(deviceWarrantyUntil("2026-08-31", 6)).toBe("2027-02-28");
    expect(deviceWarrantyUntil("2027-08-31", 6)).toBe("2028-02-29");
    expect(deviceWarrantyUntil("2026-01-15", 12)).toBe("2027-01-15");
    expect(deviceWarrantyText(1, "March 3, 2027")).toBe("Warranty: 1 month, until March 3, 2027");
  });
});
