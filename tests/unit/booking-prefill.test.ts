import { describe, expect, it } from "vitest";
import { findCategory } from "~/config/shop";
import { deviceName } from "~/utils/booking-description";
import { bookingHref, bookingPrefill } from "~/utils/booking-prefill";

const mobile = findCategory("mobile")!;
const query = (href: string) => new URL(href, "http://localhost").searchParams;

describe("booking link", () => {
  it("carries a priced repair in the legacy order, and an empty price for one the shop quotes", () => {
    const href = bookingHref({
      category: mobile,
      brand: "Apple",
      model: "iPhone 13",
      repair: { repair: "Battery Replacement", price: "89.99" },
    });
    expect(href.startsWith("/book-appointment?")).toBe(true);
    expect([...query(href)]).toEqual([
      ["brand", "Apple"],
      ["model", "iPhone 13"],
      ["issue", "Battery Replacement"],
      ["price", "89.99"],
      ["deviceCategory", "Mobile Repair Service"],
    ]);
    const quoted = bookingHref({
      category: mobile,
      brand: "Apple",
      model: "iPhone 13",
      repair: { repair: "For any other repair", price: null },
    });
    expect(query(quoted).get("price")).toBe("");
  });

  it("carries a device alone, with its series when it has one (the finder)", () => {
    const href = bookingHref({
      category: mobile,
      brand: "Samsung",
      series: "Galaxy Z",
      model: "Galaxy Z Flip5",
    });
    expect([...query(href)]).toEqual([
      ["brand", "Samsung"],
      ["series", "Galaxy Z"],
      ["model", "Galaxy Z Flip5"],
      ["deviceCategory", "Mobile Repair Service"],
    ]);
  });

  it("is read back into the booking form's fields", () => {
    const href = bookingHref({
      category: mobile,
      brand: "Google",
      model: "Pixel 8",
      repair: { repair: "Screen Repair (Glass and LCD)", price: "189.99" },
    });
    expect(bookingPrefill(query(href))).toMatchObject({
      deviceCategory: "Mobile Repair Service",
      deviceBrand: "Google",
      deviceModel: "Pixel 8",
      issueType: "Screen Repair (Glass and LCD)",
      issueDescription:
        "I want to repair my Google Pixel 8 for Screen Repair (Glass and LCD). I want to confirm the price, which is 189.99.",
    });
  });

  it("names only the device when no repair was chosen", () => {
    const href = bookingHref({
      category: mobile,
      brand: "Samsung",
      series: "Galaxy A",
      model: "Galaxy A13",
    });
    expect(bookingPrefill(query(href)).issueDescription).toBe(
      "I want to repair my Samsung Galaxy A13.",
    );
  });
});

describe("device name", () => {
  it("puts the brand before the model once", () => {
    expect(deviceName("Apple", "iPhone 13")).toBe("Apple iPhone 13");
    expect(deviceName("Apple Watch", "Apple Watch Series 9")).toBe("Apple Watch Series 9");
    expect(deviceName("Samsung", undefined)).toBe("Samsung");
  });
});
