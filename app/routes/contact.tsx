import { getZodConstraint } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { PageIntro } from "~/components/page-intro";
import { ContactInfo } from "~/components/public/contact-info";
import { useActionToast } from "~/components/toaster";
import { policies } from "~/config/shop";
import { contactPageFaqIds, faqItems } from "~/content/faq";
import { submitContactMessage } from "~/lib/contact.server";
import { isDatabaseOutage } from "~/lib/database-outage.server";
import { contactFailedToast, contactKeyReusedMessage, contactSentToast, formExpiredMessage, tooManyAttemptsMessage } from "~/lib/form-messages";
import { parseForm, replyWithError, replyWithNewKey } from "~/lib/form-reply.server";
import { keepFormOnNetworkError } from "~/lib/client-action";
import { publicOrigin } from "~/lib/env.server";
import { localBusinessJsonLd, pageMeta } from "~/lib/seo";
import { formPageHeaders } from "~/lib/private-page";
import { reissuedKey } from "~/lib/reissued-key";
import { issueFormKey } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { contactMissing, contactSchema } from "~/schemas/contact";

export function loader() {
  return {
    submissionKey: issueFormKey(),
    constraint: getZodConstraint(contactSchema),
    origin: publicOrigin(),
    // Built here and written by meta, so none of it is in the page's JavaScript.
    localBusiness: localBusinessJsonLd(publicOrigin()),
    faqs: contactPageFaqIds.flatMap((id) => faqItems.filter((item) => item.id === id)),
  };
}

export const headers = formPageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, contactSchema);
  const withNewKey = (status: number, message: string) => replyWithNewKey(context, submission, status, contactFailedToast, message);
  if (submission.status !== "success") {
    if (submission.error?.submissionKey) return withNewKey(400, formExpiredMessage);
    return replyWithError(context, submission, 400, { toast: contactMissing(formData) });
  }
  try {
    const result = await submitContactMessage(submission.value, context, publicOrigin(), "form");
    switch (result.outcome) {
      case "saved":
      case "replayed":
        return redirectWithToast("/contact", contactSentToast, { status: 303 });
      case "spam":
        return redirect("/contact", 303);
      case "rate_limited": {
        const message = tooManyAttemptsMessage(result.retryAfterSeconds);
        return replyWithError(context, submission, 429, { toast: { ...contactFailedToast, description: message }, formErrors: [message] });
      }
      case "key_invalid":
        return withNewKey(400, formExpiredMessage);
      case "key_reused":
        return withNewKey(422, contactKeyReusedMessage);
    }
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return replyWithError(context, submission, 503, { toast: contactFailedToast, formErrors: [contactFailedToast.description!] });
  }
}

export const clientAction = keepFormOnNetworkError(contactFailedToast);

/**
 * A form answered with an error on the same page keeps the submission key it was rendered with:
 * a retry after a failed request must send the same key, or the server cannot recognise it as a
 * retry. Only an answer refusing the key carries a new one to post instead. After a success (a
 * redirect, so no action data) the page loads afresh with a new key.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod === "POST" && actionResult !== undefined && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function ContactPage() {
  const { submissionKey, constraint, faqs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);

  return (
    <>
      <PageIntro
        title="Contact Us"
        lead={`Questions about a repair, a quote or your warranty? Send us a message and we'll reply within ${policies.messageReplyWithinHours} hours.`}
        shortLead={`We reply to every message within ${policies.messageReplyWithinHours} hours.`}
      />
      <ContactInfo faqs={faqs}>
        <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">Send us a message</h2>
        <div className="mt-4 sm:mt-6">
          <ContactForm
            key={submissionKey}
            submissionKey={reissuedKey(actionData) ?? submissionKey}
            lastResult={actionData?.result} constraint={constraint} />
        </div>
      </ContactInfo>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta({
    title: "Contact Us",
    description: `Call, WhatsApp, e-mail or visit WeFix in Oakville. Send us a message and we'll reply within ${policies.messageReplyWithinHours} hours.`,
    origin: data?.origin ?? "",
    path: "/contact",
  }),
  ...(data ? [{ "script:ld+json": data.localBusiness }] : []),
];
