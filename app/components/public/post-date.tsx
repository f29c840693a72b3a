import { formatCalendarDate } from "~/utils/shop-time";

/** A YYYY-MM-DD date as "July 15, 2025", the same on the server and in the browser. */
export function PostDate({ date }: { date: string }) {
  return <time dateTime={date}>{formatCalendarDate(date, "monthLong")}</time>;
}
