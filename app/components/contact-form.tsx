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
import { contactSubjects } from "~/config/shop";
import { honeypotName } from "~/lib/honeypot";
import type { contactSchema } from "~/schemas/contact";

/** Validated on the server only, like the booking form, to keep the schema library out of the page. */
export function ContactForm({
  submissionKey,
  lastResult,
  constraint,
}: {
  submissionKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: ReturnType<typeof getZodConstraint>;
}) {
  const [form, fields] = useForm<z.input<typeof contactSchema>>({
    lastResult,
    constraint,
  });

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <Honeypot name={honeypotName} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field id={fields.name.id} label="Name" required errorId={fields.name.errorId} errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" maxLength={100} className={inputClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.email.id} label="Email" required errorId={fields.email.errorId} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" maxLength={254} className={inputClass} />
        </Field>
        <Field id={fields.phone.id} label="Phone" errorId={fields.phone.errorId} errors={fields.phone.errors}>
          <input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" maxLength={40} className={inputClass} />
        </Field>
      </div>
      <Field id={fields.subject.id} label="Subject" errorId={fields.subject.errorId} errors={fields.subject.errors}>
        <select {...getSelectProps(fields.subject)} className={inputClass}>
          <option value="">Select a subject</option>
          {contactSubjects.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fields.message.id} label="Message" required errorId={fields.message.errorId} errors={fields.message.errors}>
        <textarea {...getTextareaProps(fields.message)} rows={6} maxLength={5000} className={inputClass} />
      </Field>
      <SubmitButton label="Send Message" pendingLabel="Sending..." />
    </Form>
  );
}
