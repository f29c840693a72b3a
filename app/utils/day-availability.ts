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
 * listed then, and the server still checks the slot when the booking is sent.
 */
export type DayAvailability = {
  date: string;
  dateLabel: string;
  counted: boolean;
  slots: DaySlot[];
  next: SlotOffer[];
};

/** A day listed by its opening hours alone, its bookings not counted. */
export const uncountedDay = (date: string, slots: DaySlot[], dateLabel = ""): DayAvailability => ({
  date,
  dateLabel,
  counted: false,
  slots,
  next: [],
});

/** The date's weekday's slots, out of a week of them (Sunday first). */
export const weekdaySlots = (week: DaySlot[][], date: string) =>
  week[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

export const freeSlots = (day: DayAvailability) => day.slots.filter((slot) => !slot.full);

export const slotText = (slot: DaySlot) => (slot.full ? `${slot.label} — full` : slot.label);

export const timePrompt = (day: DayAvailability) =>
  freeSlots(day).length ? "Select a time" : "No free times on this day";

export function scheduleNote(day: DayAvailability) {
  if (!day.counted)
    return "We couldn't check which times are already taken; we'll confirm yours when we call.";
  if (freeSlots(day).length) return `Times for ${day.dateLabel}.`;
  return `No free times on ${day.dateLabel}. ${day.next.length ? "The next free times:" : "Please choose another date or call us."}`;
}
