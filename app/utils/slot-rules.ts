import { booking } from "~/config/shop";
import type { ShopCalendar } from "~/types/shop-calendar";
import { closedDayMessage, hoursOn, slotFits } from "~/utils/shop-calendar";
import { addDays, minutesOf, shopMinutesNow, shopToday } from "~/utils/shop-time";
import { openingHourSlots } from "~/utils/slots";

type Refusal = { field: "preferredDate" | "preferredTime"; message: string };

/** The shop's calendar and clock at one moment, read once for every time a day lists. */
type ShopClock = { today: string; lastDay: string; minutesNow: number };

function shopClock(now: Date): ShopClock {
  const today = shopToday(now);
  return { today, lastDay: addDays(today, booking.maxDaysAhead), minutesNow: shopMinutesNow(now) };
}

function windowRefusal(date: string, clock: ShopClock): Refusal | undefined {
  if (date < clock.today)
    return { field: "preferredDate", message: "Please choose today or a later date." };
  if (date > clock.lastDay) {
    return {
      field: "preferredDate",
      message: `We take bookings up to ${booking.maxDaysAhead} days ahead. Please choose an earlier date.`,
    };
  }
  return undefined;
}

function passedRefusal(date: string, time: string, clock: ShopClock): Refusal | undefined {
  if (date === clock.today && minutesOf(time) <= clock.minutesNow) {
    return {
      field: "preferredTime",
      message: "That time has already passed today. Please pick a later time.",
    };
  }
  return undefined;
}

/**
 * Why a date and time cannot be booked by the shop's hours that day: closed all day (the
 * message names why: a statutory holiday, the owner's closure), or at that time. Needs the
 * calendar, which lives in the database: the booking's transaction reads it and asks here.
 */
export function hoursRefusal(
  date: string,
  time: string,
  calendar: ShopCalendar,
): Refusal | undefined {
  const day = hoursOn(date, calendar);
  if (day.closed) return { field: "preferredDate", message: closedDayMessage(day) };
  if (!slotFits(day, time)) {
    return {
      field: "preferredTime",
      message:
        "We're closed at that time on the chosen day. Please pick a time within our opening hours.",
    };
  }
  return undefined;
}

/**
 * Why a date and time cannot be booked by the shop's clock alone: before today, past the booking
 * window, or a time already begun today. The booking schema answers with these, every field's
 * message at once; the hours need the calendar (`hoursRefusal`).
 */
export function clockRefusal(date: string, time: string, now = new Date()): Refusal | undefined {
  const clock = shopClock(now);
  return windowRefusal(date, clock) ?? passedRefusal(date, time, clock);
}

function refusal(date: string, time: string, calendar: ShopCalendar, clock: ShopClock) {
  return (
    windowRefusal(date, clock) ??
    hoursRefusal(date, time, calendar) ??
    passedRefusal(date, time, clock)
  );
}

/**
 * Why a date and time cannot be booked by the shop's calendar and clock (a valid date and a listed
 * time assumed); capacity needs the database. `calendar` holds the owner's closures and special
 * hours covering the date (app/models/shop-calendar.server.ts reads them). The form lists only the
 * times this lets through, so the two never disagree.
 */
export const slotRefusal = (date: string, time: string, calendar: ShopCalendar, now = new Date()) =>
  refusal(date, time, calendar, shopClock(now));

/**
 * The listed times one can still book on a date: inside its hours, not begun, within the booking
 * window.
 */
export function bookableSlots(date: string, calendar: ShopCalendar, now = new Date()) {
  const clock = shopClock(now);
  return openingHourSlots(date, calendar).filter(
    (slot) => !refusal(date, slot.time, calendar, clock),
  );
}
