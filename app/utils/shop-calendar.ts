import { booking, openingHours } from "~/config/shop";
import type { PageCalendar, ShopCalendar } from "~/types/shop-calendar";
import { formatClock } from "~/utils/clock";
import { holidayLabel, holidayOn } from "~/utils/ontario-holidays";
import { addDays, formatCalendarDate, minutesOf, shopClock, weekday } from "~/utils/shop-time";

/*
 * The shop's hours on any date (decision 0054): the owner's exceptions first (a closure, or a
 * date's special hours, which is also how a statutory holiday is opened), then Ontario's statutory
 * holidays, closed, then the week's hours. Pages, the booking rules and the public pages' script
 * all ask here, so they never disagree.
 */

/** The id of a public page's calendar data (components/layout/page-calendar-data.tsx), for its script. */
export const pageCalendarId = "page-calendar";

export type DayHours =
  | {
      date: string;
      closed: false;
      open: number;
      close: number;
      /** Set by the owner for this date, not the week's. */
      special: boolean;
      reason: string | null;
    }
  | {
      date: string;
      closed: true;
      /** As customers read it: "Renovation", "Christmas Day", "Boxing Day, observed". */
      reason: string;
      /** The holiday's own name when the day is one or its observed day ("Boxing Day"). */
      holiday?: string;
    };

export function hoursOn(date: string, calendar: ShopCalendar): DayHours {
  const set = calendar.find((exception) => exception.from <= date && date <= exception.to);
  const holiday = holidayOn(date);
  if (set?.hours)
    return {
      date,
      closed: false,
      ...set.hours,
      special: true,
      reason: set.reason ?? (holiday ? holidayLabel(holiday) : null),
    };
  if (set) return { date, closed: true, reason: set.reason ?? "Closed" };
  if (holiday) return { date, closed: true, reason: holidayLabel(holiday), holiday: holiday.name };
  const week = openingHours[weekday(date)]!;
  return { date, closed: false, open: week.open, close: week.close, special: false, reason: null };
}

/** Hours as every page writes them: "10:00 AM - 8:00 PM". */
export const hoursText = (open: number, close: number) =>
  `${formatClock(open)} - ${formatClock(close)}`;

/** A listed time ("14:30") starts at opening or later and its slot ends by closing time. */
export const slotFits = (day: DayHours, time: string) =>
  !day.closed &&
  minutesOf(time) >= day.open &&
  minutesOf(time) + booking.slotLengthMinutes <= day.close;

/** The refusal of a booking on a closed day, naming why. */
export const closedDayMessage = (day: DayHours & { closed: true }) =>
  `We're closed on ${formatCalendarDate(day.date, "weekdayLong")} (${day.reason}). Please choose another day.`;

/** "tomorrow at 10:00 AM", "Sun, Dec 27 at 11:00 AM": the first opening after `date`, if known. */
function nextOpening(date: string, calendar: PageCalendar): string | undefined {
  for (let day = addDays(date, 1); day <= calendar.until; day = addDays(day, 1)) {
    const hours = hoursOn(day, calendar.exceptions);
    if (hours.closed) continue;
    const when = day === addDays(date, 1) ? "tomorrow" : formatCalendarDate(day, "weekdayShort");
    return `${when} at ${formatClock(hours.open)}`;
  }
  return undefined;
}

/** "Closed today (Christmas Day) · opens Sun, Dec 27 at 11:00 AM" */
function closedToday(day: DayHours & { closed: true }, calendar: PageCalendar) {
  const opens = nextOpening(day.date, calendar);
  return `Closed today (${day.reason})${opens ? ` · opens ${opens}` : ""}`;
}

/**
 * What the shop's day is, true from its first minute to its last: the text a page drawn that day
 * shows without JavaScript (the page cache keeps no page past the shop's midnight).
 */
export function todayText(calendar: PageCalendar): string {
  const day = hoursOn(calendar.today, calendar.exceptions);
  if (day.closed) return closedToday(day, calendar);
  return `Open today ${hoursText(day.open, day.close)}${day.reason ? ` (${day.reason})` : ""}`;
}

/**
 * Whether the shop is open at `now` and until when, or when it opens next: "Open now · closes
 * 8:00 PM". Undefined when `now` is a day the calendar does not cover (a page kept for weeks).
 */
export function openNowText(now: Date, calendar: PageCalendar): string | undefined {
  const { today, minutes } = shopClock(now, calendar.offsets);
  if (today < calendar.today || today > calendar.until) return undefined;
  const day = hoursOn(today, calendar.exceptions);
  const current = { ...calendar, today };
  if (day.closed) return closedToday(day, current);
  if (minutes >= day.open && minutes < day.close)
    return `Open now · closes ${formatClock(day.close)}`;
  if (minutes < day.open) return `Closed now · opens ${formatClock(day.open)}`;
  const opens = nextOpening(today, current);
  return `Closed now${opens ? ` · opens ${opens}` : ""}`;
}

/** Consecutive days the shop is closed, or one day of special hours. */
export type CalendarRun =
  | { from: string; to: string; closed: true; reasons: string[] }
  | { from: string; to: string; closed: false; open: number; close: number; reason: string | null };

/**
 * The days from `from` to `to` that differ from the week's hours, consecutive closed days as one
 * run. A run names each reason once, and a holiday's observed day under the holiday when both are
 * in it (Christmas on a Saturday: "Dec 25–28", Christmas Day and Boxing Day).
 */
export function calendarRuns(from: string, to: string, calendar: ShopCalendar): CalendarRun[] {
  const runs: CalendarRun[] = [];
  const named: Set<string>[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = hoursOn(date, calendar);
    const last = runs.at(-1);
    if (!day.closed) {
      if (day.special)
        runs.push({
          from: date,
          to: date,
          closed: false,
          open: day.open,
          close: day.close,
          reason: day.reason,
        });
      continue;
    }
    const key = day.holiday ?? day.reason;
    if (last?.closed && last.to === addDays(date, -1)) {
      last.to = date;
      if (!named.at(-1)!.has(key)) last.reasons.push(day.reason);
      named.at(-1)!.add(key);
    } else {
      runs.push({ from: date, to: date, closed: true, reasons: [day.reason] });
      named.push(new Set([key]));
    }
  }
  return runs;
}

/** "Dec 25", "Dec 25 and 26", "Dec 24–28", "Dec 31 and Jan 1", "Dec 30 – Jan 2". */
export function daysText(from: string, to: string): string {
  const first = formatCalendarDate(from, "short");
  if (from === to) return first;
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  const last = sameMonth ? String(Number(to.slice(8))) : formatCalendarDate(to, "short");
  if (addDays(from, 1) === to) return `${first} and ${last}`;
  return sameMonth ? `${first}–${last}` : `${first} – ${last}`;
}

/** How far ahead the pages that show the hours name the days that differ. */
const noticeDays = 30;

/** A day or days that differ from the week, as the pages list them: "Dec 25 and 26: Closed". */
export type HoursNotice = { days: string; hours: string; reason: string | null };

export function hoursNotices(calendar: PageCalendar, days = noticeDays): HoursNotice[] {
  const last = [addDays(calendar.today, days), calendar.until].sort()[0]!;
  return calendarRuns(calendar.today, last, calendar.exceptions).map((run) => ({
    days: daysText(run.from, run.to),
    hours: run.closed ? "Closed" : hoursText(run.open, run.close),
    reason: run.closed ? run.reasons.join(", ") : run.reason,
  }));
}
