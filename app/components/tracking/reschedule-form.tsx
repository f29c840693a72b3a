import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { ScheduleFields } from "~/components/booking/schedule-fields";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { rescheduleSchema } from "~/schemas/appointment-change";
import type { DayAvailability } from "~/utils/day-availability";
import { secondaryAction } from "./appointment-actions";

/**
 * The new date and time, picked as on the booking form (the same time list, following the date
 * with JavaScript, a "Show times for this date" step without), and the booking's version the page
 * was drawn at (decision 0039).
 */
export function RescheduleForm({
  version,
  keepPath,
  lastResult,
  constraint,
  availability,
  minDate,
  maxDate,
}: {
  version: number;
  /** Where "Keep my appointment" leads: the booking's tracking page. */
  keepPath: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
  availability: DayAvailability;
  minDate: string;
  maxDate: string;
}) {
  const { form, field } = useFormReply<z.input<typeof rescheduleSchema>>(lastResult, {
    constraint,
    defaultValue: { preferredDate: availability.date },
  });
  return (
    <Form method="post" className="mt-6 space-y-6" {...form.props}>
      {/* Enter in a field moves the appointment, as the last button does, not a schedule step. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="version" value={version} />
      <ErrorSummary form={form} />
      <fieldset
        id="schedule"
        className="scroll-mt-24 rounded-xl border border-slate-200 p-5 sm:p-6"
      >
        <legend className="px-2 text-lg font-semibold text-slate-900">New time</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <ScheduleFields
            date={field("preferredDate")}
            time={field("preferredTime")}
            minDate={minDate}
            maxDate={maxDate}
            availability={availability}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton label="Move my appointment" pendingLabel="Moving..." />
        <a href={keepPath} className={secondaryAction}>
          Keep my appointment
        </a>
      </div>
    </Form>
  );
}
