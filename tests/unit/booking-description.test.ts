import { describe, expect, it } from "vitest";
import { findCategory } from "~/config/shop";
import { prefilledDescription } from "~/utils/booking-description";

const mobile = findCategory("mobile");
const laptop = findCategory("laptop");

describe("the prefilled booking description", () => {
  it("is the legacy sentence when the device and the repair are known", () => {
    expect(
      prefilledDescription({
        brand: "Apple",
        model: "iPhone 15 Pro",
        issue: "Screen Repair",
        price: "329.99",
        category: mobile,
      }),
    ).toBe(
      "I want to repair my Apple iPhone 15 Pro for Screen Repair. I want to confirm the price, which is 329.99.",
    );
    expect(
      prefilledDescription({
        brand: "Google",
        model: "Pixel 8",
        issue: "Battery Replacement",
        price: "N/A",
      }),
    ).toBe(
      "I want to repair my Google Pixel 8 for Battery Replacement. I want to confirm the price.",
    );
  });

  it("reads right for every other combination", () => {
    const cases: [Parameters<typeof prefilledDescription>[0], string][] = [
      [
        { brand: "Samsung", model: "Galaxy A13", category: mobile },
        "I want to repair my Samsung Galaxy A13.",
      ],
      [{ brand: "Samsung", category: mobile }, "I want to repair my Samsung."],
      [{ model: "Galaxy A13" }, "I want to repair my Galaxy A13."],
      [
        { brand: "Apple", model: "Apple Watch Series 9" },
        "I want to repair my Apple Watch Series 9.",
      ],
      [{ category: mobile }, "I want to repair my phone."],
      [
        { category: laptop, issue: "Keyboard Replacement" },
        "I want to repair my laptop for Keyboard Replacement. I want to confirm the price.",
      ],
      [
        { brand: "Samsung", model: "Galaxy A13", price: "89.99" },
        "I want to repair my Samsung Galaxy A13. I want to confirm the price, which is 89.99.",
      ],
      [
        { issue: "Water Damage" },
        "I want to repair my device for Water Damage. I want to confirm the price.",
      ],
    ];
    for (const [known, sentence] of cases) expect(prefilledDescription(known)).toBe(sentence);
  });

  it("never leaves an empty slot", () => {
    for (const brand of [undefined, "Samsung"])
      for (const model of [undefined, "Galaxy A13"])
        for (const issue of [undefined, "Screen Repair"])
          for (const price of [undefined, "N/A", "99.00"])
            for (const category of [undefined, mobile]) {
              const sentence = prefilledDescription({ brand, model, issue, price, category });
              expect(sentence).not.toMatch(/ \.|for \.| {2}|\.\.| ,/);
              expect(sentence).toMatch(/^I want to repair my \S.*\.$/);
            }
  });
});
