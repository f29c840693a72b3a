import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormError, Honeypot, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { deviceCategories, timeSlots, urgencies } from "~/config/shop";
import type { BookingPrefill } from "~/lib/booking-prefill";
import { honeypotName } from "~/lib/honeypot";
import type { bookingSchema } from "~/schemas/booking";

type Props = {
  submissionKey: string;
  prefill: BookingPrefill;
  minDate: string;
  maxDate: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** HTML constraints (required, maxlength…) derived from the schema on the server. */
  constraint: ReturnType<typeof getZodConstraint>;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 p-5 sm:p-6">
      <legend className="px-2 text-lg font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * Validated on the server only, with or without JavaScript, so the schema library stays out of
 * the page's JavaScript; the browser checks the HTML constraints before a page without it posts.
 */
export function BookingForm({ submissionKey, prefill, minDate, maxDate, lastResult, constraint }: Props) {
  const [form, fields] = useForm<z.input<typeof bookingSchema>>({
    lastResult,
    constraint,
    defaultValue: {
      deviceCategory: prefill.deviceCategory,
      deviceBrand: prefill.deviceBrand,
      deviceModel: prefill.deviceModel,
      issueType: prefill.issueType,
      issueDescription: prefill.issueDescription,
      urgency: "normal",
    },
  });

  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <Honeypot name={honeypotName} />
      <FormError id={form.errorId} errors={form.errors} />

      <Section title="Personal Information">
        <Field id={fields.firstName.id} label="First Name" required errorId={fields.firstName.errorId} errors={fields.firstName.errors}>
          <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" maxLength={50} className={inputClass} />
        </Field>
        <Field id={fields.lastName.id} label="Last Name" required errorId={fields.lastName.errorId} errors={fields.lastName.errors}>
          <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" maxLength={50} className={inputClass} />
        </Field>
        <Field id={fields.email.id} label="Email" required errorId={fields.email.errorId} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" maxLength={254} className={inputClass} />
        </Field>
        <Field id={fields.phone.id} label="Phone" required errorId={fields.phone.errorId} errors={fields.phone.errors}>
          <input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" maxLength={40} className={inputClass} />
        </Field>
      </Section>

      <Section title="Device Information">
        <Field id={fields.deviceCategory.id} label="Device Category" required errorId={fields.deviceCategory.errorId} errors={fields.deviceCategory.errors}>
          <select {...getSelectProps(fields.deviceCategory)} className={inputClass}>
            <option value="">Select a category</option>
            {deviceCategories.map((c) => (
              <option key={c.slug} value={c.title}>
                {c.title}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.deviceBrand.id} label="Device Brand" errorId={fields.deviceBrand.errorId} errors={fields.deviceBrand.errors}>
          <input {...getInputProps(fields.deviceBrand, { type: "text" })} placeholder="e.g. Apple, Samsung" maxLength={100} className={inputClass} />
        </Field>
        <Field id={fields.deviceModel.id} label="Device Model" errorId={fields.deviceModel.errorId} errors={fields.deviceModel.errors}>
          <input {...getInputProps(fields.deviceModel, { type: "text" })} placeholder="e.g. iPhone 15 Pro" maxLength={150} className={inputClass} />
        </Field>
        <Field id={fields.issueType.id} label="Issue Type" required errorId={fields.issueType.errorId} errors={fields.issueType.errors}>
          <select {...getSelectProps(fields.issueType)} className={inputClass}>
            <option value="">Select the issue</option>
            {prefill.issueOptions.map((issue) => (
              <option key={issue} value={issue}>
                {issue}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-2">
          <Field id={fields.issueDescription.id} label="Issue Description" errorId={fields.issueDescription.errorId} errors={fields.issueDescription.errors}>
            <textarea
              {...getTextareaProps(fields.issueDescription)}
              rows={4}
              maxLength={2000}
              placeholder="Tell us what happened and what you've noticed."
              className={inputClass}
            />
          </Field>
        </div>
      </Section>

      <Section title="Schedule Appointment">
        <Field id={fields.preferredDate.id} label="Preferred Date" required errorId={fields.preferredDate.errorId} errors={fields.preferredDate.errors}>
          <input {...getInputProps(fields.preferredDate, { type: "date" })} min={minDate} max={maxDate} className={inputClass} />
        </Field>
        <Field id={fields.preferredTime.id} label="Preferred Time" required errorId={fields.preferredTime.errorId} errors={fields.preferredTime.errors}>
          <select {...getSelectProps(fields.preferredTime)} className={inputClass}>
            <option value="">Select a time</option>
            {timeSlots.map((slot) => (
              <option key={slot.value} value={slot.value}>
                {slot.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.urgency.id} label="Urgency" errorId={fields.urgency.errorId} errors={fields.urgency.errors}>
          <select {...getSelectProps(fields.urgency)} className={inputClass}>
            {urgencies.map((u) => (
              <option key={u.value} value={u.value}>
                {u.label}
              </option>
            ))}
          </select>
        </Field>
      </Section>

      <SubmitButton label="Book Appointment" pendingLabel="Booking..." className="w-full text-lg sm:w-auto" />
    </Form>
  );
}
