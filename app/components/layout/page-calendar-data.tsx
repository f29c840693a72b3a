import { JsonData } from "~/components/public/json-ld";
import { pageCalendarId } from "~/utils/shop-calendar";
import { usePageCalendar } from "./use-page-calendar";

/**
 * The calendar a public page was drawn with, once per page, for its script: "open now" and the
 * booking form's times without a connection follow the same hours as the server (decision 0055).
 */
export function PageCalendarData() {
  const calendar = usePageCalendar();
  return calendar ? <JsonData data={calendar} type="application/json" id={pageCalendarId} /> : null;
}
