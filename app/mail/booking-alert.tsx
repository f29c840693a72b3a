import type { Booking } from "~/types/booking";

import { formatShopDateTime } from "~/utils/shop-time";

import { describeBooking } from "./booking-details";
import type { MailContent } from "./mail-layout";
import { staffAlertMail } from "./staff-alert";

/** To the shop for every new booking; the subject carries no customer data. */
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
  return staffAlertMail({
    subject: `New booking ${b.reference} (${b.urgency}) for ${b.appointment}`,
    title,
    promise:
      "We promise to contact the customer within an hour. Reply to this e-mail to write to them.",
    details,
    link: { label: "Open in admin", href: adminUrl },
  });
}
