import { deviceName } from "~/utils/booking-description";
import type { Booking } from "~/types/booking";
import { findCategory, urgencies } from "~/config/shop";
import { bookingReference } from "~/utils/booking-reference";
import { formatCad } from "~/utils/price";
import { formatClockTime, formatLongDate } from "~/utils/shop-time";

/** "$129.00", or "To be quoted" while the shop has not named a price. */
const quoteText = (quotedPrice: string | null) =>
  quotedPrice === null ? "To be quoted" : formatCad(quotedPrice);

/** The words every booking e-mail (and the printed intake ticket) uses for the stored values. */
export function describeBooking(booking: Booking) {
  const time = formatClockTime(booking.preferredTime);
  return {
    reference: bookingReference(booking.id),
    walkIn: booking.source === "walk_in",
    /** An online booking's appointment, or when a walk-in was dropped off at the counter. */
    appointment: `${formatLongDate(booking.preferredDate)} at ${time}`,
    category: findCategory(booking.deviceCategory)?.title ?? booking.deviceCategory,
    device: deviceName(booking.deviceBrand, booking.deviceModel),
    urgency: urgencies.find((u) => u.value === booking.urgency)?.label ?? booking.urgency,
    quote: quoteText(booking.quotedPrice),
    expectedDelivery: booking.expectedDeliveryDate
      ? formatLongDate(booking.expectedDeliveryDate)
      : undefined,
  };
}
