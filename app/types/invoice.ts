/** An invoice is a draft while staff edit it; issued, it never changes; a void cancels it. */
export const invoiceStatuses = ["draft", "issued", "void"] as const;

/** What a line is for. Which kinds are taxable is shop config (`invoicing` in app/config/shop.ts). */
export const invoiceLineKinds = ["repair", "part", "labour", "accessory", "other"] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

/** How the counter takes money; `online` only ever comes from the payment provider's webhook. */
export const paymentMethods = ["cash", "debit", "credit", "etransfer", "online"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const discountKinds = ["amount", "percent"] as const;
export type DiscountKind = (typeof discountKinds)[number];
