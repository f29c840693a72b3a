import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageIntro } from "~/components/page-intro";
import { contactSubjects, policies } from "~/config/shop";
import { saveContactMessage } from "~/lib/contact.server";
import { pageTitle } from "~/lib/meta";
import { newSubmissionKey } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { contactSchema } from "~/schemas/contact";

export function loader() {
  return { submissionKey: newSubmissionKey() };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: contactSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  try {
    await saveContactMessage(submission.value);
  } catch {
    return data(
      submission.reply({
        formErrors: ["There was an error sending your message. Please try again or call us directly."],
      }),
      { status: 503 },
    );
  }
  return redirectWithToast("/contact", {
    type: "success",
    title: "Message Sent Successfully!",
    description: `Thank you for contacting us. We'll get back to you within ${policies.messageReplyWithinHours} hours.`,
  });
}

const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600 focus:ring-brand-600";

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  ) : null;
}

export default function ContactPage() {
  const { submissionKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <>
      <PageIntro title="Contact Us" lead="Questions about a repair, a quote or your warranty? Send us a message and we'll reply within 24 hours." />
      <section className="mx-auto max-w-3xl px-4 py-12">
        <h2 className="text-2xl font-bold text-slate-900">Send us a message</h2>
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="submissionKey" value={submissionKey} />
          {form.errors?.length ? (
            <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
              {form.errors[0]}
            </p>
          ) : null}
          <div>
            <label htmlFor={fields.name.id} className="font-medium">
              Name *
            </label>
            <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={fieldClass} />
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={fields.email.id} className="font-medium">
                Email *
              </label>
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={fieldClass} />
              <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            </div>
            <div>
              <label htmlFor={fields.phone.id} className="font-medium">
                Phone
              </label>
              <input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" className={fieldClass} />
              <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
            </div>
          </div>
          <div>
            <label htmlFor={fields.subject.id} className="font-medium">
              Subject
            </label>
            <select {...getSelectProps(fields.subject)} className={fieldClass}>
              <option value="">Select a subject</option>
              {contactSubjects.map((subject) => (
                <option key={subject.value} value={subject.value}>
                  {subject.label}
                </option>
              ))}
            </select>
            <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
          </div>
          <div>
            <label htmlFor={fields.message.id} className="font-medium">
              Message *
            </label>
            <textarea {...getTextareaProps(fields.message)} rows={6} className={fieldClass} />
            <FieldError id={fields.message.errorId} errors={fields.message.errors} />
          </div>
          <button
            type="submit"
            disabled={sending}
            className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {sending ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Contact Us") }];
