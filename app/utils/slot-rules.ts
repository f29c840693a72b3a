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

/**
 * Why a date and time cannot be booked by the shop's calendar and clock alone (a valid date and a
 * listed time assumed); capacity needs the database. The schema answers with these messages, and
 * the form lists only the times this lets through, so the two never disagree.
 */
export function slotRefusal(date: string, time: string, now = new Date()): Refusal | undefined {
  const today = shopToday(now);
  if (date < today)
    return { field: "preferredDate", message: "Please choose today or a later date." };
  if (date > addDays(today, booking.maxDaysAhead)) {
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
  if (date === today && minutesOf(time) <= shopMinutesNow(now)) {
    return {
      field: "preferredTime",
      message: "That time has already passed today. Please pick a later time.",
    };
  }
  return undefined;
}

/** The listed times one can still book on a date: inside its opening hours, not begun, within the booking window. */
export const bookableSlots = (date: string, now = new Date()) =>
  openingHourSlots(date).filter((slot) => !slotRefusal(date, slot.time, now));
