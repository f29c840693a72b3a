import { formatCalendarDate, formatClockTime } from "~/utils/shop-time";

/**
 * "Thursday, December 3, 2026 at 2:00 PM", worded as `appointmentLong`, with the time kept on one
 * line: on a phone "2:00" and "PM" would otherwise part.
 */
export function AppointmentWhen({ date, time }: { date: string; time: string }) {
  return (
    <>
      {formatCalendarDate(date, "long")} at{" "}
      <span className="whitespace-nowrap">{formatClockTime(time)}</span>
    </>
  );
}
