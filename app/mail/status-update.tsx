import type { Booking } from "~/types/booking";
import { brand } from "~/config/shop";
import { trackingUrl } from "~/utils/booking-reference";
import { customerStatusLabels } from "~/utils/booking-status";
import { formatLongDate } from "~/utils/shop-time";
import { describeBooking } from "./booking-details";
import type { MailContent } from "./mail-layout";
import { noticeMail } from "./notice-mail";

/** What the customer is told of: a new status, or a new note while the status stays. */
export type StatusNews = "status" | "note";

/**
 * To the customer when staff move the repair to another status, or change only its note, and
 * leave "notify" ticked.
 */
export function statusUpdateMail(
  booking: Booking,
  origin: string,
  news: StatusNews = "status",
): MailContent {
  const b = describeBooking(booking);
  const status = customerStatusLabels[booking.status];
  return noticeMail({
    subject: `${brand.name} repair ${b.reference}: ${news === "note" ? "a note from us" : status}`,
    title: news === "note" ? "A note about your repair" : `Your repair is now: ${status}`,
    intro: `Hi ${booking.firstName}, here is news about your ${b.device || b.category} (${b.reference}).`,
    details: [
      ["Repair ID", b.reference],
      ["Status", status],
      ["Note from us", booking.customerNote],
      [
        "Expected ready",
        booking.expectedDeliveryDate ? formatLongDate(booking.expectedDeliveryDate) : null,
      ],
    ],
    link: {
      href: trackingUrl(origin, booking.trackingToken),
      label: "Track my repair",
      textLabel: "Track your repair (keep this link private)",
    },
  });
}
