import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "~/components/forms/error-summary";
import {
  FieldError,
  SubmissionGuards,
  InputField,
  SelectField,
  TextareaField,
} from "~/components/forms/field";
import { emailInput, phoneInput } from "~/components/forms/input-presets";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { contactSubjects } from "~/config/shop";
import type { contactSchema } from "~/schemas/contact";

/**
 * Validated by the server; the browser checks the HTML constraints the schema gives first. With
 * JavaScript a message the server does not answer is kept on the phone, like a booking.
 */
export function ContactForm({
  submissionKey,
  lastResult,
  constraint,
}: {
  submissionKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const { form, field } = useFormReply<z.input<typeof contactSchema>>(lastResult, { constraint });
  const name = field("name");
  const email = field("email");
  const phone = field("phone");
  const subject = field("subject");
  const message = field("message");
  const sendCopy = field("sendCopy");

  return (
    <Form method="post" className="space-y-4" data-kept-form="contact" {...form.props}>
      <SubmissionGuards submissionKey={submissionKey} />
      <ErrorSummary form={form} />
      <InputField
        field={name}
        label="Name"
        required
        inputProps={{ type: "text", autoComplete: "name", maxLength: 100 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={email} label="Email" required inputProps={emailInput} />
        <InputField field={phone} label="Phone" inputProps={phoneInput} />
      </div>
      <SelectField field={subject} label="Subject">
        <option value="">Select a subject</option>
        {contactSubjects.map((subject) => (
          <option key={subject.value} value={subject.value}>
            {subject.label}
          </option>
        ))}
      </SelectField>
      <TextareaField
        field={message}
        label="Message"
        required
        textareaProps={{ rows: 6, maxLength: 5000 }}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:min-h-6">
        <input
          type="checkbox"
          id={sendCopy.id}
          name={sendCopy.props.name}
          defaultChecked={sendCopy.props.defaultValue === "on"}
          aria-invalid={sendCopy.props["aria-invalid"]}
          aria-describedby={sendCopy.props["aria-describedby"]}
          className="h-6 w-6 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
        />
        Send me a copy of this message by e-mail
      </label>
      <FieldError field={sendCopy} />
      <SubmitButton label="Send Message" pendingLabel="Sending..." />
    </Form>
  );
}
