import { storedDiscount, type InvoiceWithItems } from "~/models/invoice.server";
import type { InvoiceView } from "~/types/invoice";
import { changeDueCents } from "~/utils/invoice-totals";
import { formatShopDate, formatShopDateTime } from "~/utils/shop-time";

/** The invoice as the page shows it: no staff ids, dates in shop time. */
export const invoiceView = (invoice: InvoiceWithItems): InvoiceView => ({
  id: invoice.id,
  number: invoice.number,
  status: invoice.status,
  version: invoice.version,
  customerName: invoice.customerName,
  issuedOn: invoice.issuedAt ? formatShopDate(invoice.issuedAt) : null,
  lines: invoice.lines.map(
    ({ kind, description, quantity, unitCents, taxable, stockDeviceId }) => ({
      kind,
      description,
      quantity,
      unitCents,
      taxable,
      stockDeviceId,
    }),
  ),
  discount: storedDiscount(invoice),
  subtotalCents: invoice.subtotalCents,
  discountCents: invoice.discountCents,
  taxCents: invoice.taxCents,
  taxRateBasisPoints: invoice.taxRateBasisPoints,
  totalCents: invoice.totalCents,
  paidCents: invoice.paidCents,
  creditedCents: invoice.creditedCents,
  creditNotes: invoice.creditNotes.map((note) => ({
    number: note.number,
    amountCents: note.amountCents,
    reason: note.reason,
    on: formatShopDate(note.createdAt),
  })),
  heldOnline: invoice.heldOnline.map(({ amountCents, sessionId, receivedAt }) => ({
    amountCents,
    sessionId,
    receivedOn: formatShopDateTime(receivedAt),
  })),
  payments: invoice.payments.map((payment) => ({
    id: payment.id,
    method: payment.method,
    amountCents: payment.amountCents,
    changeCents:
      payment.tenderedCents === null
        ? null
        : (changeDueCents(payment.amountCents, payment.tenderedCents) ?? null),
    reference: payment.reference,
    deposit: payment.deposit,
    receivedOn: formatShopDateTime(payment.receivedAt),
  })),
});
