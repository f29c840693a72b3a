import { timeSlots } from "~/config/shop";
import { addDays, slotFitsOpeningHours, weekday } from "~/utils/shop-time";

/** One listed time of a day: "14:30", "2:30 PM", and whether its slot holds all it can. */
export type DaySlot = { time: string; label: string; full: boolean };

/** A free time on a later day, offered when the chosen day has none: "Mon, Jun 9, 10:00 AM". */
type SlotOffer = { date: string; time: string; label: string };

/**
 * What the booking form lists for a date. `counted` is false when the bookings could not be read
 * (a database outage, or the browser could not reach the server): the day's opening hours are
 * listed then, and the server still checks the slot when the booking is sent.
 */
export type DayAvailability = {
  date: string;
  dateLabel: string;
  counted: boolean;
  slots: DaySlot[];
  next: SlotOffer[];
};

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

/** A day listed by its opening hours alone, its bookings not counted. */
export const uncountedDay = (date: string, slots: DaySlot[], dateLabel = ""): DayAvailability => ({
  date,
  dateLabel,
  counted: false,
  slots,
  next: [],
});
