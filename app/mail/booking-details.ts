import type { bookings } from "#db/schema";
import { findCategory, timeSlots, urgencies } from "~/config/shop";
import { bookingReference } from "~/lib/booking-reference";
import { formatLongDate } from "~/lib/shop-time";

export type MailBooking = typeof bookings.$inferSelect;

/** The words every booking e-mail uses for the stored values. */
export function describeBooking(booking: MailBooking) {
  return {
    reference: bookingReference(booking.id),
    appointment: `${formatLongDate(booking.preferredDate)} at ${timeSlots.find((s) => s.value === booking.preferredTime)?.label ?? booking.preferredTime}`,
    category: findCategory(booking.deviceCategory)?.title ?? booking.deviceCategory,
    device: [booking.deviceBrand, booking.deviceModel].filter(Boolean).join(" "),
    urgency: urgencies.find((u) => u.value === booking.urgency)?.label ?? booking.urgency,
  };
}
