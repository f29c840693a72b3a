import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, InputField, SubmissionGuards } from "~/components/forms/field";
import { emailInput, phoneInput } from "~/components/forms/input-presets";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { trade } from "~/config/shop";
import type { reservationSchema } from "~/schemas/reservation";
import type { NotifyChannel } from "~/types/booking";

const channels: { value: NotifyChannel; label: string }[] = [
  { value: "email", label: "E-mail" },
  { value: "sms", label: "Text" },
  { value: "both", label: "E-mail and text" },
];

/**
 * "Reserve for pickup": who is coming and how they want their reference. A plain form that posts
 * to the device page, the server checks it; the choice of e-mail or text is the customer's consent
 * to that one message.
 */
export function ReservationForm({
  submissionKey,
  lastResult,
  constraint,
}: {
  submissionKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const { form, field } = useFormReply<z.input<typeof reservationSchema>>(lastResult, {
    constraint,
  });
  const notifyBy = field("notifyBy");
  const chosen = (notifyBy.props.defaultValue as NotifyChannel | undefined) ?? "email";
  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <SubmissionGuards submissionKey={submissionKey} />
      <ErrorSummary form={form} />
      <InputField
        field={field("name")}
        label="Name"
        required
        inputProps={{ type: "text", autoComplete: "name", maxLength: 100 }}
      />
      <InputField field={field("email")} label="E-mail" inputProps={emailInput} />
      <InputField
        field={field("phone")}
        label="Mobile phone"
        inputProps={phoneInput}
        hint="For a text, and in case we need to reach you."
      />
      <fieldset aria-describedby={notifyBy.errors?.length ? notifyBy.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Send my reference by</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {channels.map((c, index) => (
            <label
              key={c.value}
              className="flex min-h-11 items-center gap-2 text-slate-900 sm:min-h-6"
            >
              <input
                id={index === 0 ? notifyBy.id : undefined}
                type="radio"
                name={notifyBy.props.name}
                value={c.value}
                defaultChecked={chosen === c.value}
                className="h-6 w-6 shrink-0 border-slate-400 text-brand-700 focus:ring-brand-600"
              />
              {c.label}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-600">
          One message with your reference, nothing else. Reply STOP to a text to stop texts.
        </p>
        <FieldError field={notifyBy} />
      </fieldset>
      <SubmitButton
        label={`Reserve for ${trade.reservationHours} hours`}
        pendingLabel="Reserving..."
        className="w-full sm:w-auto"
      />
    </Form>
  );
}
