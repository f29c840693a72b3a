import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { ReactNode } from "react";
import type { z } from "zod";
import { ContactConsentFields } from "~/components/forms/contact-consent-fields";
import { DeviceCategoryOptions } from "~/components/forms/device-category-options";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmissionGuards, InputField, SelectField, TextareaField } from "~/components/forms/field";
import { emailInput, phoneInput } from "~/components/forms/input-presets";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { UrgencyField } from "~/components/forms/urgency-field";
import type { BookingPrefill } from "~/utils/booking-prefill";
import type { DayAvailability } from "~/utils/day-availability";
import type { bookingSchema } from "~/schemas/booking";
import type { RepairChoice } from "~/types/catalogue";
import { RepairChoiceSummary } from "./repair-choice";
import { ScheduleFields } from "./schedule-fields";

type Props = {
  submissionKey: string;
  prefill: BookingPrefill;
  minDate: string;
  maxDate: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** HTML constraints (required, maxlength…) derived from the schema on the server. */
  constraint: FormConstraint;
  /** The times of the date the form carries (the first day with a free time on arrival). */
  availability: DayAvailability;
  /** The repair a link from the selector or a price list chose, as the catalogue prices it. */
  repairChoice?: RepairChoice;
};

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="scroll-mt-24 rounded-xl border border-slate-200 p-5 sm:p-6">
      <legend className="px-2 text-lg font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * Validated by the server; the browser checks the HTML constraints the schema gives first. With
 * JavaScript a booking the server does not answer is kept on the phone (`data-kept-form`, see
 * app/sw/service-worker.ts).
 */
export function BookingForm({
  submissionKey,
  prefill,
  minDate,
  maxDate,
  lastResult,
  constraint,
  availability,
  repairChoice,
}: Props) {
  const { form, field } = useFormReply<z.input<typeof bookingSchema>>(lastResult, {
    constraint,
    defaultValue: {
      deviceCategory: prefill.deviceCategory,
      deviceBrand: prefill.deviceBrand,
      deviceModel: prefill.deviceModel,
      issueType: prefill.issueType,
      issueDescription: prefill.issueDescription,
      preferredDate: availability.date,
      urgency: "normal",
    },
  });
  const firstName = field("firstName");
  const lastName = field("lastName");
  const email = field("email");
  const phone = field("phone");
  const deviceCategory = field("deviceCategory");
  const deviceBrand = field("deviceBrand");
  const deviceModel = field("deviceModel");
  const issueType = field("issueType");
  const issueDescription = field("issueDescription");
  const preferredDate = field("preferredDate");
  const preferredTime = field("preferredTime");
  const urgency = field("urgency");

  return (
    <Form method="post" className="space-y-6" data-kept-form="booking" {...form.props}>
      {/* Enter in a field books, as the last button does, rather than taking a schedule step. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <SubmissionGuards submissionKey={submissionKey} />
      <ErrorSummary form={form} />
      {repairChoice ? <RepairChoiceSummary choice={repairChoice} /> : null}

      <Section title="Personal Information">
        <InputField
          field={firstName}
          label="First Name"
          required
          inputProps={{ type: "text", autoComplete: "given-name", maxLength: 50 }}
        />
        <InputField
          field={lastName}
          label="Last Name"
          required
          inputProps={{ type: "text", autoComplete: "family-name", maxLength: 50 }}
        />
        <InputField field={email} label="Email" required inputProps={emailInput} />
        <InputField field={phone} label="Phone" required inputProps={phoneInput} />
      </Section>
      <ContactConsentFields field={field} />

      <Section title="Device Information">
        <SelectField field={deviceCategory} label="Device Category" required>
          <DeviceCategoryOptions value="title" />
        </SelectField>
        <InputField
          field={deviceBrand}
          label="Device Brand"
          inputProps={{ type: "text", placeholder: "e.g. Apple, Samsung", maxLength: 100 }}
        />
        <InputField
          field={deviceModel}
          label="Device Model"
          inputProps={{ type: "text", placeholder: "e.g. iPhone 15 Pro", maxLength: 150 }}
        />
        <SelectField field={issueType} label="Issue Type" required>
          <option value="">Select the issue</option>
          {prefill.issueOptions.map((issue) => (
            <option key={issue} value={issue}>
              {issue}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <TextareaField
            field={issueDescription}
            label="Issue Description"
            textareaProps={{
              rows: 4,
              maxLength: 2000,
              placeholder: "Tell us what happened and what you've noticed.",
            }}
          />
        </div>
      </Section>

      <Section id="schedule" title="Schedule Appointment">
        <ScheduleFields
          date={preferredDate}
          time={preferredTime}
          minDate={minDate}
          maxDate={maxDate}
          availability={availability}
        />
        <UrgencyField field={urgency} />
      </Section>

      <SubmitButton
        label="Book Appointment"
        pendingLabel="Booking..."
        className="w-full text-lg sm:w-auto"
      />
    </Form>
  );
}
