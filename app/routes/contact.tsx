import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { PageIntro } from "~/components/page-intro";
import { useActionToast } from "~/components/toaster";
import { policies } from "~/config/shop";
import { saveContactMessage } from "~/lib/contact.server";
import { contactFailedToast, contactMissingToast, contactSentToast, tooManyAttemptsMessage, type ToastMessage } from "~/lib/form-messages";
import { keepFormOnNetworkError } from "~/lib/client-action";
import { pageTitle } from "~/lib/meta";
import { checkSubmitLimit, isHoneypotTripped } from "~/lib/public-form.server";
import { newSubmissionKey } from "~/lib/submission.server";
import { redirectWithToast, toastForThisRequest } from "~/lib/toast.server";
import { contactRequiredFields, contactSchema } from "~/schemas/contact";

export function loader() {
  return { submissionKey: newSubmissionKey() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  const fail = (status: number, toast?: ToastMessage, formErrors?: string[]) => {
    if (toast) toastForThisRequest(context, toast);
    return data({ result: submission.reply(formErrors ? { formErrors } : undefined), toast }, { status });
  };

  if (submission.status !== "success") {
    const missing = contactRequiredFields.some((name) => !String(formData.get(name) ?? "").trim());
    return fail(400, missing ? contactMissingToast : undefined);
  }
  if (isHoneypotTripped(submission.value.website)) return redirect("/contact", 303);

  try {
    const limit = await checkSubmitLimit(context);
    if (!limit.allowed) {
      const message = tooManyAttemptsMessage(limit.retryAfterSeconds);
      return fail(429, { ...contactFailedToast, description: message }, [message]);
    }
    await saveContactMessage(submission.value);
  } catch {
    return fail(503, contactFailedToast, [contactFailedToast.description!]);
  }
  return redirectWithToast("/contact", contactSentToast, { status: 303 });
}

export const clientAction = keepFormOnNetworkError(contactFailedToast);

/**
 * A form answered on the same page keeps the submission key it was rendered with: a retry after
 * a failed request must send the same key, or the server cannot recognise it as a retry.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod === "POST" && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function ContactPage() {
  const { submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  useActionToast(actionData?.toast);

  return (
    <>
      <PageIntro
        title="Contact Us"
        lead={`Questions about a repair, a quote or your warranty? Send us a message and we'll reply within ${policies.messageReplyWithinHours} hours.`}
      />
      <section className="mx-auto max-w-3xl px-4 py-12">
        <h2 className="text-2xl font-bold text-slate-900">Send us a message</h2>
        <div className="mt-6">
          <ContactForm key={submissionKey} submissionKey={submissionKey} lastResult={actionData?.result} sending={sending} />
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Contact Us") }];
