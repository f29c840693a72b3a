import { getZodConstraint } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { BookingForm } from "~/components/booking/booking-form";
import { BookingHelp, BusinessHours } from "~/components/booking/booking-help";
import { PageIntro } from "~/components/page-intro";
import { useActionToast } from "~/components/toaster";
import { booking } from "~/config/shop";
import { bookingPrefill } from "~/lib/booking-prefill";
import { submitBooking } from "~/lib/bookings.server";
import { isDatabaseOutage } from "~/lib/database-outage.server";
import { dayAvailability } from "~/lib/availability.server";
import { bookingFailedToast, bookingKeyReusedMessage, formExpiredMessage, slotFullMessage, tooManyAttemptsMessage } from "~/lib/form-messages";
import { parseForm, replyWithError, replyWithNewKey } from "~/lib/form-reply.server";
import { keepFormOnNetworkError } from "~/lib/client-action";
import { pageTitle } from "~/lib/meta";
import { publicOrigin } from "~/lib/env.server";
import { addDays, isValidDate, shopToday } from "~/lib/shop-time";
import { privatePageHeaders } from "~/lib/private-page";
import { weekOfSlots } from "~/lib/slots";
import { reissuedKey } from "~/lib/reissued-key";
import { issueFormKey, storedSubmissionKey } from "~/lib/submission.server";
import { bookingMissingToast, bookingSchema } from "~/schemas/booking";

export async function loader({ request }: LoaderFunctionArgs) {
  const today = shopToday();
  return {
    submissionKey: issueFormKey(),
    constraint: getZodConstraint(bookingSchema),
    prefill: bookingPrefill(new URL(request.url).searchParams),
    minDate: today,
    maxDate: addDays(today, booking.maxDaysAhead),
    availability: await dayAvailability(),
    week: weekOfSlots(),
  };
}

export const headers = privatePageHeaders;

/**
 * The schedule steps of a form without JavaScript ("Show times for this date", or one of the
 * offered free times): the form comes back as typed, with no messages, under the key it was sent
 * with (so that a later submission is still recognised as a retry), and with the day's times. A
 * date it cannot read shows the first day with a free time.
 */
async function scheduleStep(formData: FormData, intent: string) {
  const { error: _untouched, ...kept } = parseForm(formData, bookingSchema).reply();
  const [offeredDate, offeredTime] = intent.split("T");
  const offered = offeredDate && offeredTime && isValidDate(offeredDate) && /^\d\d:\d\d$/.test(offeredTime);
  const date = offered ? offeredDate : formData.get("preferredDate");
  const availability = await dayAvailability(typeof date === "string" && isValidDate(date) ? date : undefined);
  const initialValue = { ...kept.initialValue, preferredDate: availability.date, ...(offered ? { preferredTime: offeredTime } : {}) };
  const key = String(formData.get("submissionKey"));
  return data({ result: { ...kept, initialValue }, toast: undefined, submissionKey: storedSubmissionKey("form", key) ? key : issueFormKey(), availability });
}

async function book(formData: FormData, context: AppLoadContext) {
  const submission = parseForm(formData, bookingSchema);
  const withNewKey = (status: number, message: string) => replyWithNewKey(context, submission, status, bookingFailedToast, message);
  if (submission.status !== "success") {
    if (submission.error?.submissionKey) return withNewKey(400, formExpiredMessage);
    return replyWithError(context, submission, 400, { toast: bookingMissingToast(formData) });
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

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (typeof intent === "string") return scheduleStep(formData, intent);
  const answer = await book(formData, context);
  if (!("data" in answer)) return answer; // a redirect
  // The form comes back with the times of the date it carries; a successful booking skips this query.
  const date = answer.data.result.initialValue?.preferredDate;
  const availability = await dayAvailability(typeof date === "string" && isValidDate(date) ? date : undefined);
  return data({ ...answer.data, availability }, answer.init ?? undefined);
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
  const { submissionKey, prefill, minDate, maxDate, constraint, availability, week } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);

  return (
    <>
      <PageIntro
        title="Book an Appointment"
        shortLead={`We confirm within ${booking.contactWithinHours} hour.`}
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
          availability={actionData?.availability ?? availability}
          week={week}
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
