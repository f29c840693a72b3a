import type { Booking } from "~/types/booking";
import type { OutboxMessage } from "~/types/outbox";
import { statusLabels } from "./booking-status";

type Message = Pick<OutboxMessage, "kind" | "channel" | "dedupeKey" | "bookingId">;
type BookingNow = Pick<Booking, "status" | "reviewOptIn" | "preferredDate" | "preferredTime">;

export const optOutReason = "The customer replied STOP: no texts until they reply START.";

/**
 * The identity of an appointment reminder: it names the day and time it reminds of, so a booking
 * moved to another day gets a reminder of its own and the old one can tell it is out of date.
 */
export const appointmentReminderKey = (
  booking: Pick<Booking, "id" | "preferredDate" | "preferredTime">,
) => `appointment_reminder:${booking.id}:${booking.preferredDate}:${booking.preferredTime}`;

const appointmentInKey = /^appointment_reminder:\d+:(\d{4}-\d{2}-\d{2}):(\d{2}:\d{2})(?::|$)/;

const scheduledKinds = new Set<Message["kind"]>([
  "appointment_reminder",
  "pickup_reminder",
  "review_request",
]);

const now = (booking: BookingNow) => statusLabels[booking.status];

/**
 * Why a message about to go out is no longer true and must not be sent, in staff's words, or
 * null when it still stands. It is decided when a worker takes the message, from the booking as
 * it is then: a reminder is written when it falls due but may wait (quiet hours, retries), and
 * the repair may have moved on meanwhile. Nothing at all is texted to a number that replied STOP.
 * `today` is the shop's date.
 */
export function withdrawalReason(
  message: Message,
  booking: BookingNow | null,
  { optedOut, today }: { optedOut: boolean; today: string },
): string | null {
  if (message.channel === "sms" && optedOut) return optOutReason;
  if (!scheduledKinds.has(message.kind)) return null;
  if (!booking) return "The repair was deleted before this went out.";
  // Each scheduled kind stands only while the booking is as it was when the message fell due.
  switch (message.kind) {
    case "appointment_reminder": {
      if (booking.status === "cancelled") return "The booking was cancelled before this went out.";
      if (booking.status !== "pending")
        return `The repair had already started (now ${now(booking)}) when this was due.`;
      const [, date, time] = appointmentInKey.exec(message.dedupeKey ?? "") ?? [];
      if (date !== booking.preferredDate || time !== booking.preferredTime)
        return "The appointment was moved; the new time gets a reminder of its own.";
      if (booking.preferredDate < today) return "The appointment day had passed when this was due.";
      return null;
    }
    case "pickup_reminder":
      return booking.status === "ready_for_pickup"
        ? null
        : `The repair is no longer ready for pickup (now ${now(booking)}).`;
    case "review_request":
      if (booking.status !== "completed")
        return `The repair is no longer completed (now ${now(booking)}).`;
      return booking.reviewOptIn ? null : "The customer withdrew consent to a review request.";
    default:
      return null;
  }
}
