import type { Booking } from "~/models/booking.server";

import { formatShopDateTime } from "~/utils/shop-time";

import { describeBooking } from "./booking-details";
import {
  Button,
  Details,
  mailHtml,
  mailText,
  Paragraph,
  textDetails,
  type MailContent,
} from "./mail-layout";

/**
 * To the shop for every new booking. The subject carries no customer data: it is the one part
 * of a message the logs may show.
 */
export function bookingAlertMail(booking: Booking, origin: string): MailContent {
  const b = describeBooking(booking);
  const adminUrl = `${origin}/admin/repairs/${booking.id}`;
  const title = `New booking ${b.reference}`;
  const details = [
    ["Reference", b.reference],
    ["Name", `${booking.firstName} ${booking.lastName}`],
    ["E-mail", booking.email],
    ["Phone", booking.phone],
    ["Appointment", b.appointment],
    ["Urgency", b.urgency],
    ["Category", b.category],
    ["Device", b.device],
    ["Issue", booking.issueType],
    ["Description", booking.issueDescription],
    ["Submitted", formatShopDateTime(booking.createdAt)],
  ] as const;
  const promise =
    "We promise to contact the customer within an hour. Reply to this e-mail to write to them.";

  return {
    subject: `New booking ${b.reference} (${b.urgency}) for ${b.appointment}`,
    html: mailHtml(
      title,
      <>
        <Paragraph>{promise}</Paragraph>
        <Details rows={details} />
        <Button href={adminUrl}>Open in admin</Button>
      </>,
    ),
    text: mailText([title, promise, textDetails(details), `Open in admin: ${adminUrl}`]),
  };
}
