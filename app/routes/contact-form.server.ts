import { redirect, type AppLoadContext } from "react-router";
import { submitContactMessage } from "~/models/contact-message.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { publicOrigin } from "~/server/env.server";
import {
  contactFailedToast,
  contactKeyReusedMessage,
  contactSentToast,
  contactSentWithCopyToast,
  formExpiredMessage,
  tooManyAttemptsMessage,
} from "~/content/messages/form-messages";
import { parseForm, replyWithError, replyWithNewKey } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { contactMissing, contactSchema } from "~/schemas/contact";

/**
 * The contact form's answer to what it posted: back to the page with the "sent" toast, or the form
 * with its messages. The page's action and the door of messages queued on the visitor's phone
 * both answer with it.
 */
export async function answerContactForm(formData: FormData, context: AppLoadContext) {
  const submission = parseForm(formData, contactSchema);
  const withNewKey = (status: number, message: string) =>
    replyWithNewKey(context, submission, status, contactFailedToast, message);
  if (submission.status !== "success") {
    if (submission.error?.submissionKey) return withNewKey(400, formExpiredMessage);
    return replyWithError(context, submission, 400, { toast: contactMissing(formData) });
  }
  try {
    const result = await submitContactMessage(submission.value, context, publicOrigin(), "form");
    switch (result.outcome) {
      case "saved":
      case "replayed":
        return redirectWithToast(
          "/contact",
          submission.value.sendCopy ? contactSentWithCopyToast : contactSentToast,
          { status: 303 },
        );
      case "spam":
        return redirect("/contact", 303);
      case "rate_limited": {
        const message = tooManyAttemptsMessage(result.retryAfterSeconds);
        return replyWithError(context, submission, 429, {
          toast: { ...contactFailedToast, description: message },
          formErrors: [message],
        });
      }
      case "key_invalid":
        return withNewKey(400, formExpiredMessage);
      case "key_reused":
        return withNewKey(422, contactKeyReusedMessage);
    }
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return replyWithError(context, submission, 503, {
      toast: contactFailedToast,
      formErrors: [contactFailedToast.description!],
    });
  }
}
