import type { PageCalendar } from "~/types/shop-calendar";
import { pageCalendarId } from "~/utils/shop-calendar";

/** The calendar the page was drawn with (decision 0055), if it carries one that can be read. */
export function pageCalendar(page: Document): PageCalendar | undefined {
  const text = page.getElementById(pageCalendarId)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageCalendar;
  } catch {
    return undefined;
  }
}
