import { data, redirect, type AppLoadContext } from "react-router";
import { submitBooking } from "~/models/booking.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { publicOrigin } from "~/server/env.server";
import {
  bookingAlreadyStoredToast,
  bookingFailedToast,
  formExpiredMessage,
  slotFullMessage,
  tooManyAttemptsMessage,
  tooManyBookingsMessage,
} from "~/content/messages/form-messages";
import { parseForm, replyWithError, replyWithNewKey } from "~/server/form-reply.server";
import { confirmationPath } from "~/utils/booking-reference";
import { landedSubmission } from "~/models/submission-landing.server";
import { redirectWithToast } from "~/server/toast.server";
import { availabilityOf, scheduleStepDay } from "~/routes/schedule-step.server";
import { issueFormKey, storedSubmissionKey } from "~/server/submission.server";
import { bookingMissingToast, bookingSchema } from "~/schemas/booking";

/**
 * The schedule steps of a form without JavaScript (`scheduleStepDay`): the form comes back as
 * typed, with no messages, under the key it was sent with (so that a later submission is still
 * recognised as a retry), and with the day's times.
 */
async function scheduleStep(formData: FormData, intent: string) {
  const { error: _untouched, ...kept } = parseForm(formData, bookingSchema).reply();
  const { availability, offeredTime } = await scheduleStepDay(formData, intent);
  const initialValue = {
    ...kept.initialValue,
    preferredDate: availability.date,
    ...(offeredTime ? { preferredTime: offeredTime } : {}),
  };
  const key = String(formData.get("submissionKey"));
  return data({
    result: { ...kept, initialValue },
    toast: undefined,
    submissionKey: storedSubmissionKey("form", key) ? key : issueFormKey(),
    availability,
  });
}

async function book(formData: FormData, context: AppLoadContext) {
  const submission = parseForm(formData, bookingSchema);
  const withNewKey = (status: number, message: string) =>
    replyWithNewKey(context, submission, status, bookingFailedToast, message);
  if (submission.status !== "success") {
    if (submission.error?.submissionKey) return withNewKey(400, formExpiredMessage);
    return replyWithError(context, submission, 400, { toast: bookingMissingToast(formData) });
  }
  try {
    const result = await submitBooking(submission.value, context, publicOrigin(), "form");
    switch (result.outcome) {
      case "created":
      case "replayed":
        return redirect(confirmationPath(result.booking.trackingToken), 303);
      case "spam":
        return redirect("/book-appointment", 303);
      case "rate_limited": {
        const message = tooManyAttemptsMessage(result.retryAfterSeconds);
        return replyWithError(context, submission, 429, {
          toast: { ...bookingFailedToast, description: message },
          formErrors: [message],
        });
      }
      case "slot_full":
        return replyWithError(context, submission, 409, {
          fieldErrors: { preferredTime: [slotFullMessage] },
        });
      // As the schema refuses a date or time: the day's hours are only read with the booking.
      case "closed":
        return replyWithError(context, submission, 400, {
          fieldErrors: { [result.refusal.field]: [result.refusal.message] },
        });
      case "too_many_bookings": {
        const message = tooManyBookingsMessage(result.limit);
        return replyWithError(context, submission, 409, {
          toast: { ...bookingFailedToast, description: message },
          formErrors: [message],
        });
      }
      case "key_invalid":
        return withNewKey(400, formExpiredMessage);
      case "key_reused": {
        // The key's holder sent it (decision 0060): never a second booking, its own page instead.
        const stored = await landedSubmission(
          "booking",
          storedSubmissionKey("form", submission.value.submissionKey)!,
        );
        return redirectWithToast(stored!.location, bookingAlreadyStoredToast, { status: 303 });
      }
    }
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return replyWithError(context, submission, 503, {
      toast: bookingFailedToast,
      formErrors: [bookingFailedToast.description!],
    });
  }
}

/**
 * The booking form's answer to what it posted: a redirect to the confirmation, or the form back
 * with its messages and the times of the date it carries. The page's action and the door of
 * submissions queued on the visitor's phone both answer with it.
 */
export async function answerBookingForm(formData: FormData, context: AppLoadContext) {
  const intent = formData.get("intent");
  if (typeof intent === "string") return scheduleStep(formData, intent);
  const answer = await book(formData, context);
  if (!("data" in answer)) return answer; // a redirect
  // The form comes back with the times of the date it carries; a successful booking skips this
  // query.
  const availability = await availabilityOf(answer.data.result.initialValue?.preferredDate);
  return data({ ...answer.data, availability }, answer.init ?? undefined);
}
