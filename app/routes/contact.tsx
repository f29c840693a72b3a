import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { PageIntro } from "~/components/page-intro";
import { ContactInfo } from "~/components/public/contact-info";
import { useActionToast } from "~/components/toaster";
import { policies } from "~/config/shop";
import { contactPageFaqIds, faqItems } from "~/content/faq";
import { submitContactMessage } from "~/lib/contact.server";
import { contactFailedToast, contactMissingToast, contactSentToast, tooManyAttemptsMessage } from "~/lib/form-messages";
import { replyWithError } from "~/lib/form-reply.server";
import { keepFormOnNetworkError } from "~/lib/client-action";
import { pageMeta } from "~/lib/seo";
import { newSubmissionKey } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { contactRequiredFields, contactSchema } from "~/schemas/contact";
import { publicOrigin } from "~/lib/env.server";

export function loader() {
  return {
    submissionKey: newSubmissionKey(),
    constraint: getZodConstraint(contactSchema),
    origin: publicOrigin(),
    faqs: contactPageFaqIds.flatMap((id) => faqItems.filter((item) => item.id === id)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    const missing = contactRequiredFields.some((name) => !String(formData.get(name) ?? "").trim());
    return replyWithError(context, submission, 400, { toast: missing ? contactMissingToast : undefined });
  }
  try {
    const result = await submitContactMessage(submission.value, context, publicOrigin());
    if (result.outcome === "spam") return redirect("/contact", 303);
    if (result.outcome === "rate_limited") {
      const message = tooManyAttemptsMessage(result.retryAfterSeconds);
      return replyWithError(context, submission, 429, { toast: { ...contactFailedToast, description: message }, formErrors: [message] });
    }
  } catch {
    return replyWithError(context, submission, 503, { toast: contactFailedToast, formErrors: [contactFailedToast.description!] });
  }
  return redirectWithToast("/contact", contactSentToast, { status: 303 });
}

export const clientAction = keepFormOnNetworkError(contactFailedToast);

/**
 * A form answered with an error on the same page keeps the submission key it was rendered with:
 * a retry after a failed request must send the same key, or the server cannot recognise it as a
 * retry. After a success (a redirect, so no action data) the page loads afresh with a new key.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod === "POST" && actionResult !== undefined && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function ContactPage() {
  const { submissionKey, constraint, origin, faqs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);

  return (
    <>
      <PageIntro
        title="Contact Us"
        lead={`Questions about a repair, a quote or your warranty? Send us a message and we'll reply within ${policies.messageReplyWithinHours} hours.`}
      />
      <ContactInfo origin={origin} faqs={faqs}>
        <h2 className="text-2xl font-bold text-slate-900">Send us a message</h2>
        <div className="mt-6">
          <ContactForm key={submissionKey} submissionKey={submissionKey} lastResult={actionData?.result} constraint={constraint} />
        </div>
      </ContactInfo>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Contact Us",
    description: `Call, WhatsApp, e-mail or visit WeFix in Oakville. Send us a message and we'll reply within ${policies.messageReplyWithinHours} hours.`,
    origin: data?.origin ?? "",
    path: "/contact",
  });
