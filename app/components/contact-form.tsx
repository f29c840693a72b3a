import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Field, FormError, Honeypot, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useToast } from "~/components/toaster";
import { contactSubjects } from "~/config/shop";
import { contactMissingToast } from "~/lib/form-messages";
import { contactRequiredFields, contactSchema } from "~/schemas/contact";
import { honeypotName } from "~/schemas/fields";

export function ContactForm({ submissionKey, lastResult }: { submissionKey: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { show } = useToast();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      if (submitter && contactRequiredFields.some((name) => !String(formData.get(name) ?? "").trim())) show(contactMissingToast);
      return parseWithZod(formData, { schema: contactSchema });
    },
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
