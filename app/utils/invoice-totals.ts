import { formatCad } from "~/utils/price";

/**
 * An invoice's arithmetic, in integer cents. Tax is computed once, on the whole invoice, from the
 * exact taxable amount after the discount, and rounded half-up to the cent: never per line, so
 * splitting a line in two or reordering lines never changes it (docs/decisions/0065).
 */

export type InvoiceLineAmount = {
  /** Whole units, at least 1. */
  quantity: number;
  /** The price of one unit, in cents. */
  unitCents: number;
  /** Whether the sales tax applies to this line (shop config names which kinds do). */
  taxable: boolean;
};

/** An invoice-wide discount: a sum in cents, or a share of the subtotal in basis points. */
export type InvoiceDiscount =
  { kind: "amount"; cents: number } | { kind: "percent"; basisPoints: number };

export type InvoiceTotals = {
  subtotalCents: number;
  discountCents: number;
  /** The taxable lines after their share of the discount, rounded for display only. */
  taxableCents: number;
  taxCents: number;
  totalCents: number;
};

const basisPointsInWhole = 10_000n;

/** a / b rounded half-up, for a ≥ 0 and b > 0. */
const divideHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

export const lineCents = (line: InvoiceLineAmount) => line.quantity * line.unitCents;

/** The discount in cents: never more than the subtotal; a percentage rounds half-up. */
export function discountCents(subtotalCents: number, discount: InvoiceDiscount | null) {
  if (!discount) return 0;
  const cents =
    discount.kind === "amount"
      ? discount.cents
      : Number(
          divideHalfUp(BigInt(subtotalCents) * BigInt(discount.basisPoints), basisPointsInWhole),
        );
  return Math.min(Math.max(cents, 0), subtotalCents);
}

/**
 * The totals of lines with an optional discount at a tax rate in basis points (1300 = 13%). The
 * discount lowers taxable and untaxed lines in proportion to their amounts, as the tax authority
 * expects of a discount on the whole sale.
 */
export function invoiceTotals(
  lines: readonly InvoiceLineAmount[],
  discount: InvoiceDiscount | null,
  taxRateBasisPoints: number,
): InvoiceTotals {
  const subtotal = lines.reduce((sum, line) => sum + lineCents(line), 0);
  const taxableSubtotal = lines
    .filter((line) => line.taxable)
    .reduce((sum, line) => sum + lineCents(line), 0);
  const off = discountCents(subtotal, discount);
  if (subtotal === 0)
    return { subtotalCents: 0, discountCents: 0, taxableCents: 0, taxCents: 0, totalCents: 0 };
  // taxable after discount = taxableSubtotal × (subtotal − discount) / subtotal, kept exact.
  const taxableNumerator = BigInt(taxableSubtotal) * BigInt(subtotal - off);
  const tax = divideHalfUp(
    taxableNumerator * BigInt(taxRateBasisPoints),
    BigInt(subtotal) * basisPointsInWhole,
  );
  return {
    subtotalCents: subtotal,
    discountCents: off,
    taxableCents: Number(divideHalfUp(taxableNumerator, BigInt(subtotal))),
    taxCents: Number(tax),
    totalCents: subtotal - off + Number(tax),
  };
}

/**
 * The HST inside a credit note of `amountCents` (tax included) on an invoice whose total holds
 * `taxCents`: the invoice's share, rounded half-up. A note for the whole total takes the whole tax.
 */
export const creditTaxCents = (amountCents: number, taxCents: number, totalCents: number) =>
  totalCents === 0
    ? 0
    : Number(divideHalfUp(BigInt(amountCents) * BigInt(taxCents), BigInt(totalCents)));

/** What is still owed after the payments received: never negative for a valid invoice. */
export const balanceCents = (totalCents: number, paidCents: readonly number[]) =>
  totalCents - paidCents.reduce((sum, cents) => sum + cents, 0);

/** The change a cash payment gives back, or undefined when the tendered sum does not cover it. */
export const changeDueCents = (amountCents: number, tenderedCents: number) =>
  tenderedCents >= amountCents ? tenderedCents - amountCents : undefined;

/** "$1,234.50": cents as the shop writes an amount (app/utils/price.ts). */
export const formatCents = (cents: number) => formatCad(cents / 100);

/** Cents as plain dollars with two decimals ("1234.50", "-23.00"): a form's value, a CSV's cell. */
export function plainDollars(cents: number) {
  const whole = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/**
 * Dollars as typed at the counter ("12.5", "$1,234.50") in cents, or
 * undefined when the text is not an amount of money. Spaces are ignored; a comma only groups
 * thousands, so "12,5" is refused rather than read as 125.
 */
export function parseCents(text: string): number | undefined {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.replace(/\s/g, ""));
  if (!match) return undefined;
  const dollars = Number(match[1]!.replace(/,/g, ""));
  if (dollars >= 10_000_000) return undefined;
  return dollars * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
