import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, InputField, SubmissionGuards } from "~/components/forms/field";
import { emailInput, phoneInput } from "~/components/forms/input-presets";
import { NotifyChannelRadios } from "~/components/forms/notify-channel-radios";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { trade } from "~/config/shop";
import type { reservationSchema } from "~/schemas/reservation";

const channelLabels = { email: "E-mail", sms: "Text", both: "E-mail and text" };

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
        <NotifyChannelRadios field={notifyBy} labels={channelLabels} />
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
