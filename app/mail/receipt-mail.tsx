import type { Booking } from "~/types/booking";
import { brand } from "~/config/shop";
import { trackingUrl } from "~/utils/booking-reference";
import { balanceCents, formatCents } from "~/utils/invoice-totals";
import { describeBooking } from "./booking-details";
import type { MailContent } from "./mail-layout";
import { noticeMail } from "./notice-mail";

type MailInvoice = {
  number: number;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  warrantyUntil: string;
};

/** To the customer: their receipt and warranty, behind the repair's secret tracking link. */
export function receiptMail(booking: Booking, invoice: MailInvoice, origin: string): MailContent {
  const b = describeBooking(booking);
  const balance = balanceCents(invoice.totalCents, [invoice.paidCents, invoice.creditedCents]);
  return noticeMail({
    subject: `${brand.name} receipt for ${b.reference}: invoice ${invoice.number}`,
    title: "Your receipt",
    intro: `Hi ${booking.firstName}, thank you for choosing ${brand.name}. Your receipt for repair ${b.reference} is on your repair's page; keep it for your warranty.`,
    details: [
      ["Repair ID", b.reference],
      ["Invoice", String(invoice.number)],
      ["Total", formatCents(invoice.totalCents)],
      [
        balance > 0 ? "Balance due" : "Paid",
        formatCents(balance > 0 ? balance : invoice.paidCents),
      ],
      ["Warranty until", invoice.warrantyUntil],
    ],
    link: {
      href: `${trackingUrl(origin, booking.trackingToken)}/receipt`,
      label: "View your receipt",
      textLabel: "View your receipt (keep this link private)",
    },
  });
}
