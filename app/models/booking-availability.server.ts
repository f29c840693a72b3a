import { count, gte } from "drizzle-orm";
import { booking } from "~/config/shop";
import { slotPlaces } from "~/models/booking-slot.server";
import { slotCapacitySql } from "~/models/shop-settings.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { database } from "~/server/db.server";
import { addDays, formatCalendarDate, formatLongDate, shopToday } from "~/utils/shop-time";
import { calendarBetween } from "~/models/shop-calendar.server";
import type { ShopCalendar } from "~/types/shop-calendar";
import { bookableSlots } from "~/utils/slot-rules";
import { closedReason, uncountedDay, type DayAvailability } from "~/utils/day-availability";

/** How far past the chosen day the form looks for free times to offer, and how many it offers. */
const lookAheadDays = 7;
const offerCount = 3;

const slotKey = (date: string, time: string) => `${date} ${time}`;

/**
 * The slots from `from` to `to` (dates, inclusive) that hold as many bookings and drop-offs as
 * they can, counted as `createBooking` counts before it refuses one: one query, read off the slot
 * indexes, returning only the full slots.
 */
async function fullSlots(from: string, to: string): Promise<Set<string>> {
  const db = await database();
  const places = slotPlaces(db, { from, to });
  const rows = await db
    .select({ date: places.date, time: places.time })
    .from(places)
    .groupBy(places.date, places.time)
    .having(gte(count(), slotCapacitySql()));
  return new Set(rows.map((row) => slotKey(row.date, row.time)));
}

function datesFrom(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * The times the booking form lists for `date`: the day's bookable slots, full ones marked, and
 * when none is free (the shop closed that day, decision 0054, or every time taken), the next free
 * times on the following days. Without a date, the first day with a free time (today while it
 * has one). A database that does not answer leaves the form usable: the day's hours are listed
 * uncounted (statutory holidays closed, the owner's exceptions unread), and the booking itself is
 * refused then.
 */
export async function dayAvailability(date?: string, now = new Date()): Promise<DayAvailability> {
  const today = shopToday(now);
  const first = date && date > today ? date : today;
  const last = [addDays(first, lookAheadDays), addDays(today, booking.maxDaysAhead)].sort()[0]!;
  const dates = datesFrom(first, last);
  let full: Set<string>;
  let calendar: ShopCalendar;
  try {
    const db = await database();
    [full, calendar] = dates.length
      ? await Promise.all([fullSlots(first, last), calendarBetween(first, last, db)])
      : [new Set<string>(), []];
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return uncountedDay(date ?? today, []);
  }
  const freeOn = (day: string) =>
    bookableSlots(day, calendar, now).filter((slot) => !full.has(slotKey(day, slot.time)));
  const chosen = date ?? dates.find((day) => freeOn(day).length) ?? today;
  const slots = bookableSlots(chosen, calendar, now).map((slot) => ({
    ...slot,
    full: full.has(slotKey(chosen, slot.time)),
  }));
  const next = slots.some((slot) => !slot.full)
    ? []
    : dates
        .filter((day) => day > chosen)
        .flatMap((day) =>
          freeOn(day).map((slot) => ({
            date: day,
            time: slot.time,
            label: `${formatCalendarDate(day, "weekdayShort")}, ${slot.label}`,
          })),
        )
        .slice(0, offerCount);
  return {
    date: chosen,
    dateLabel: formatLongDate(chosen),
    counted: true,
    // A day outside the window lists nothing, but is not the shop's closed day.
    closed: chosen >= first && chosen <= last ? closedReason(chosen, calendar) : null,
    slots,
    next,
  };
}
