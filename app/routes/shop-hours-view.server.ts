import { getZodConstraint } from "@conform-to/zod";
import { openingHours } from "~/config/shop";
import { recentCalendarChanges, upcomingEntries } from "~/models/shop-calendar.server";
import { closureValues, specialHoursValues } from "~/routes/shop-hours-form.server";
import { closureSchema, specialHoursSchema } from "~/schemas/shop-calendar";
import { conflictOf } from "~/server/changed-meanwhile.server";
import type {
  CalendarEntry,
  CalendarEntryView,
  CalendarFormFill,
  HolidayView,
} from "~/types/shop-calendar";
import { holidayLabel, holidaysBetween } from "~/utils/ontario-holidays";
import { hoursOn, hoursText } from "~/utils/shop-calendar";
import { addDays, formatCalendarDate, isValidDate, shopToday, weekday } from "~/utils/shop-time";

/** The same for every request: worked out once. */
const constraints = {
  closure: getZodConstraint(closureSchema),
  hours: getZodConstraint(specialHoursSchema),
};

/** "Thu, Dec 24 to Sat, Dec 26, 2026"; one day: "Fri, Dec 25, 2026". */
function daysLabel(from: string, to: string) {
  const last = formatCalendarDate(to, "weekdayMedium");
  return from === to ? last : `${formatCalendarDate(from, "weekdayShort")} to ${last}`;
}

const entryView = (entry: CalendarEntry): CalendarEntryView => ({
  id: entry.id,
  version: entry.version,
  kind: entry.hours ? "hours" : "closure",
  days: daysLabel(entry.from, entry.to),
  hours: entry.hours ? hoursText(entry.hours.open, entry.hours.close) : "Closed",
  // Special hours on a holiday without a note go by the holiday's name, as customers see them.
  reason: hoursOn(entry.from, [entry]).reason,
});

/** What the shop does on each statutory holiday of the coming year, by the owner's entries. */
function holidayViews(today: string, entries: CalendarEntry[]): HolidayView[] {
  return holidaysBetween(today, addDays(today, 365)).map((holiday) => {
    const day = hoursOn(holiday.date, entries);
    const set = entries.some((entry) => entry.from <= holiday.date && holiday.date <= entry.to);
    return {
      date: holiday.date,
      dateLabel: formatCalendarDate(holiday.date, "weekdayMedium"),
      name: holidayLabel(holiday),
      status: day.closed
        ? set
          ? `Closed (${day.reason})`
          : "Closed"
        : `Open ${hoursText(day.open, day.close)}`,
      set,
    };
  });
}

/** The special hours form filled to open a date, with that weekday's usual hours. */
function openingFill(date: string): CalendarFormFill {
  const week = openingHours[weekday(date)]!;
  return { values: specialHoursValues({ from: date, to: date, hours: week, reason: null }) };
}

/**
 * What the Hours & Closures page shows: the entries from today on, the holidays of the coming
 * year, the last changes, and the form an address asks for (`?edit=<id>` fills the entry's own
 * form, `?open=<date>` the special hours form for that date).
 */
export async function hoursPageView(url: URL) {
  const today = shopToday();
  const [entries, changes] = await Promise.all([upcomingEntries(today), recentCalendarChanges(10)]);
  const edited = entries.find((entry) => String(entry.id) === url.searchParams.get("edit"));
  const open = url.searchParams.get("open") ?? "";
  const fill = (entry: CalendarEntry): CalendarFormFill => ({
    id: entry.id,
    version: entry.version,
    values: (entry.hours ? specialHoursValues : closureValues)(entry),
  });
  const editing = edited && {
    form: edited.hours ? ("hours" as const) : ("closure" as const),
    fill: fill(edited),
  };
  return {
    today,
    entries: entries.map(entryView),
    holidays: holidayViews(today, entries),
    editing: editing ?? null,
    opening: !editing && isValidDate(open) && open >= today ? openingFill(open) : null,
    changes: conflictOf(0, changes).changes,
    constraints,
  };
}
