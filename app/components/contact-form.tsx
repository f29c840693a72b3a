import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormError, Honeypot, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { useToast } from "~/components/toaster";
import { contactSubjects } from "~/config/shop";
import { honeypotName } from "~/utils/honeypot";
import type { contactSchema } from "~/schemas/contact";

/** Validated by the server, and with JavaScript first in the browser by the same schema, loaded lazily like the booking form's. */
export function ContactForm({
  submissionKey,
  lastResult,
  constraint,
}: {
  submissionKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const { show } = useToast();
  const { form, field } = useFormReply<z.input<typeof contactSchema>>(lastResult, {
    constraint,
    validate: { form: "contact", toast: show },
  });
  const name = field("name");
  const email = field("email");
  const phone = field("phone");
  const subject = field("subject");
  const message = field("message");

  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <Honeypot name={honeypotName} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field id={name.id} label="Name" required errorId={name.errorId} errors={name.errors}>
        <input
          {...name.props}
          type="text"
          autoComplete="name"
          maxLength={100}
          className={inputClass}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={email.id} label="Email" required errorId={email.errorId} errors={email.errors}>
          <input
            {...email.props}
            type="email"
            autoComplete="email"
            maxLength={254}
            className={inputClass}
          />
        </Field>
        <Field id={phone.id} label="Phone" errorId={phone.errorId} errors={phone.errors}>
          <input
            {...phone.props}
            type="tel"
            autoComplete="tel"
            maxLength={40}
            className={inputClass}
          />
        </Field>
      </div>
      <Field id={subject.id} label="Subject" errorId={subject.errorId} errors={subject.errors}>
        <select {...subject.props} className={inputClass}>
          <option value="">Select a subject</option>
          {contactSubjects.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={message.id}
        label="Message"
        required
        errorId={message.errorId}
        errors={message.errors}
      >
        <textarea {...message.props} rows={6} maxLength={5000} className={inputClass} />
      </Field>
      <SubmitButton label="Send Message" pendingLabel="Sending..." />
    </Form>
  );
}
