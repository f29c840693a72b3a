import { data } from "react-router";
import { adminMessages } from "~/content/messages/admin-messages";
import { getRepairRequest } from "~/models/booking-changes.server";
import type { Booking } from "~/types/booking";
import { parseRecordId } from "~/utils/record-id";
import { issuedInvoiceOf, invoiceWithItems } from "~/models/invoice.server";
import { invoiceView } from "~/routes/invoice-view.server";
import type { ReceiptView } from "~/types/invoice";
import { bookingReference } from "~/utils/booking-reference";
import { deviceName } from "~/utils/booking-description";
import { shopToday } from "~/utils/shop-time";
import { warrantyOf } from "~/utils/warranty";

const noReceiptMessage = "There is no receipt for this repair yet.";

/**
 * The receipt of the repair's issued invoice, with the warranty that runs from its date; 404 while
 * the repair has none (a draft is no receipt, a void one no longer counts).
 */
export async function receiptOf(booking: Booking, now = new Date()): Promise<ReceiptView> {
  const issued = await issuedInvoiceOf(booking.id);
  const invoice = issued && (await invoiceWithItems(issued.id));
  if (!invoice?.issuedAt) throw data(noReceiptMessage, { status: 404 });
  return {
    invoice: invoiceView(invoice),
    repair: {
      reference: bookingReference(booking.id),
      device: deviceName(booking.deviceBrand, booking.deviceModel) || booking.deviceCategory,
    },
    warranty: warrantyOf(shopToday(invoice.issuedAt), shopToday(now)),
  };
}

/** A staff receipt page's data: the repair's id and its receipt; 404 without either. */
export async function staffReceipt(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const booking = id === undefined ? undefined : await getRepairRequest(id);
  if (!booking) throw data(adminMessages.bookingNotFound, { status: 404 });
  return { id: booking.id, receipt: await receiptOf(booking) };
}
