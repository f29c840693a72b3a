import { eq } from "drizzle-orm";
import { bookings } from "#db/schema";
import { bookingTexts } from "~/mail/sms-content.server";
import { receiptMail } from "~/mail/receipt-mail";
import { recordAudit } from "~/models/audit.server";
import { invoiceLabel, InvoiceRefused, lockedInvoice } from "~/models/invoice.server";
import {
  customerChannels,
  queueCustomerNotice,
  wakeMailWorker,
} from "~/models/outbox-message.server";
import { database } from "~/server/db.server";
import { bookingReference } from "~/utils/booking-reference";
import { formatCents } from "~/utils/invoice-totals";
import { formatCalendarDate } from "~/utils/shop-time";
import { invoiceWarranty } from "~/utils/warranty";

/**
 * Sends the customer a link to their receipt by the channels they chose. Queued once per state of
 * the invoice: pressing Send again before anything changed sends nothing more. The channels it
 * went by; refused for a draft, a void invoice or a counter sale with no repair to link through.
 */
export async function sendReceipt(invoiceId: number, staffId: number, origin: string) {
  const db = await database();
  const sent = await db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, invoiceId);
    if (!invoice) return undefined;
    if (invoice.status !== "issued" || !invoice.issuedAt || invoice.number === null)
      throw new InvoiceRefused(
        `${invoiceLabel(invoice)} is not issued: there is no receipt to send.`,
      );
    const [booking] = invoice.bookingId
      ? await tx.select().from(bookings).where(eq(bookings.id, invoice.bookingId))
      : [];
    if (!booking) throw new InvoiceRefused("Only a repair's receipt can be sent.");
    const channels = customerChannels(booking);
    const until = formatCalendarDate(
      invoiceWarranty({ ...invoice, issuedAt: invoice.issuedAt }).until,
    );
    const queued = await queueCustomerNotice(tx, booking, {
      kind: "receipt",
      mail: () =>
        receiptMail(booking, { ...invoice, number: invoice.number!, warrantyUntil: until }, origin),
      text: () =>
        bookingTexts.receipt(
          booking,
          origin,
          `invoice ${invoice.number}, ${formatCents(invoice.totalCents)}`,
        ),
      dedupeKey: `receipt:${invoice.id}:${invoice.version}`,
    });
    if (!queued)
      throw new InvoiceRefused("The customer has no e-mail address or phone to send it to.");
    await recordAudit(tx, staffId, {
      action: "invoice.receipt",
      entity: "invoice",
      entityId: invoice.id,
      summary: `Invoice ${invoice.number} (${bookingReference(booking.id)}): receipt sent`,
    });
    return [channels.email && "e-mail", channels.sms && "text"].filter(Boolean).join(" and ");
  });
  if (sent) wakeMailWorker();
  return sent;
}
