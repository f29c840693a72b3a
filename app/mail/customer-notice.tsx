import type { Booking } from "~/types/booking";
import { address, brand, openingHoursText, reviews } from "~/config/shop";
import { trackingUrl } from "~/utils/booking-reference";
import { describeBooking } from "./booking-details";
import type { MailContent } from "./mail-layout";
import { noticeMail } from "./notice-mail";

const track = (booking: Booking, origin: string) => ({
  href: trackingUrl(origin, booking.trackingToken),
  label: "See your repair",
});

/** The evening before an online booking's appointment. */
export function appointmentReminderMail(booking: Booking, origin: string): MailContent {
  const b = describeBooking(booking);
  return noticeMail({
    subject: `Reminder: your ${brand.name} appointment tomorrow (${b.reference})`,
    title: "See you tomorrow",
    intro: `Hi ${booking.firstName}, this is a reminder of your repair appointment tomorrow.`,
    details: [
      ["Repair ID", b.reference],
      ["Appointment", b.appointment],
      ["Where", address.full],
    ],
    // The evening before is when plans change: the page moves or cancels it (decision 0056).
    link: { ...track(booking, origin), label: "See, change or cancel your appointment" },
  });
}

/** A repair waiting in "ready for pickup": after 3 days, then weekly, three at most. */
export function pickupReminderMail(booking: Booking, origin: string): MailContent {
  const b = describeBooking(booking);
  return noticeMail({
    subject: `Your ${brand.name} repair ${b.reference} is waiting for you`,
    title: "Your device is ready for pickup",
    intro: `Hi ${booking.firstName}, your ${b.device || b.category} is repaired and waiting at the counter.`,
    details: [
      ["Repair ID", b.reference],
      ["Where", address.full],
      ...openingHoursText.map((line) => [line.days, line.hours] as const),
    ],
    link: track(booking, origin),
  });
}

/** Two days after completion, only to a customer who ticked the review box. */
export function reviewRequestMail(booking: Booking): MailContent {
  const b = describeBooking(booking);
  return noticeMail({
    subject: `How did we do, ${booking.firstName}?`,
    title: `Thanks for choosing ${brand.name}`,
    intro: `Your repair ${b.reference} is done. If you have a minute, a short review helps a small shop a lot.`,
    details: [],
    link: { href: reviews.href, label: "Leave a review" },
    footnote:
      "You agreed to this one request when you booked. We will not ask again, and you will get no other offers from us.",
  });
}
