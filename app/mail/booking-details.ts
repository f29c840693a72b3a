import type { Booking } from "~/types/booking";
import { findCategory, timeSlots, urgencies } from "~/config/shop";
import { bookingReference } from "~/utils/booking-reference";
import { formatCad } from "~/utils/price";
import { formatLongDate, minutesOf } from "~/utils/shop-time";

/** "14:05" → "2:05 PM": a walk-in's drop-off time is any minute, not one of the slots. */
function clockLabel(time: string): string {
  const minutes = minutesOf(time);
  const h24 = Math.floor(minutes / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(minutes % 60).padStart(2, "0")} ${h24 < 12 ? "AM" : "PM"}`;
}

/** "$129.00", or "To be quoted" while the shop has not named a price. */
const quoteText = (quotedPrice: string | null) =>
  quotedPrice === null ? "To be quoted" : formatCad(quotedPrice);

/** The words every booking e-mail (and the printed intake ticket) uses for the stored values. */
export function describeBooking(booking: Booking) {
  const time =
    timeSlots.find((s) => s.value === booking.preferredTime)?.label ??
    clockLabel(booking.preferredTime);
  return {
    reference: bookingReference(booking.id),
    walkIn: booking.source === "walk_in",
    /** An online booking's appointment, or when a walk-in was dropped off at the counter. */
    appointment: `${formatLongDate(booking.preferredDate)} at ${time}`,
    category: findCategory(booking.deviceCategory)?.title ?? booking.deviceCategory,
    device: [booking.deviceBrand, booking.deviceModel].filter(Boolean).join(" "),
    urgency: urgencies.find((u) => u.value === booking.urgency)?.label ?? booking.urgency,
    quote: quoteText(booking.quotedPrice),
    expectedDelivery: booking.expectedDeliveryDate
      ? formatLongDate(booking.expectedDeliveryDate)
      : undefined,
  };
}
