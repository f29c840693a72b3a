import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OfferAnswers } from "~/types/trade";
import { computeOffer, gradeOf, type GridPrices } from "~/utils/trade-offer";

const row: GridPrices = {
  excellentCents: 60_000,
  goodCents: 50_000,
  fairCents: 35_000,
  brokenCents: 15_000,
  batteryDeductionCents: 4_000,
  partsDeductionCents: 8_000,
  carrierLockDeductionCents: 2_500,
};

const perfect: OfferAnswers = {
  powersOn: true,
  screen: "flawless",
  body: "flawless",
  battery: "good",
  partsWork: true,
  accountLocked: false,
  carrierLocked: false,
};

describe("gradeOf", () => {
  it.each([
    [{}, "excellent"],
    [{ screen: "scratched" }, "good"],
    [{ body: "scratched" }, "good"],
    [{ body: "damaged" }, "fair"],
    [{ body: "damaged", screen: "scratched" }, "fair"],
    [{ screen: "cracked" }, "broken"],
    [{ powersOn: false }, "broken"],
    [{ powersOn: false, body: "flawless" }, "broken"],
  ] as const)("%o is %s", (change, grade) => {
    expect(gradeOf({ ...perfect, ...change })).toBe(grade);
  });
});

describe("computeOffer", () => {
  it("pays the excellent price for a flawless device", () => {
    expect(computeOffer(row, perfect)).toEqual({
      outcome: "offer",
      grade: "excellent",
      gradeCents: 60_000,
      deductions: [],
      offerCents: 60_000,
    });
  });

  it("takes off the battery, parts and carrier lock deductions, naming each", () => {
    const result = computeOffer(row, {
      ...perfect,
      screen: "scratched",
      battery: "unknown",
      partsWork: false,
      carrierLocked: true,
    });
    expect(result).toEqual({
      outcome: "offer",
      grade: "good",
      gradeCents: 50_000,
      deductions: [
        { reason: "Battery health not known", cents: 4_000 },
        { reason: "A camera, a button, or Face ID or Touch ID does not work", cents: 8_000 },
        { reason: "Locked to a carrier", cents: 2_500 },
      ],
      offerCents: 35_500,
    });
  });

  it("counts a worn battery like an unknown one", () => {
    const result = computeOffer(row, { ...perfect, battery: "worn" });
    expect(result).toMatchObject({
      offerCents: 56_000,
      deductions: [{ reason: "Battery health below 80 %" }],
    });
  });

  it("leaves out a deduction of 0", () => {
    const result = computeOffer(
      { ...row, carrierLockDeductionCents: 0 },
      {
        ...perfect,
        carrierLocked: true,
      },
    );
    expect(result).toMatchObject({ offerCents: 60_000, deductions: [] });
  });

  it("refuses a device still signed in to an account lock, whatever else", () => {
    expect(computeOffer(row, { ...perfect, accountLocked: true })).toEqual({
      outcome: "account_locked",
    });
  });

  it("makes no offer for a grade priced 0", () => {
    expect(computeOffer({ ...row, brokenCents: 0 }, { ...perfect, powersOn: false })).toEqual({
      outcome: "no_offer",
      grade: "broken",
    });
  });

  it("makes no offer when the deductions take it all (never below 0)", () => {
    expect(
      computeOffer(
        { ...row, partsDeductionCents: 20_000 },
        { ...perfect, screen: "cracked", partsWork: false },
      ),
    ).toEqual({ outcome: "no_offer", grade: "broken" });
  });

  it("is never negative, never above the grade's price, and adds up", () => {
    const answers = fc.record({
      powersOn: fc.boolean(),
      screen: fc.constantFrom("flawless", "scratched", "cracked"),
      body: fc.constantFrom("flawless", "scratched", "damaged"),
      battery: fc.constantFrom("good", "worn", "unknown"),
      partsWork: fc.boolean(),
      accountLocked: fc.boolean(),
      carrierLocked: fc.boolean(),
    }) as fc.Arbitrary<OfferAnswers>;
    const cents = fc.integer({ min: 0, max: 200_000 });
    const prices = fc.record({
      excellentCents: cents,
      goodCents: cents,
      fairCents: cents,
      brokenCents: cents,
      batteryDeductionCents: cents,
      partsDeductionCents: cents,
      carrierLockDeductionCents: cents,
    });
    fc.assert(
      fc.property(prices, answers, (p, a) => {
        const result = computeOffer(p, a);
        if (result.outcome !== "offer") return;
        expect(result.offerCents).toBeGreaterThan(0);
        expect(result.offerCents).toBeLessThanOrEqual(result.gradeCents);
        const off = result.deductions.reduce((sum, d) => sum + d.cents, 0);
        expect(result.offerCents).toBe(result.gradeCents - off);
      }),
    );
  });
});
