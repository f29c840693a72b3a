import type { PaymentMethod } from "~/types/invoice";

/** A count of things and what they came to, in cents. */
type CountAndCents = { count: number; cents: number };

/**
 * A shop-local day's takings (docs/decisions/0066), in integer cents: what the close counts and
 * the Z report prints. Kept as it stood in a day's close, so a closed day's report never changes.
 */
export type DayTotals = {
  /** Money received that day, every method listed (none: zero), deposits included. */
  payments: (CountAndCents & { method: PaymentMethod })[];
  /** The payments marked deposit, taken that day against drafts. */
  depositsTaken: CountAndCents;
  /** Deposits, taken on any day, on the invoices issued that day. */
  depositsApplied: CountAndCents;
  /** Invoices issued that day and not void. */
  issued: {
    count: number;
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
  };
  /** Invoices voided that day, in the order voided. */
  voids: { number: number; totalCents: number; reason: string }[];
  /**
   * Credit notes issued that day (HST included, and the HST in them). Absent from closes stored
   * before credit notes existed.
   */
  creditNotes?: {
    number: number;
    invoiceNumber: number;
    amountCents: number;
    taxCents: number;
    reason: string;
  }[];
};

/** A day's close as staff read it: the count, the difference, who closed it and when. */
export type DayCloseView = {
  expectedCashCents: number;
  countedCashCents: number;
  /** Counted minus expected: above zero the drawer is over, below it short. */
  overShortCents: number;
  note: string | null;
  closedBy: string;
  /** On the shop's clock: "Nov 28, 2026, 7:05 PM". */
  closedAt: string;
};
