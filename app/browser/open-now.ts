import { openNowText } from "~/utils/shop-calendar";
import { pageCalendar } from "./page-calendar";

const minute = 60_000;

/**
 * "Open now · closes 8:00 PM" (components/public/open-now.tsx): worked out from the visitor's clock
 * and the calendar the page carries, so a kept page is never wrong (decision 0055), and again on
 * every minute while the page stays open. A page older than its calendar (kept offline for
 * weeks) hides the line rather than guess.
 */
export function openNow(page: Document) {
  const lines = [...page.querySelectorAll<HTMLElement>("[data-open-now]")];
  const calendar = pageCalendar(page);
  if (!lines.length || !calendar) return;
  const update = () => {
    const text = openNowText(new Date(), calendar);
    for (const line of lines) {
      const shown = line.parentElement!;
      shown.hidden = !text;
      if (text) line.textContent = text;
    }
  };
  update();
  setTimeout(
    () => {
      update();
      setInterval(update, minute);
    },
    minute - (Date.now() % minute),
  );
}
