import { useFormAction } from "react-router";
import { controlProps, Field, inputClass, SelectField } from "~/components/forms/field";
import type { FormField } from "~/components/forms/use-form-reply";
import {
  freeSlots,
  scheduleNote,
  slotText,
  timePrompt,
  type DayAvailability,
} from "~/utils/day-availability";

type Props = {
  date: FormField;
  time: FormField;
  minDate: string;
  maxDate: string;
  availability: DayAvailability;
};

const stepButtonClass =
  "rounded-md border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";

/**
 * The date and the times the shop can take on it: inside that day's opening hours, not already
 * past, full slots listed but not selectable. Without JavaScript "Show times for this date" posts
 * the form as typed and the page comes back at this section with that day's times, as does
 * "Book Appointment" sent with a date whose times are not listed yet; with JavaScript, the
 * list follows the date as it changes (app/browser/booking-times.ts, from the `data-schedule`
 * marks and the offer's <template>). A day without a free time offers the next free ones, each
 * setting date and time in one tap.
 */
export function ScheduleFields({ date, time, minDate, maxDate, availability }: Props) {
  const day = availability;
  const isFree = (value: unknown) => freeSlots(day).some((slot) => slot.time === value);
  const stepAction = `${useFormAction()}#schedule`;
  const offerButton = (value?: string, label?: string) => (
    <button
      type="submit"
      name="intent"
      value={value}
      formAction={stepAction}
      formNoValidate
      data-schedule-offer
      className={stepButtonClass}
    >
      {label}
    </button>
  );

  return (
    <div className="contents" data-schedule data-date={day.date}>
      <Field field={date} label="Preferred Date" required>
        <input
          {...controlProps(date, "input", "date")}
          type="date"
          min={minDate}
          max={maxDate}
          className={inputClass}
        />
        <button
          type="submit"
          name="intent"
          value="times"
          formAction={stepAction}
          formNoValidate
          data-schedule-step
          className={`mt-2 ${stepButtonClass}`}
        >
          Show times for this date
        </button>
      </Field>
      <SelectField
        field={time}
        label="Preferred Time"
        required
        selectProps={{
          defaultValue: isFree(time.props.defaultValue) ? time.props.defaultValue : "",
          // Not required for the browser: a form sent with another date and no time comes back
          // with that date's times (the server requires one). The page script, whose list follows
          // the date, makes it required again.
          required: false,
          "aria-required": true,
        }}
      >
        <option value="">{timePrompt(day)}</option>
        {day.slots.map((slot) => (
          <option key={slot.time} value={slot.time} disabled={slot.full}>
            {slotText(slot)}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <p aria-live="polite" className="text-sm text-slate-700" data-schedule-note>
          {scheduleNote(day)}
        </p>
        <ul
          aria-label="Next free times"
          className="mt-2 flex flex-wrap gap-2"
          hidden={!day.next.length}
          data-schedule-offers
        >
          {day.next.map((offer) => (
            <li key={`${offer.date}T${offer.time}`}>
              {offerButton(`${offer.date}T${offer.time}`, offer.label)}
            </li>
          ))}
        </ul>
        <template data-schedule-offer>
          <li>{offerButton()}</li>
        </template>
      </div>
    </div>
  );
}
