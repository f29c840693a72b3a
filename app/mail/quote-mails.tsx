import type { Booking } from "~/types/booking";
import { brand } from "~/config/shop";
import { trackingUrl } from "~/utils/booking-reference";
import { statusLabels } from "~/utils/booking-status";
import { formatCad } from "~/utils/price";
import { formatLongDate } from "~/utils/shop-time";
import { describeBooking } from "./booking-details";
import type { MailContent } from "./mail-layout";
import { noticeMail } from "./notice-mail";

export type MailQuote = {
  amount: string;
  covers: string;
  validUntil: string;
  status: "pending" | "approved" | "declined";
};

/** "$129.00 before tax" */
export const quoteAmount = (amount: string) => `${formatCad(amount)} before tax`;

/** To the customer: the quote, and the tracking page where they approve or decline it. */
export function quoteMail(booking: Booking, quote: MailQuote, origin: string): MailContent {
  const b = describeBooking(booking);
  return noticeMail({
    subject: `${brand.name} quote for ${b.reference}: ${formatCad(quote.amount)}`,
    title: "Your repair quote",
    intro: `Hi ${booking.firstName}, here is our quote for your repair ${b.reference}. Please approve or decline it on your repair's page.`,
    details: [
      ["Repair ID", b.reference],
      ["Price", quoteAmount(quote.amount)],
      ["Covers", quote.covers],
      ["Valid until", formatLongDate(quote.validUntil)],
    ],
    link: {
      href: trackingUrl(origin, booking.trackingToken),
      label: "Approve or decline",
      textLabel: "Approve or decline (keep this link private)",
    },
  });
}

/** To the shop: the customer answered a quote. */
export function quoteAnswerMail(booking: Booking, quote: MailQuote, origin: string): MailContent {
  const b = describeBooking(booking);
  const answer = quote.status === "approved" ? "approved" : "declined";
  const title = `Quote ${answer}: ${b.reference}`;
  return noticeMail({
    subject: title,
    title,
    intro: `The customer ${answer} the quote for ${b.reference}.`,
    details: [
      ["Repair ID", b.reference],
      ["Customer", `${booking.firstName} ${booking.lastName}`],
      ["Price", quoteAmount(quote.amount)],
      ["Covers", quote.covers],
      // An approval leaves the status to staff unless the shop chose otherwise.
      ["Repair status", statusLabels[booking.status]],
    ],
    link: {
      href: `${origin}/admin/repairs/${booking.id}`,
      label: "Open the repair",
      written: false,
    },
  });
}
