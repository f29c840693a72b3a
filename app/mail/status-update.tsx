import type { Booking } from "~/models/booking.server";

import { brand } from "~/config/shop";

import { trackingUrl } from "~/utils/booking-reference";

import { statusLabels } from "~/utils/booking-status";

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

/** To the customer when staff move the repair to another status (and leave "notify" ticked). */
export function statusUpdateMail(booking: Booking, origin: string): MailContent {
  const b = describeBooking(booking);
  const status = statusLabels[booking.status];
  const link = trackingUrl(origin, booking.trackingToken);
  const title = `Your repair is now: ${status}`;
  const intro = `Hi ${booking.firstName}, here is news about your ${b.device || b.category} (${b.reference}).`;
  const details = [
    ["Reference", b.reference],
    ["Status", status],
    ["Note from us", booking.customerNote],
    [
      "Expected ready",
      booking.expectedDeliveryDate ? formatLongDate(booking.expectedDeliveryDate) : null,
    ],
  ] as const;

  return {
    subject: `${brand.name} repair ${b.reference}: ${status}`,
    html: mailHtml(
      title,
      <>
        <Paragraph>{intro}</Paragraph>
        <Details rows={details} />
        <Button href={link}>Track my repair</Button>
        <PlainLink href={link} />
      </>,
    ),
    text: mailText([
      title,
      intro,
      textDetails(details),
      `Track your repair (keep this link private):\n${link}`,
    ]),
  };
}
