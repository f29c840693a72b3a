import { timeZone } from "~/config/shop";
import { formatClock } from "~/utils/clock";

/**
 * A format built on its first use, then kept. Building an Intl.DateTimeFormat loads locale and
 * time-zone data: tens of microseconds on the server, where every booking validation asks the
 * shop's date and time, and tens of milliseconds on a phone opening a public page, whose script
 * tells the time from the offsets the page carries (`shopClock`) and needs no format at all.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const shopDateFormat = once(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }),
);
const shopClockFormat = once(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);

/** Today's date in the shop's time zone, as YYYY-MM-DD. */
export function shopToday(now: Date = new Date()): string {
  return shopDateFormat().format(now);
}

/** The year on the shop's calendar: the footer's copyright year. */
export function shopYear(now: Date = new Date()): number {
  return Number(shopToday(now).slice(0, 4));
}

/** Minutes since midnight on the shop's clock. */
export function shopMinutesNow(now: Date = new Date()): number {
  const parts = shopClockFormat().formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

/** Whole days from one shop date to a later one. */
export const daysFrom = (earlier: string, later: string) =>
  Math.round(
    (new Date(`${later}T12:00:00Z`).getTime() - new Date(`${earlier}T12:00:00Z`).getTime()) /
      86_400_000,
  );

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A calendar date as YYYY-MM-DD within the years the shop's records can hold: a date far in the
 * past or future (9999-12-31) is bad input, not a query for the database to overflow on.
 */
export function isValidDate(date: string): boolean {
  if (!/^(19|2\d)\d{2}-\d{2}-\d{2}$/.test(date)) return false;
  const d = new Date(`${date}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

export function weekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** A stored time of day ("14:05", a slot or a walk-in's minute) as the shop writes it: "2:05 PM". */
export const formatClockTime = (time: string) => formatClock(minutesOf(time));

const calendarDateStyles = {
  /** "Thursday, November 26, 2026" */
  long: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  /** "November 26, 2026" */
  monthLong: { month: "long", day: "numeric", year: "numeric" },
  /** "Nov 26, 2026" */
  medium: { month: "short", day: "numeric", year: "numeric" },
  /** "Thu, Nov 26, 2026" */
  weekdayMedium: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  /** "Thursday, November 26" */
  weekdayLong: { weekday: "long", month: "long", day: "numeric" },
  /** "Thu, Nov 26" */
  weekdayShort: { weekday: "short", month: "short", day: "numeric" },
  /** "Nov 26" */
  short: { month: "short", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// A calendar date has no time of day: it is formatted as its UTC noon, so no zone shifts it.
const calendarDateFormats: Partial<Record<keyof typeof calendarDateStyles, Intl.DateTimeFormat>> =
  {};
const calendarDateFormat = (style: keyof typeof calendarDateStyles) =>
  (calendarDateFormats[style] ??= new Intl.DateTimeFormat("en-CA", {
    ...calendarDateStyles[style],
    timeZone: "UTC",
  }));

/** A calendar date ("2026-11-26") in words, in one of the site's styles. */
export function formatCalendarDate(
  date: string,
  style: keyof typeof calendarDateStyles = "medium",
): string {
  return calendarDateFormat(style).format(new Date(`${date}T12:00:00Z`));
}
const shopDateDisplay = once(
  () => new Intl.DateTimeFormat("en-CA", { dateStyle: "medium", timeZone }),
);

export function formatLongDate(date: string): string {
  return formatCalendarDate(date, "long");
}

/** A moment as the shop's calendar shows it: "Nov 21, 2026". */
export function formatShopDate(at: Date): string {
  return shopDateDisplay().format(at);
}

/** A moment on the shop's clock: "Nov 21, 2026, 2:05 PM". */
export function formatShopDateTime(at: Date): string {
  return `${formatShopDate(at)}, ${formatClock(shopMinutesNow(at))}`;
}

const shopOffsetFormat = once(
  () => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }),
);

/** Minutes the shop's clock is ahead of UTC at a moment ("GMT-05:00" → -300). */
function shopOffsetMinutes(at: number): number {
  const name =
    shopOffsetFormat()
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** Milliseconds from `now` to the shop's next midnight. */
export const msUntilShopMidnight = (now = new Date()) =>
  shopInstant(addDays(shopToday(now), 1), 0).getTime() - now.getTime();

/** The moment a shop date's clock shows `minutes` after midnight (daylight saving included). */
export function shopInstant(date: string, minutes: number): Date {
  const local = new Date(`${date}T00:00:00Z`).getTime() + minutes * 60_000;
  const guess = local - shopOffsetMinutes(local) * 60_000;
  return new Date(local - shopOffsetMinutes(guess) * 60_000);
}

const minute = 60_000;

/** The shop's clock at a moment: its date and the minutes since its midnight. */
export type ShopClock = { today: string; minutes: number };

/**
 * The shop's offsets from UTC over the days `from` to `to` (shop dates), for a page to carry:
 * [moment in ms, minutes ahead of UTC], the first at `from`'s midnight, then one for each change
 * (daylight saving), found to the minute.
 */
export function shopOffsets(from: string, to: string): [number, number][] {
  const start = shopInstant(from, 0).getTime();
  const end = shopInstant(addDays(to, 1), 0).getTime();
  const offsets: [number, number][] = [[start, shopOffsetMinutes(start)]];
  for (let at = start; at < end; at += 1440 * minute) {
    const current = offsets.at(-1)![1];
    let after = Math.min(at + 1440 * minute, end);
    if (shopOffsetMinutes(after) === current) continue;
    let before = at;
    while (after - before > minute) {
      const middle = before + Math.floor((after - before) / (2 * minute)) * minute;
      if (shopOffsetMinutes(middle) === current) before = middle;
      else after = middle;
    }
    offsets.push([after, shopOffsetMinutes(after)]);
  }
  return offsets;
}

/** The shop's clock at `now` by the offsets a page carries (`shopOffsets`), with no Intl. */
export function shopClock(now: Date, offsets: [number, number][]): ShopClock {
  const at = now.getTime();
  let offset = offsets[0]![1];
  for (const [from, minutes] of offsets) if (from <= at) offset = minutes;
  const local = new Date(at + offset * minute);
  return {
    today: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}
