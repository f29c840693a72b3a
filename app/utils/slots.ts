import { timeSlots } from "~/config/shop";
import type { DaySlot } from "~/utils/day-availability";
import { addDays, slotFitsOpeningHours, weekday } from "~/utils/shop-time";

/**
 * Each weekday's listed times that fit inside its opening hours, Sunday first (1 January 2023 was
 * a Sunday). Worked out once: the booking form lists a week of them and checks several days.
 */
const slotsByWeekday = Array.from({ length: 7 }, (_, day) => {
  const date = addDays("2023-01-01", day);
  return timeSlots
    .filter((slot) => slotFitsOpeningHours(date, slot.value))
    .map((slot) => ({ time: slot.value, label: slot.label, full: false }));
});

/**
 * The listed times that fit inside the date's opening hours, whatever the bookings and the clock
 * say.
 */
export const openingHourSlots = (date: string): DaySlot[] =>
  slotsByWeekday[weekday(date)]!.map((slot) => ({ ...slot }));

/** Each weekday's opening-hour slots, Sunday first. */
export const weekOfSlots = () => slotsByWeekday.map((day) => day.map((slot) => ({ ...slot })));
