import { dayAvailability } from "~/models/booking-availability.server";
import type { DayAvailability } from "~/utils/day-availability";
import { isValidDate } from "~/utils/shop-time";

/**
 * A schedule step of a form without JavaScript (components/booking/schedule-fields.tsx): "Show
 * times for this date" (`intent` "times", the date as typed), or one of the offered free times
 * (`intent` "YYYY-MM-DDTHH:MM"). The day's times, and the time the offer chose. A date it cannot
 * read shows the first day with a free time. The booking form and the page that moves a booking
 * take their steps through it.
 */
export async function scheduleStepDay(
  formData: FormData,
  intent: string,
): Promise<{ availability: DayAvailability; offeredTime?: string }> {
  const [offeredDate, offeredTime] = intent.split("T");
  const offered =
    offeredDate && offeredTime && isValidDate(offeredDate) && /^\d\d:\d\d$/.test(offeredTime);
  const date = offered ? offeredDate : formData.get("preferredDate");
  const availability = await dayAvailability(
    typeof date === "string" && isValidDate(date) ? date : undefined,
  );
  return offered ? { availability, offeredTime } : { availability };
}

/** The times a form sent back with errors lists: those of the date it carries. */
export const availabilityOf = (date: unknown) =>
  dayAvailability(typeof date === "string" && isValidDate(date) ? date : undefined);
