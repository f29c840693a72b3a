import {
  freeSlots,
  scheduleNote,
  slotText,
  timePrompt,
  uncountedDay,
  type DayAvailability,
} from "~/utils/day-availability";
import { pageCalendar } from "./page-calendar";

/**
 * The booking form's time list follows the date as it changes, without a post: the day's times
 * come from GET /book-appointment/availability, and, when the server cannot be reached, the day's
 * hours by the calendar the page carries (the week's, statutory holidays closed, the owner's
 * closures and special hours as the page was drawn; the server checks the slot when the booking
 * is sent). The chosen time stays while it is still free. The "next free times" buttons set date
 * and time in place. The date step ("Show times for this date") is for pages without JavaScript
 * and goes. Markup is the server's (components/booking/schedule-fields.tsx).
 */
export function bookingTimes(schedule: HTMLElement) {
  const date = schedule.querySelector<HTMLInputElement>('input[type="date"]')!;
  const time = schedule.querySelector("select")!;
  const note = schedule.querySelector("[data-schedule-note]")!;
  const offers = schedule.querySelector<HTMLElement>("ul[data-schedule-offers]")!;
  const offerTemplate = schedule.querySelector<HTMLTemplateElement>(
    "template[data-schedule-offer]",
  )!;
  const exceptions = pageCalendar(document)?.exceptions ?? [];
  schedule.querySelector("[data-schedule-step]")?.remove();
  // The list now follows the date, so the browser may insist on a time (the server draws the
  // list unrequired, for a page without JavaScript: schedule-fields.tsx).
  time.required = true;

  let request: AbortController | undefined;
  async function showDay(day: string, offeredTime?: string) {
    request?.abort();
    const mine = (request = new AbortController());
    let next: DayAvailability;
    try {
      const response = await fetch(`/book-appointment/availability?date=${day}`, {
        signal: mine.signal,
      });
      if (!response.ok) throw new Error(`availability: ${response.status}`);
      next = (await response.json()) as DayAvailability;
    } catch {
      if (mine.signal.aborted) return;
      next = uncountedDay(day, exceptions);
    }
    list(next, offeredTime);
  }

  function list(day: DayAvailability, offeredTime?: string) {
    const wanted = offeredTime ?? time.value;
    time.replaceChildren(
      new Option(timePrompt(day), ""),
      ...day.slots.map((slot) => {
        const option = new Option(slotText(slot), slot.time);
        option.disabled = slot.full;
        return option;
      }),
    );
    time.value = freeSlots(day).some((slot) => slot.time === wanted) ? wanted : "";
    note.textContent = scheduleNote(day);
    offers.replaceChildren(
      ...day.next.map((offer) => {
        const item = offerTemplate.content.cloneNode(true) as DocumentFragment;
        const button = item.querySelector("button")!;
        button.value = `${offer.date}T${offer.time}`;
        button.textContent = offer.label;
        button.type = "button";
        return item;
      }),
    );
    offers.hidden = !day.next.length;
    if (offeredTime) time.focus();
  }

  // With JavaScript an offer sets date and time in place rather than posting the form.
  for (const button of offers.querySelectorAll("button")) button.type = "button";
  offers.addEventListener("click", (event) => {
    const button = (event.target as Element).closest("button");
    if (!button) return;
    const [day, offered] = button.value.split("T") as [string, string];
    date.value = day;
    void showDay(day, offered);
  });
  date.addEventListener("change", () => date.value && void showDay(date.value));
  // A date changed before the script ran lists its times now.
  if (date.value && date.value !== schedule.dataset.date) void showDay(date.value);
}
