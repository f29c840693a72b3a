import { timeSlots } from "~/config/shop";
import type { ShopCalendar } from "~/types/shop-calendar";
import type { DaySlot } from "~/utils/day-availability";
import { hoursOn, slotFits } from "~/utils/shop-calendar";

/**
 * The listed times that fit inside the date's hours (the week's, a statutory holiday's or the
 * owner's, decision 0054), whatever the bookings and the clock say.
 */
export function openingHourSlots(date: string, calendar: ShopCalendar): DaySlot[] {
  const day = hoursOn(date, calendar);
  return timeSlots
    .filter((slot) => slotFits(day, slot.value))
    .map((slot) => ({ time: slot.value, label: slot.label, full: false }));
}
