import { booking } from "~/config/shop";
import {
  addDays,
  minutesOf,
  shopMinutesNow,
  shopToday,
  slotFitsOpeningHours,
} from "~/utils/shop-time";
import { openingHourSlots } from "~/utils/slots";

type Refusal = { field: "preferredDate" | "preferredTime"; message: string };

/** The shop's calendar and clock at one moment, read once for every time a day lists. */
type ShopClock = { today: string; lastDay: string; minutesNow: number };

function shopClock(now: Date): ShopClock {
  const today = shopToday(now);
  return { today, lastDay: addDays(today, booking.maxDaysAhead), minutesNow: shopMinutesNow(now) };
}

function refusal(date: string, time: string, clock: ShopClock): Refusal | undefined {
  if (date < clock.today)
    return { field: "preferredDate", message: "Please choose today or a later date." };
  if (date > clock.lastDay) {
    return {
      field: "preferredDate",
      message: `We take bookings up to ${booking.maxDaysAhead} days ahead. Please choose an earlier date.`,
    };
  }
  if (!slotFitsOpeningHours(date, time)) {
    return {
      field: "preferredTime",
      message:
        "We're closed at that time on the chosen day. Please pick a time within our opening hours.",
    };
  }
  if (date === clock.today && minutesOf(time) <= clock.minutesNow) {
    return {
      field: "preferredTime",
      message: "That time has already passed today. Please pick a later time.",
    };
  }
  return undefined;
}

/**
 * Why a date and time cannot be booked by the shop's calendar and clock alone (a valid date and a
 * listed time assumed); capacity needs the database. The schema answers with these messages, and
 * the form lists only the times this lets through, so the two never disagree.
 */
export const slotRefusal = (date: string, time: string, now = new Date()) =>
  refusal(date, time, shopClock(now));

/**
 * The listed times one can still book on a date: inside its opening hours, not begun, within the
 * booking window.
 */
export function bookableSlots(date: string, now = new Date()) {
  const clock = shopClock(now);
  return openingHourSlots(date).filter((slot) => !refusal(date, slot.time, clock));
}
