import { useFormAction } from "react-router";
import { useEffect, useRef, useState } from "react";
import { Field, inputClass, SelectField } from "~/components/forms/field";
import type { FormField } from "~/components/forms/use-form-reply";
import { uncountedDay, type DayAvailability, type DaySlot } from "~/utils/slots";

type Props = {
  date: FormField;
  time: FormField;
  minDate: string;
  maxDate: string;
  availability: DayAvailability;
  /** Each weekday's opening-hour slots, Sunday first: listed when the server cannot be asked. */
  week: DaySlot[][];
  hydrated: boolean;
};

const stepButtonClass =
  "rounded-md border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";

/**
 * The date and the times the shop can take on it: inside that day's opening hours, not already
 * past, full slots listed but not selectable. With JavaScript the list follows the date as it
 * changes (GET /book-appointment/availability); without, "Show times for this date" posts the form
 * as typed and the page comes back at this section with that day's times. A day without a free
 * time offers the next free ones, each setting date and time in one tap.
 */
export function ScheduleFields({
  date,
  time,
  minDate,
  maxDate,
  availability,
  week,
  hydrated,
}: Props) {
  // The day fetched in the browser, until the server sends the form again.
  const [fetched, setFetched] = useState<{ base: DayAvailability; day: DayAvailability }>();
  const day = fetched?.base === availability ? fetched.day : availability;
  const free = day.slots.filter((slot) => !slot.full);
  const isFree = (value: unknown) => free.some((slot) => slot.time === value);
  const dateRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLSelectElement>(null);
  const offered = useRef<string | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);
  const stepAction = `${useFormAction()}#schedule`;

  async function showDay(date: string, offeredTime?: string) {
    request.current?.abort();
    const mine = (request.current = new AbortController());
    let next: DayAvailability;
    try {
      const response = await fetch(`/book-appointment/availability?date=${date}`, {
        signal: mine.signal,
      });
      if (!response.ok) throw new Error(`availability: ${response.status}`);
      next = (await response.json()) as DayAvailability;
    } catch {
      if (mine.signal.aborted) return;
      next = uncountedDay(date, week[new Date(`${date}T12:00:00Z`).getUTCDay()]!);
    }
    offered.current = offeredTime;
    setFetched({ base: availability, day: next });
  }

  // A date changed before the page came alive lists its times now.
  useEffect(() => {
    const typed = dateRef.current!.value;
    if (typed && typed !== day.date) void showDay(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  // Keeps the chosen time while it is still free on the listed day (or takes the offered one).
  useEffect(() => {
    const select = timeRef.current!;
    const wanted = offered.current ?? select.value;
    select.value = isFree(wanted) ? wanted : "";
    if (offered.current) select.focus();
    offered.current = undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the listed day changes
  }, [day]);

  const note = !day.counted
    ? "We couldn't check which times are already taken; we'll confirm yours when we call."
    : free.length
      ? `Times for ${day.dateLabel}.`
      : `No free times on ${day.dateLabel}. ${day.next.length ? "The next free times:" : "Please choose another date or call us."}`;

  return (
    <>
      <Field field={date} label="Preferred Date" required>
        <input
          {...date.props}
          ref={dateRef}
          type="date"
          min={minDate}
          max={maxDate}
          onChange={(event) => event.currentTarget.value && void showDay(event.currentTarget.value)}
          className={inputClass}
        />
        {hydrated ? null : (
          <button
            type="submit"
            name="intent"
            value="times"
            formAction={stepAction}
            formNoValidate
            className={`mt-2 ${stepButtonClass}`}
          >
            Show times for this date
          </button>
        )}
      </Field>
      <SelectField
        field={time}
        label="Preferred Time"
        required
        selectProps={{
          ref: timeRef,
          defaultValue: isFree(time.props.defaultValue) ? time.props.defaultValue : "",
        }}
      >
        <option value="">{free.length ? "Select a time" : "No free times on this day"}</option>
        {day.slots.map((slot) => (
          <option key={slot.time} value={slot.time} disabled={slot.full}>
            {slot.full ? `${slot.label} — full` : slot.label}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <p aria-live="polite" className="text-sm text-slate-700">
          {note}
        </p>
        {day.next.length ? (
          <ul aria-label="Next free times" className="mt-2 flex flex-wrap gap-2">
            {day.next.map((offer) => (
              <li key={`${offer.date}T${offer.time}`}>
                <button
                  type={hydrated ? "button" : "submit"}
                  name="intent"
                  value={`${offer.date}T${offer.time}`}
                  formAction={stepAction}
                  formNoValidate
                  onClick={() => {
                    dateRef.current!.value = offer.date;
                    void showDay(offer.date, offer.time);
                  }}
                  className={stepButtonClass}
                >
                  {offer.label}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
