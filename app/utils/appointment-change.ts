import type { Booking } from "~/types/booking";
import { formatCalendarDate, formatClockTime, minutesOf, shopInstant } from "~/utils/shop-time";

/*
 * When a customer may move or cancel their own appointment online (docs/decisions/0056): pages
 * draw their buttons from this, and the model refuses by the same rule.
 */

type Appointment = Pick<Booking, "status" | "source" | "preferredDate" | "preferredTime">;

/** Why an appointment can no longer be changed online; each has its words on the pages. */
export type ChangeClosedReason = "cutoff" | "passed" | "started" | "cancelled" | "walk_in";

export type ChangeWindow =
  | { open: true; cutoffHours: number }
  | { open: false; reason: ChangeClosedReason; cutoffHours: number };

/** The moment an appointment starts, on the shop's clock. */
export const appointmentStart = (booking: Pick<Booking, "preferredDate" | "preferredTime">) =>
  shopInstant(booking.preferredDate, minutesOf(booking.preferredTime));

/**
 * Whether the customer may still move or cancel the appointment online at `now`: an online
 * booking not yet started (Pending), up to `cutoffHours` before it. A walk-in's device is with the
 * shop already; a repair under way or cancelled is staff's to change; an appointment whose time
 * has come (a customer who did not come in) is the shop's to follow up.
 */
export function appointmentChangeWindow(
  booking: Appointment,
  cutoffHours: number,
  now: Date,
): ChangeWindow {
  const closed = (reason: ChangeClosedReason) => ({ open: false as const, reason, cutoffHours });
  if (booking.source === "walk_in") return closed("walk_in");
  if (booking.status === "cancelled") return closed("cancelled");
  if (booking.status !== "pending") return closed("started");
  const start = appointmentStart(booking).getTime();
  if (now.getTime() >= start) return closed("passed");
  if (now.getTime() >= start - cutoffHours * 3_600_000) return closed("cutoff");
  return { open: true, cutoffHours };
}

/** "Fri, Dec 4, 2:00 PM": an appointment in the history and the shop's alert. */
export const appointmentShort = (date: string, time: string) =>
  `${formatCalendarDate(date, "weekdayShort")}, ${formatClockTime(time)}`;

/** "Friday, December 4, 2026 at 2:00 PM": the appointment as the pages name it. */
export const appointmentLong = (date: string, time: string) =>
  `${formatCalendarDate(date, "long")} at ${formatClockTime(time)}`;

/** The pages where the customer moves or cancels the booking, under its secret tracking link. */
export const changePaths = (token: string) => ({
  reschedule: `/track-repair/${token}/reschedule`,
  cancel: `/track-repair/${token}/cancel`,
});
