import type { Booking } from "~/models/booking.server";

import { brand } from "~/config/shop";

import { trackingUrl } from "~/utils/booking-reference";
import { formatCad } from "~/utils/price";

import { formatLongDate } from "~/utils/shop-time";

import { describeBooking } from "./booking-details";
import {
  Button,
  Details,
  mailHtml,
  mailText,
  Paragraph,
  PlainLink,
  textDetails,
  type MailContent,
} from "./mail-layout";

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
  const link = trackingUrl(origin, booking.trackingToken);
  const title = "Your repair quote";
  const intro = `Hi ${booking.firstName}, here is our quote for your repair ${b.reference}. Please approve or decline it on your repair's page.`;
  const details = [
    ["Reference", b.reference],
    ["Price", quoteAmount(quote.amount)],
    ["Covers", quote.covers],
    ["Valid until", formatLongDate(quote.validUntil)],
  ] as const;
  return {
    subject: `${brand.name} quote for ${b.reference}: ${formatCad(quote.amount)}`,
    html: mailHtml(
      title,
      <>
        <Paragraph>{intro}</Paragraph>
        <Details rows={details} />
        <Button href={link}>Approve or decline</Button>
        <PlainLink href={link} />
      </>,
    ),
    text: mailText([
      title,
      intro,
      textDetails(details),
      `Approve or decline (keep this link private):\n${link}`,
    ]),
  };
}

/** To the shop: the customer answered a quote. */
export function quoteAnswerMail(booking: Booking, quote: MailQuote, origin: string): MailContent {
  const b = describeBooking(booking);
  const answer = quote.status === "approved" ? "approved" : "declined";
  const link = `${origin}/admin/repairs/${booking.id}`;
  const title = `Quote ${answer}: ${b.reference}`;
  const details = [
    ["Reference", b.reference],
    ["Customer", `${booking.firstName} ${booking.lastName}`],
    ["Price", quoteAmount(quote.amount)],
    ["Covers", quote.covers],
  ] as const;
  return {
    subject: title,
    html: mailHtml(
      title,
      <>
        <Paragraph>{`The customer ${answer} the quote for ${b.reference}.`}</Paragraph>
        <Details rows={details} />
        <Button href={link}>Open the repair</Button>
      </>,
    ),
    text: mailText([
      title,
      `The customer ${answer} the quote for ${b.reference}.`,
      textDetails(details),
      `Open the repair:\n${link}`,
    ]),
  };
}
