import { getZodConstraint } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { BookingForm } from "~/components/booking/booking-form";
import { BookingHelp, BusinessHours } from "~/components/booking/booking-help";
import { PageIntro } from "~/components/page-intro";
import { useActionToast } from "~/components/toaster";
import { booking } from "~/config/shop";
import { bookingPrefill } from "~/lib/booking-prefill";
import { submitBooking } from "~/lib/bookings.server";
import { isDatabaseOutage } from "~/lib/database-outage.server";
import { bookingFailedToast, bookingKeyReusedMessage, formExpiredMessage, missingFieldsToast, slotFullMessage, tooManyAttemptsMessage } from "~/lib/form-messages";
import { parseForm, replyWithError, replyWithNewKey } from "~/lib/form-reply.server";
import { keepFormOnNetworkError } from "~/lib/client-action";
import { pageTitle } from "~/lib/meta";
import { publicOrigin } from "~/lib/env.server";
import { addDays, shopToday } from "~/lib/shop-time";
import { privatePageHeaders } from "~/lib/private-page";
import { reissuedKey } from "~/lib/reissued-key";
import { issueFormKey } from "~/lib/submission.server";
import { bookingFieldLabels, bookingRequiredFields, bookingSchema } from "~/schemas/booking";

export function loader({ request }: LoaderFunctionArgs) {
  const today = shopToday();
  return {
    submissionKey: issueFormKey(),
    constraint: getZodConstraint(bookingSchema),
    prefill: bookingPrefill(new URL(request.url).searchParams),
    minDate: today,
    maxDate: addDays(today, booking.maxDaysAhead),
  };
}

export const headers = privatePageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, bookingSchema);
  const withNewKey = (status: number, message: string) => replyWithNewKey(context, submission, status, bookingFailedToast, message);
  if (submission.status !== "success") {
    if (submission.error?.submissionKey) return withNewKey(400, formExpiredMessage);
    return replyWithError(context, submission, 400, { toast: missingFieldsToast(formData, bookingRequiredFields, bookingFieldLabels) });
  }
  try {
    const result = await submitBooking(submission.value, context, publicOrigin(), "form");
    switch (result.outcome) {
      case "created":
      case "replayed":
        return redirect(`/book-appointment/confirmation/${result.booking.trackingToken}`, 303);
      case "spam":
        return redirect("/book-appointment", 303);
      case "rate_limited": {
        const message = tooManyAttemptsMessage(result.retryAfterSeconds);
        return replyWithError(context, submission, 429, { toast: { ...bookingFailedToast, description: message }, formErrors: [message] });
      }
      case "slot_full":
        return replyWithError(context, submission, 409, { fieldErrors: { preferredTime: [slotFullMessage] } });
      case "key_invalid":
        return withNewKey(400, formExpiredMessage);
      case "key_reused":
        return withNewKey(422, bookingKeyReusedMessage);
    }
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return replyWithError(context, submission, 503, { toast: bookingFailedToast, formErrors: [bookingFailedToast.description!] });
  }
}

export const clientAction = keepFormOnNetworkError(bookingFailedToast);

/**
 * A form answered with an error on the same page keeps the submission key it was rendered with:
 * a retry after a failed request must send the same key, or the server cannot recognise it as a
 * retry. Only an answer refusing the key carries a new one to post instead. After a success (a
 * redirect, so no action data) the page loads afresh with a new key.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod === "POST" && actionResult !== undefined && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function BookAppointmentPage() {
  const { submissionKey, prefill, minDate, maxDate, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);

  return (
    <>
      <PageIntro
        title="Book an Appointment"
        lead={`Tell us about your device and pick a time that suits you. We'll contact you within ${booking.contactWithinHours} hour to confirm.`}
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 lg:grid-cols-[1fr_20rem]">
        <BookingForm
          submissionKey={reissuedKey(actionData) ?? submissionKey}
          prefill={prefill}
          minDate={minDate}
          maxDate={maxDate}
          lastResult={actionData?.result}
          constraint={constraint}
        />
        <aside className="space-y-6">
          <BusinessHours />
          <BookingHelp />
        </aside>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Book an Appointment") },
  { name: "description", content: "Book a phone, tablet, laptop, console or smart watch repair at our Oakville shop in under a minute." },
];
