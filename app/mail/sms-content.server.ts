import type { Booking } from "~/types/booking";
import { address, brand, reviews } from "~/config/shop";
import { formatCalendarDate, formatClockTime } from "~/utils/shop-time";
import { bookingReference, trackingUrl } from "~/utils/booking-reference";
import { customerStatusLabels } from "~/utils/booking-status";
import type { OutboxMessage } from "~/types/outbox";
import { bookingFromFacts, confirmedAtOnceIn } from "~/mail/outbox-content.server";
import { contactPromise } from "~/content/messages/booking-messages";
import type { StatusNews } from "~/mail/status-update";

type TextBooking = Pick<
  Booking,
  "id" | "trackingToken" | "preferredDate" | "preferredTime" | "status"
>;

/**
 * Two SMS segments. Texts name the shop, the repair's reference and the secret tracking link, and
 * nothing else about the customer: a phone's lock screen shows them to whoever holds it.
 */
export const maxTextLength = 320;

const appointmentWords = (b: TextBooking) =>
  `${formatCalendarDate(b.preferredDate, "weekdayShort")} at ${formatClockTime(b.preferredTime)}`;

/** "WeFix: …", cut to the limit should staff-typed words make it too long. */
export function shopText(...parts: string[]): string {
  const text = `${brand.name}: ${parts.join(" ")}`;
  return text.length <= maxTextLength ? text : `${text.slice(0, maxTextLength - 1)}…`;
}

const link = (b: TextBooking, origin: string) => trackingUrl(origin, b.trackingToken);

/** What each kind of text about a booking says. */
export const bookingTexts = {
  booking_confirmation: (b: TextBooking, origin: string, confirmedAtOnce = false) =>
    shopText(
      confirmedAtOnce
        ? `booking ${bookingReference(b.id)} confirmed for ${appointmentWords(b)}. Track, change or cancel it: ${link(b, origin)} Reply STOP to stop texts.`
        : `booking ${bookingReference(b.id)} received for ${appointmentWords(b)}. We'll contact you ${contactPromise} to confirm. Track, change or cancel it: ${link(b, origin)} Reply STOP to stop texts.`,
    ),
  walk_in_confirmation: (b: TextBooking, origin: string) =>
    shopText(
      `we have your device, repair ${bookingReference(b.id)}. Track it: ${link(b, origin)} Reply STOP to stop texts.`,
    ),
  status_update: (b: TextBooking, origin: string, news: StatusNews = "status") =>
    shopText(
      news === "note"
        ? `a new note on repair ${bookingReference(b.id)} (${customerStatusLabels[b.status]}). Details: ${link(b, origin)}`
        : `repair ${bookingReference(b.id)} is now ${customerStatusLabels[b.status]}. Details: ${link(b, origin)}`,
    ),
  appointment_reminder: (b: TextBooking, origin: string) =>
    shopText(
      `reminder of your appointment ${bookingReference(b.id)} tomorrow, ${appointmentWords(b)}, ${address.street}. Details, change or cancel: ${link(b, origin)}`,
    ),
  pickup_reminder: (b: TextBooking, origin: string) =>
    shopText(
      `repair ${bookingReference(b.id)} is ready for pickup. Hours and details: ${link(b, origin)}`,
    ),
  quote: (b: TextBooking, origin: string, amount: string) =>
    shopText(
      `a quote for repair ${bookingReference(b.id)} is ready: ${amount}. Approve or decline: ${link(b, origin)}`,
    ),
  booking_change: (b: TextBooking, origin: string) =>
    shopText(
      b.status === "cancelled"
        ? `booking ${bookingReference(b.id)} is cancelled, as you asked. Details: ${link(b, origin)}`
        : `booking ${bookingReference(b.id)} moved to ${appointmentWords(b)}. Details or changes: ${link(b, origin)}`,
    ),
  receipt: (b: TextBooking, origin: string, invoice: string) =>
    shopText(
      `your receipt for repair ${bookingReference(b.id)} (${invoice}), with your warranty: ${link(b, origin)}/receipt`,
    ),
  review_request: (b: TextBooking) =>
    shopText(
      `thank you for choosing us for ${bookingReference(b.id)}. A short review helps a small shop a lot: ${reviews.href} Reply STOP to stop texts.`,
    ),
} as const;

/** A queued text's words: stored, or written now from the booking it was queued with. */
export function textOf(row: OutboxMessage): string {
  if (row.textBody !== null) return row.textBody;
  if (row.kind === "booking_confirmation" && row.facts && row.origin)
    return bookingTexts.booking_confirmation(
      bookingFromFacts(row.facts),
      row.origin,
      confirmedAtOnceIn(row.facts),
    );
  throw new Error(`outbox row ${row.id} has no text to send`);
}
