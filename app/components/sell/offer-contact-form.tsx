import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, InputField, SelectField, SubmissionGuards } from "~/components/forms/field";
import { emailInput, phoneInput } from "~/components/forms/input-presets";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { DropOffDay } from "~/types/sell";
import { justBringIt, type offerContactSchema } from "~/schemas/trade-offer";
import type { FormField } from "~/components/forms/use-form-reply";

function ConsentBox({ field, label }: { field: FormField; label: string }) {
  return (
    <>
      <label className="flex min-h-11 items-center gap-2 text-slate-800 sm:min-h-6">
        <input
          type="checkbox"
          id={field.id}
          name={field.props.name}
          defaultChecked={field.props.defaultValue === "on"}
          aria-invalid={field.props["aria-invalid"]}
          aria-describedby={field.props["aria-describedby"]}
          className="h-6 w-6 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
        />
        {label}
      </label>
      <FieldError field={field} />
    </>
  );
}

/**
 * Keeping the offer: who the seller is, how they agree to get it (both boxes unticked until they
 * tick one), and when they'll drop it off. The device and answers ride along as hidden fields;
 * the server works the amount out again from them. With JavaScript an offer the server does not
 * answer is kept on the phone and sent once back online, like a booking.
 */
export function OfferContactForm({
  submissionKey,
  hidden,
  dropOffDays,
  lastResult,
  constraint,
}: {
  submissionKey: string;
  hidden: Record<string, string>;
  dropOffDays: DropOffDay[];
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const { form, field } = useFormReply<z.input<typeof offerContactSchema>>(lastResult, {
    constraint,
  });
  const name = field("name");
  const email = field("email");
  const phone = field("phone");
  const dropOff = field("dropOff");
  return (
    <Form method="post" className="mt-6 space-y-4" data-kept-form="trade" {...form.props}>
      <h2 className="text-xl font-bold text-slate-900">Keep this offer</h2>
      <p className="text-slate-700">
        We'll hold it under a reference until the date above. Tell us how to reach you.
      </p>
      <SubmissionGuards submissionKey={submissionKey} />
      {Object.entries(hidden).map(([fieldName, value]) => (
        <input key={fieldName} type="hidden" name={fieldName} value={value} />
      ))}
      <ErrorSummary form={form} />
      <InputField
        field={name}
        label="Your name"
        required
        inputProps={{ type: "text", autoComplete: "name", maxLength: 200 }}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <InputField
          field={email}
          label="E-mail"
          hint="An e-mail address or a phone number, or both."
          inputProps={{ ...emailInput, required: false }}
        />
        <InputField
          field={phone}
          label="Mobile phone"
          inputProps={{ ...phoneInput, required: false }}
        />
      </div>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">Send me this offer</legend>
        <ConsentBox field={field("sendByEmail")} label="By e-mail" />
        <ConsentBox field={field("sendByText")} label="By text message" />
      </fieldset>
      <SelectField field={dropOff} label="Drop-off time" alwaysChosen>
        <option value={justBringIt}>I'll just bring it in</option>
        {dropOffDays.map((day) => (
          <optgroup key={day.label} label={day.label}>
            {day.times.map((time) => (
              <option key={time.value} value={time.value}>
                {day.label}, {time.label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <SubmitButton label="Keep my offer" pendingLabel="Saving..." />
    </Form>
  );
}
