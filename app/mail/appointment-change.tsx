import type { Booking } from "~/types/booking";
import { address, brand, contact } from "~/config/shop";
import { trackingUrl } from "~/utils/booking-reference";
import { appointmentShort } from "~/utils/appointment-change";
import { formatClockTime, formatLongDate } from "~/utils/shop-time";
import { describeBooking } from "./booking-details";
import type { MailContent } from "./mail-layout";
import { noticeMail } from "./notice-mail";
import { staffAlertMail } from "./staff-alert";

/** What the customer did online: moved the appointment from `from`, or cancelled it. */
export type AppointmentChange =
  { kind: "moved"; from: Pick<Booking, "preferredDate" | "preferredTime"> } | { kind: "cancelled" };

const longFrom = ({
  preferredDate,
  preferredTime,
}: Pick<Booking, "preferredDate" | "preferredTime">) =>
  `${formatLongDate(preferredDate)} at ${formatClockTime(preferredTime)}`;

const callUs = `Questions? Call us at ${contact.phone.display}.`;

/**
 * To the customer who moved or cancelled their appointment online, with the calendar file that
 * updates it (app/utils/calendar.ts), sent by the channels they chose.
 */
export function appointmentChangeMail(
  booking: Booking,
  change: AppointmentChange,
  origin: string,
): MailContent {
  const b = describeBooking(booking);
  if (change.kind === "cancelled")
    return noticeMail({
      subject: `Your ${brand.name} booking ${b.reference} is cancelled`,
      title: "Your booking is cancelled",
      intro: `Hi ${booking.firstName}, as you asked, we have cancelled your appointment. The attached calendar file takes it out of your calendar.`,
      details: [
        ["Reference", b.reference],
        ["Cancelled appointment", b.appointment],
      ],
      link: { href: `${origin}/book-appointment`, label: "Book another time" },
      footnote: callUs,
    });
  return noticeMail({
    subject: `Your ${brand.name} appointment ${b.reference} is moved`,
    title: "Your appointment is moved",
    intro: `Hi ${booking.firstName}, your appointment is now ${b.appointment}. The attached calendar file moves it in your calendar.`,
    details: [
      ["Reference", b.reference],
      ["Appointment", b.appointment],
      ["Was", longFrom(change.from)],
      ["Where", address.full],
    ],
    link: {
      href: trackingUrl(origin, booking.trackingToken),
      label: "See or change your booking",
      textLabel: "See or change your booking (keep this link private)",
    },
    footnote: callUs,
  });
}

/** To the shop: a customer moved or cancelled their appointment online. No customer data in the subject. */
export function appointmentChangeAlertMail(
  booking: Booking,
  change: AppointmentChange,
  origin: string,
): MailContent {
  const b = describeBooking(booking);
  const now = appointmentShort(booking.preferredDate, booking.preferredTime);
  const title =
    change.kind === "moved"
      ? `Booking ${b.reference} moved to ${now}`
      : `Booking ${b.reference} cancelled by the customer`;
  return staffAlertMail({
    subject: title,
    title,
    promise:
      change.kind === "moved"
        ? `The customer moved their appointment online, from ${appointmentShort(change.from.preferredDate, change.from.preferredTime)} to ${now}.`
        : `The customer cancelled their appointment of ${now} online. The time is free again.`,
    details: [
      ["Reference", b.reference],
      ["Name", `${booking.firstName} ${booking.lastName}`],
      ["Phone", booking.phone],
      ["E-mail", booking.email],
      [change.kind === "moved" ? "Appointment" : "Cancelled appointment", b.appointment],
      ...(change.kind === "moved" ? [["Was", longFrom(change.from)] as const] : []),
      ["Device", [b.category, b.device].filter(Boolean).join(" — ")],
      ["Issue", booking.issueType],
    ],
    link: { label: "Open in admin", href: `${origin}/admin/repairs/${booking.id}` },
  });
}
