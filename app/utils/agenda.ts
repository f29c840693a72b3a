import { policies, type CategorySlug, type Urgency } from "~/config/shop";
import type { BookingStatus } from "~/utils/booking-status";
import {
  addDays,
  formatCalendarDate,
  formatClockTime,
  formatShopDate,
  shopToday,
  weekday,
} from "~/utils/shop-time";
import type { ShopCalendar } from "~/types/shop-calendar";
import { openingHourSlots } from "~/utils/slots";

type AgendaView = "day" | "week";

/** What a card shows of a booking; the agenda and dashboard loaders send these. */
export type AgendaCardItem = {
  id: number;
  firstName: string;
  lastName: string;
  deviceCategory: CategorySlug;
  deviceBrand: string | null;
  deviceModel: string | null;
  issueType: string;
  preferredTime: string;
  urgency: Urgency;
  status: BookingStatus;
  expectedDeliveryDate: string | null;
  /** Digits only, for the tap-to-call link. */
  phoneDigits: string;
  /** What the card's status form names as the version it was drawn at (decision 0039). */
  version: number;
};

/** A booking on the agenda: a card and its day. */
export type AgendaItem = AgendaCardItem & { preferredDate: string };

/** A /sell drop-off holding a place in one of the day's slots: its offer, who brings what. */
export type AgendaDropOff = {
  id: number;
  reference: string;
  name: string;
  device: string;
  dropOffTime: string;
};

/** More than a week of a busy shop's appointments; beyond it the page says some are left out. */
export const agendaLimit = 500;

/** The days an agenda page covers, and where its previous and next links lead. */
export function agendaWindow(
  { view, date }: { view: AgendaView; date?: string },
  now = new Date(),
) {
  const chosen = date ?? shopToday(now);
  if (view === "day")
    return {
      date: chosen,
      from: chosen,
      to: chosen,
      previous: addDays(chosen, -1),
      next: addDays(chosen, 1),
    };
  // Weeks start on Monday, as a shop's week does; Sunday (0) is the week's last day.
  const from = addDays(chosen, -((weekday(chosen) + 6) % 7));
  return {
    date: chosen,
    from,
    to: addDays(from, 6),
    previous: addDays(from, -7),
    next: addDays(from, 7),
  };
}

/** Every day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

type SlotRow<T> = { time: string; label: string; items: T[] };

/**
 * A day's time slots that fit its hours (a closed day has none; `calendar` holds the owner's
 * closures and special hours), each with its appointments, so free slots show as free. An
 * appointment at a time that is no slot (a walk-in at 9:45, a booking on a day closed since) gets
 * a row of its own.
 */
export function slotRows<T extends { preferredTime: string }>(
  date: string,
  items: T[],
  calendar: ShopCalendar,
): SlotRow<T>[] {
  const rows = new Map<string, T[]>();
  for (const slot of openingHourSlots(date, calendar)) rows.set(slot.time, []);
  for (const item of items)
    rows.set(item.preferredTime, [...(rows.get(item.preferredTime) ?? []), item]);
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([time, slotItems]) => ({ time, label: formatClockTime(time), items: slotItems }));
}

/**
 * The first `length` of a day's appointments (in time order) and the time the others start from:
 * that of the first one left out, never a time already listed.
 */
export function firstAppointments<T extends { preferredTime: string }>(items: T[], length: number) {
  return {
    total: items.length,
    items: items.slice(0, length),
    moreFrom: items[length]?.preferredTime,
  };
}

/** A shop date as a week column's heading: "Mon, Nov 23". */
export const formatWeekday = (date: string) => formatCalendarDate(date, "weekdayShort");

/** A shop date in a line of text: "Nov 23". */
export const formatMonthDay = (date: string) => formatCalendarDate(date, "short");

export type AgendaLinkState = {
  view: AgendaView;
  date?: string;
  status?: string;
  category?: string;
  urgency?: string;
};

/** The agenda's URL for a view, day and filters; defaults stay out of the URL. */
export function agendaHref(
  { view, date, status, category, urgency }: AgendaLinkState,
  hash = "",
): string {
  const params = new URLSearchParams();
  if (view !== "day") params.set("view", view);
  if (date) params.set("date", date);
  if (status && status !== "active") params.set("status", status);
  if (category) params.set("category", category);
  if (urgency) params.set("urgency", urgency);
  const search = params.toString();
  return `/admin/agenda${search ? `?${search}` : ""}${hash}`;
}

/** Repairs waiting for pickup, dated as the shop's calendar shows them, with the days waited. */
export const pickupView = <T extends { readySince: Date }>(items: T[], now: Date) =>
  items.map(({ readySince, ...item }) => ({
    ...item,
    readySince: formatShopDate(readySince),
    daysWaiting: Math.floor((now.getTime() - readySince.getTime()) / 86_400_000),
  }));

/**
 * How long a repair has waited, and what the shop's terms then allow: uncollected after 30 days it
 * may be considered abandoned, after 60 disposed of.
 */
export function pickupWaitText(item: { readySince: string; daysWaiting: number }) {
  const waited = `Ready since ${item.readySince}: ${item.daysWaiting} ${item.daysWaiting === 1 ? "day" : "days"} waiting`;
  if (item.daysWaiting >= policies.disposedAfterDays)
    return `${waited}. Past ${policies.disposedAfterDays} days: may be disposed of under the terms.`;
  if (item.daysWaiting >= policies.abandonedAfterDays)
    return `${waited}. Past ${policies.abandonedAfterDays} days: may be considered abandoned.`;
  return waited;
}
