import { data } from "react-router";
import { getRepairRequest } from "~/models/booking-changes.server";
import { issuedInvoiceOf, invoiceWithItems, type InvoiceWithItems } from "~/models/invoice.server";
import { invoiceView } from "~/routes/invoice-view.server";
import type { Booking } from "~/types/booking";
import type { ReceiptView } from "~/types/invoice";
import { bookingReference } from "~/utils/booking-reference";
import { deviceName } from "~/utils/booking-description";
import { parseRecordId } from "~/utils/record-id";
import { shopToday } from "~/utils/shop-time";
import { invoiceWarranty } from "~/utils/warranty";
import { deviceWarrantyUntil } from "~/utils/device-warranty";
import { warrantyMonthsOf } from "~/models/stock-sale.server";

const noReceiptMessage = "There is no receipt for this yet: the invoice is not issued.";

/**
 * An issued invoice's receipt, with the repair it is for and the warranty that runs from its date
 * (a counter sale has neither).
 */
async function receiptView(invoice: InvoiceWithItems, booking: Booking | undefined, now: Date) {
  if (!invoice.issuedAt || invoice.status === "draft")
    throw data(noReceiptMessage, { status: 404 });
  const issuedOn = shopToday(invoice.issuedAt);
  const deviceLines = invoice.lines.filter((line) => line.stockDeviceId !== null);
  const months = await warrantyMonthsOf(deviceLines.map((line) => line.stockDeviceId!));
  return {
    invoice: invoiceView(invoice),
    repair: booking
      ? {
          reference: bookingReference(booking.id),
          device: deviceName(booking.deviceBrand, booking.deviceModel) || booking.deviceCategory,
        }
      : null,
    warranty: booking ? invoiceWarranty({ ...invoice, issuedAt: invoice.issuedAt }, now) : null,
    // A device's own warranty runs from the invoice date for the months it was sold with.
    deviceWarranties: deviceLines.flatMap((line) => {
      const n = months.get(line.stockDeviceId!) ?? 0;
      return n
        ? [{ description: line.description, months: n, until: deviceWarrantyUntil(issuedOn, n) }]
        : [];
    }),
  } satisfies ReceiptView;
}

/** The receipt of the repair's issued invoice; 404 while it has none (a void one no longer counts). */
export async function receiptOf(booking: Booking, now = new Date()): Promise<ReceiptView> {
  const issued = await issuedInvoiceOf(booking.id);
  const invoice = issued && (await invoiceWithItems(issued.id));
  if (!invoice) throw data(noReceiptMessage, { status: 404 });
  return receiptView(invoice, booking, now);
}

/** A staff receipt page's data: any issued invoice's receipt, by the invoice's id; else 404. */
export async function staffReceipt(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const invoice = id === undefined ? undefined : await invoiceWithItems(id);
  if (!invoice) throw data("That invoice does not exist.", { status: 404 });
  const booking = invoice.bookingId ? await getRepairRequest(invoice.bookingId) : undefined;
  return { id: invoice.id, receipt: await receiptView(invoice, booking, new Date()) };
}
