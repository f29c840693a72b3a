/**
 * A day or run of days the owner set apart from the weekly hours (decision 0054): closed, with
 * the reason customers are shown, or open at hours of its own (one date; a statutory holiday the
 * owner opens is such a day). Dates are YYYY-MM-DD, both ends included; hours are minutes after
 * midnight, shop time.
 */
export type CalendarException = {
  from: string;
  to: string;
  /** Null: closed all day. */
  hours: { open: number; close: number } | null;
  /** Why: "Renovation", "Christmas Eve". Required for a closure, optional for special hours. */
  reason: string | null;
};

/** The owner's exceptions that cover some dates; statutory holidays are worked out from the date. */
export type ShopCalendar = readonly CalendarException[];

/** An exception as staff edit it: its row's id and the version it was read at (decision 0039). */
export type CalendarEntry = CalendarException & { id: number; version: number };

/**
 * What a public page carries of the calendar (the page's script reads it): the shop's date it was
 * drawn on, the last date it knows, and the owner's exceptions in between.
 */
export type PageCalendar = {
  today: string;
  until: string;
  exceptions: ShopCalendar;
  /** The shop's offsets from UTC over those days (`shopOffsets`): the page's script tells the time by them. */
  offsets: [number, number][];
};

/** An entry as the Hours & Closures page lists it. */
export type CalendarEntryView = {
  id: number;
  version: number;
  kind: "closure" | "hours";
  /** "Thu, Dec 24 to Sat, Dec 26, 2026" */
  days: string;
  /** "Closed", "10:00 AM - 3:00 PM" */
  hours: string;
  reason: string | null;
};

/** A statutory holiday as the page lists it, with what the shop does that day. */
export type HolidayView = {
  date: string;
  /** "Fri, Dec 25, 2026" */
  dateLabel: string;
  /** "Christmas Day", "Boxing Day, observed" */
  name: string;
  /** "Closed", "Open 10:00 AM - 3:00 PM", "Closed (Renovation)" */
  status: string;
  /** True while the day has an entry of the owner's (listed above, changed there). */
  set: boolean;
};

/** A form of the page filled from an entry (Edit) or a holiday to open. */
export type CalendarFormFill = {
  id?: number;
  version?: number;
  values: Record<string, string>;
};
