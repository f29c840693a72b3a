import type { ShopCalendar } from "~/types/shop-calendar";
import { hoursOn } from "~/utils/shop-calendar";
import { formatLongDate } from "~/utils/shop-time";
import { openingHourSlots } from "~/utils/slots";

/*
 * A day of the booking form's time list: the server draws it, and the public pages' script redraws
 * it for another date (app/browser/booking-times.ts), so its texts live here, for both.
 */

/** One listed time of a day: "14:30", "2:30 PM", and whether its slot holds all it can. */
export type DaySlot = { time: string; label: string; full: boolean };

/** A free time on a later day, offered when the chosen day has none: "Mon, Jun 9, 10:00 AM". */
type SlotOffer = { date: string; time: string; label: string };

/**
 * What the booking form lists for a date. `counted` is false when the bookings could not be read
 * (a database outage, or the browser could not reach the server): the day's opening hours are
 * listed then, and the server still checks the slot when the booking is sent. `closed` names why
 * the shop is closed all that day ("Christmas Day", the owner's reason), null on an open day.
 */
export type DayAvailability = {
  date: string;
  dateLabel: string;
  counted: boolean;
  closed: string | null;
  slots: DaySlot[];
  next: SlotOffer[];
};

/** Why the shop is closed all day on `date`, or null. */
export function closedReason(date: string, calendar: ShopCalendar): string | null {
  const day = hoursOn(date, calendar);
  return day.closed ? day.reason : null;
}

/**
 * A day listed by its hours alone (the week's, a statutory holiday, the closures `calendar`
 * holds), its bookings not counted.
 */
export const uncountedDay = (date: string, calendar: ShopCalendar): DayAvailability => ({
  date,
  dateLabel: formatLongDate(date),
  counted: false,
  closed: closedReason(date, calendar),
  slots: openingHourSlots(date, calendar),
  next: [],
});

export const freeSlots = (day: DayAvailability) => day.slots.filter((slot) => !slot.full);

export const slotText = (slot: DaySlot) => (slot.full ? `${slot.label} — full` : slot.label);

export function timePrompt(day: DayAvailability) {
  if (day.closed !== null) return "We're closed on this day";
  return freeSlots(day).length ? "Select a time" : "No free times on this day";
}

export function scheduleNote(day: DayAvailability) {
  if (day.closed !== null) {
    const closed = `We're closed on ${day.dateLabel} (${day.closed}).`;
    return `${closed} ${day.next.length ? "The next free times:" : "Please choose another date."}`;
  }
  if (!day.counted)
    return "We couldn't check which times are already taken; we'll confirm yours when we call.";
  if (freeSlots(day).length) return `Times for ${day.dateLabel}.`;
  return `No free times on ${day.dateLabel}. ${day.next.length ? "The next free times:" : "Please choose another date or call us."}`;
}
