import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  balanceCents,
  changeDueCents,
  creditTaxCents,
  discountCents,
  formatCents,
  invoiceTotals,
  lineCents,
  parseCents,
  type InvoiceDiscount,
  type InvoiceLineAmount,
} from "~/utils/invoice-totals";

const hst = 1300;

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 50 }),
  unitCents: fc.integer({ min: 0, max: 500_000 }),
  taxable: fc.boolean(),
});
const lines = fc.array(line, { minLength: 1, maxLength: 12 });
const discount: fc.Arbitrary<InvoiceDiscount | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    kind: fc.constant("amount" as const),
    cents: fc.integer({ min: 0, max: 3_000_000 }),
  }),
  fc.record({
    kind: fc.constant("percent" as const),
    basisPoints: fc.integer({ min: 0, max: 10_000 }),
  }),
);
const rate = fc.integer({ min: 0, max: 2_500 });

/** The exact tax as a fraction of a cent, for comparing with the rounded one. */
function exactTax(items: InvoiceLineAmount[], discounted: number, taxRate: number) {
  const subtotal = items.reduce((sum, item) => sum + lineCents(item), 0);
  const taxable = items.filter((i) => i.taxable).reduce((sum, item) => sum + lineCents(item), 0);
  return subtotal === 0 ? 0 : (((taxable * (subtotal - discounted)) / subtotal) * taxRate) / 10_000;
}

describe("an invoice's totals", () => {
  it("adds up to the cent: total = subtotal − discount + tax, each a whole number of cents", () => {
    fc.assert(
      fc.property(lines, discount, rate, (items, off, taxRate) => {
        const totals = invoiceTotals(items, off, taxRate);
        for (const value of Object.values(totals)) expect(Number.isSafeInteger(value)).toBe(true);
        expect(totals.totalCents).toBe(
          totals.subtotalCents - totals.discountCents + totals.taxCents,
        );
        expect(totals.subtotalCents).toBe(items.reduce((sum, item) => sum + lineCents(item), 0));
        expect(totals.discountCents).toBeGreaterThanOrEqual(0);
        expect(totals.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
        expect(totals.taxCents).toBeGreaterThanOrEqual(0);
        expect(totals.totalCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("rounds the tax once, half-up, from the exact taxable amount after the discount", () => {
    fc.assert(
      fc.property(lines, discount, rate, (items, off, taxRate) => {
        const totals = invoiceTotals(items, off, taxRate);
        const exact = exactTax(items, totals.discountCents, taxRate);
        // Within half a cent, and a half rounds up.
        expect(totals.taxCents - exact).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(totals.taxCents - exact).toBeGreaterThan(-0.5 - 1e-9);
      }),
    );
  });

  it("does not change when a line is split in two or the lines are reordered", () => {
    fc.assert(
      fc.property(lines, discount, rate, fc.nat(), (items, off, taxRate, pick) => {
        const before = invoiceTotals(items, off, taxRate);
        const index = pick % items.length;
        const chosen = items[index]!;
        const split =
          chosen.quantity > 1
            ? [
                { ...chosen, quantity: 1 },
                { ...chosen, quantity: chosen.quantity - 1 },
              ]
            : [chosen];
        const rearranged = [
          ...items.slice(0, index),
          ...items.slice(index + 1),
          ...split,
        ].reverse();
        expect(invoiceTotals(rearranged, off, taxRate)).toEqual(before);
      }),
    );
  });

  it("taxes only taxable lines: no taxable line, no tax; all taxable, tax on the discounted subtotal", () => {
    fc.assert(
      fc.property(lines, discount, (items, off) => {
        const untaxed = items.map((item) => ({ ...item, taxable: false }));
        expect(invoiceTotals(untaxed, off, hst).taxCents).toBe(0);
        const taxed = items.map((item) => ({ ...item, taxable: true }));
        const totals = invoiceTotals(taxed, off, hst);
        expect(totals.taxableCents).toBe(totals.subtotalCents - totals.discountCents);
      }),
    );
  });

  it("works the shop's everyday sums as a calculator would", () => {
    const screen = { quantity: 1, unitCents: 12_999, taxable: true };
    const protector = { quantity: 2, unitCents: 1_999, taxable: true };
    const labourOnly = { quantity: 1, unitCents: 4_000, taxable: false };
    // 129.99 × 13% = 16.8987 → 16.90
    expect(invoiceTotals([screen], null, hst)).toEqual({
      subtotalCents: 12_999,
      discountCents: 0,
      taxableCents: 12_999,
      taxCents: 1_690,
      totalCents: 14_689,
    });
    // Per line, 19.99 × 13% = 2.5987 rounds to 2.60 twice (5.20); on the invoice, 39.98 × 13%
    // = 5.1974 → 5.20 as well; 3 × 0.05 shows the difference: 0.0195 → 0.02, never 3 × 0.01.
    expect(invoiceTotals([protector], null, hst).taxCents).toBe(520);
    expect(invoiceTotals([{ quantity: 3, unitCents: 5, taxable: true }], null, hst).taxCents).toBe(
      2,
    );
    // Exactly half a cent rounds up: 50 × 13% = 6.5 → 7.
    expect(invoiceTotals([{ quantity: 1, unitCents: 50, taxable: true }], null, hst).taxCents).toBe(
      7,
    );
    // 10% off 169.99 (screen + untaxed labour): 17.00 off, shared 129.99 : 40.00.
    const totals = invoiceTotals(
      [screen, labourOnly],
      { kind: "percent", basisPoints: 1_000 },
      hst,
    );
    expect(totals.discountCents).toBe(1_700);
    expect(totals.taxableCents).toBe(11_699);
    expect(totals.taxCents).toBe(1_521);
    expect(totals.totalCents).toBe(16_999 - 1_700 + 1_521);
  });

  it("never discounts more than the subtotal", () => {
    expect(discountCents(5_000, { kind: "amount", cents: 9_000 })).toBe(5_000);
    expect(discountCents(5_000, { kind: "percent", basisPoints: 10_000 })).toBe(5_000);
    expect(invoiceTotals([], { kind: "amount", cents: 100 }, hst).totalCents).toBe(0);
  });
});

describe("payments against an invoice", () => {
  it("the balance is the total less every payment, and reaches zero exactly when they add up", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 6 }), (paid) => {
        const total = paid.reduce((sum, cents) => sum + cents, 0);
        expect(balanceCents(total, paid)).toBe(0);
        expect(balanceCents(total + 1, paid)).toBe(1);
      }),
    );
  });

  it("gives change for cash tendered, and none when too little was handed over", () => {
    expect(changeDueCents(14_689, 20_000)).toBe(5_311);
    expect(changeDueCents(14_689, 14_689)).toBe(0);
    expect(changeDueCents(14_689, 10_000)).toBeUndefined();
  });
});

describe("amounts as staff type and read them", () => {
  it("reads dollars and cents, with or without a dollar sign or thousands commas", () => {
    expect(parseCents("12")).toBe(1_200);
    expect(parseCents("12.5")).toBe(1_250);
    expect(parseCents(" $1,234.05 ")).toBe(123_405);
    expect(parseCents("0.99")).toBe(99);
  });

  it("refuses what is not an amount: a decimal comma, three decimals, a sign, words, too much", () => {
    for (const text of ["12,5", "1.005", "-3", "ten", "", "1e3", "99999999", "1,23.00"])
      expect(parseCents(text), text).toBeUndefined();
  });

  it("writes cents as dollars and round-trips every amount", () => {
    expect(formatCents(123_405)).toBe("$1,234.05");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents);
      }),
    );
  });
});

describe("a credit note's HST", () => {
  it("is the invoice's share, never more than its tax, and the whole tax for the whole total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_500 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (subtotal, rate, share) => {
          const taxCents = Math.round((subtotal * rate) / 10_000);
          const totalCents = subtotal + taxCents;
          const amount = Math.max(1, Math.floor(totalCents * share));
          const tax = creditTaxCents(amount, taxCents, totalCents);
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(tax).toBeLessThanOrEqual(taxCents);
          expect(Math.abs(tax - (amount * taxCents) / totalCents)).toBeLessThanOrEqual(0.5);
          expect(creditTaxCents(totalCents, taxCents, totalCents)).toBe(taxCents);
        },
      ),
    );
  });
});
