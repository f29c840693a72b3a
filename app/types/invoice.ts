/** An invoice is a draft while staff edit it; issued, it never changes; a void cancels it. */
export const invoiceStatuses = ["draft", "issued", "void"] as const;

/**
 * What a line is for. Which kinds are taxable is shop config (`invoicing` in app/config/shop.ts).
 * A `device` line sells one of the shop's devices for sale (its `stock_device_id`).
 */
export const invoiceLineKinds = [
  "repair",
  "part",
  "labour",
  "accessory",
  "other",
  "device",
] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

/**
 * The kinds staff may type on a draft's lines. A `device` line is only ever added by selling a
 * device for sale (app/models/stock-sale.server.ts), which marks that device sold.
 */
export const typedLineKinds = ["repair", "part", "labour", "accessory", "other"] as const;

/** How the counter takes money; `online` only ever comes from the payment provider's webhook. */
export const paymentMethods = ["cash", "debit", "credit", "etransfer", "online"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * What became of a Stripe event that paid an invoice: recorded as an online payment, or kept for
 * staff because the amount no longer fit the invoice (paid at the counter meanwhile, voided).
 */
export const stripeEventOutcomes = ["recorded", "needs_attention"] as const;

export const discountKinds = ["amount", "percent"] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** An invoice as the staff page shows it: money in cents, dates as the shop writes them. */
export type InvoiceView = {
  id: number;
  number: number | null;
  status: "draft" | "issued" | "void";
  version: number;
  customerName: string;
  issuedOn: string | null;
  lines: {
    kind: InvoiceLineKind;
    description: string;
    quantity: number;
    unitCents: number;
    taxable: boolean;
    /** A device line's device for sale; null for every other line. */
    stockDeviceId: number | null;
  }[];
  discount: { kind: DiscountKind; value: number; reason: string } | null;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  taxRateBasisPoints: number;
  totalCents: number;
  paidCents: number;
  /** The sum of its credit notes: no longer owed. */
  creditedCents: number;
  creditNotes: { number: number; amountCents: number; reason: string; on: string }[];
  /** Paid online but not recorded: the amount no longer fitted the balance (decision 0067). */
  heldOnline: { amountCents: number; sessionId: string; receivedOn: string }[];
  payments: {
    id: number;
    method: PaymentMethod;
    amountCents: number;
    changeCents: number | null;
    reference: string | null;
    deposit: boolean;
    receivedOn: string;
  }[];
};

/** A repair's warranty: from its invoice's date, for the shop's number of days. */
export type Warranty = {
  /** The invoice date, YYYY-MM-DD in shop time. */
  from: string;
  /** Its last day, YYYY-MM-DD. */
  until: string;
  /** Days left after today; negative once it has ended. */
  daysLeft: number;
};

/** What a receipt shows: the issued invoice, the repair it is for, and its warranty. */
export type ReceiptView = {
  invoice: InvoiceView;
  /** The repair's reference and device; null for a counter sale. */
  repair: { reference: string; device: string } | null;
  warranty: Warranty | null;
  /** Each device it sold with a warranty: the line's words, the months and the last day. */
  deviceWarranties: { description: string; months: number; until: string }[];
};
