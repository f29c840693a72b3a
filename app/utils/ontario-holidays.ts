import { addDays, weekday } from "~/utils/shop-time";

/**
 * A day the shop closes for a statutory holiday, unless the owner opens it (decision 0054): the
 * holiday itself, or the weekday it is observed on (`observed`) when it falls on a weekend.
 */
export type Holiday = { date: string; name: string; observed?: true };

/** A holiday as customers read it: "Boxing Day", "Boxing Day, observed". */
export const holidayLabel = (holiday: Holiday) =>
  holiday.observed ? `${holiday.name}, observed` : holiday.name;

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The `nth` Monday (1 = first) of a month. */
function nthMonday(year: number, month: number, nth: number): string {
  const first = iso(year, month, 1);
  return addDays(first, ((8 - weekday(first)) % 7) + 7 * (nth - 1));
}

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

/**
 * Ontario's nine statutory holidays of a year, in date order, each with the weekday it is
 * observed on when it falls on a weekend. Only New Year's Day, Canada Day, Christmas Day and
 * Boxing Day have fixed dates and so can fall on one; each then moves to the next weekday that is
 * neither a holiday nor taken by another's observed day (Christmas on a Saturday: Monday the 27th,
 * and Boxing Day, Sunday, Tuesday the 28th).
 */
function holidaysOf(year: number): Holiday[] {
  const fixed = [
    { date: iso(year, 1, 1), name: "New Year's Day" },
    { date: iso(year, 7, 1), name: "Canada Day" },
    { date: iso(year, 12, 25), name: "Christmas Day" },
    { date: iso(year, 12, 26), name: "Boxing Day" },
  ];
  const holidays: Holiday[] = [
    ...fixed,
    { date: nthMonday(year, 2, 3), name: "Family Day" },
    { date: addDays(easterSunday(year), -2), name: "Good Friday" },
    // The Monday before May 25: the last Monday on or before the 24th.
    {
      date: addDays(iso(year, 5, 24), -((weekday(iso(year, 5, 24)) + 6) % 7)),
      name: "Victoria Day",
    },
    { date: nthMonday(year, 9, 1), name: "Labour Day" },
    { date: nthMonday(year, 10, 2), name: "Thanksgiving" },
  ];
  const taken = new Set(holidays.map((holiday) => holiday.date));
  for (const holiday of fixed) {
    if (!isWeekend(holiday.date)) continue;
    let observed = addDays(holiday.date, 1);
    while (isWeekend(observed) || taken.has(observed)) observed = addDays(observed, 1);
    taken.add(observed);
    holidays.push({ date: observed, name: holiday.name, observed: true });
  }
  // ISO dates sort as plain strings; localeCompare would build an ICU collator, which costs a
  // phone tens of milliseconds as a public page opens.
  return holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

// Pure arithmetic on a year: worked out once per year asked for, since every date checked asks.
const byYear = new Map<number, Holiday[]>();

export function ontarioHolidays(year: number): readonly Holiday[] {
  let holidays = byYear.get(year);
  if (!holidays) byYear.set(year, (holidays = holidaysOf(year)));
  return holidays;
}

/** The statutory holiday on a date (a holiday or its observed day), if any. */
export function holidayOn(date: string): Holiday | undefined {
  return ontarioHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date);
}

/** The holidays from `from` to `to` (dates, inclusive), in date order. */
export function holidaysBetween(from: string, to: string): Holiday[] {
  const years = Array.from(
    { length: Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 1 },
    (_, i) => Number(from.slice(0, 4)) + i,
  );
  return years
    .flatMap((year) => ontarioHolidays(year))
    .filter((holiday) => holiday.date >= from && holiday.date <= to);
}
