import { data, redirect, type AppLoadContext } from "react-router";
import {
  destructive,
  formExpiredMessage,
  tooManyAttemptsMessage,
} from "~/content/messages/form-messages";
import { submitReservation } from "~/models/stock-reservation.server";
import { reservationSchema } from "~/schemas/reservation";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { publicOrigin } from "~/server/env.server";
import { parseForm, replyWithError, replyWithNewKey } from "~/server/form-reply.server";

const failed = destructive("Not reserved", "Please check the form and try again.");

/** Someone else reserved or bought it between the page's load and the form's answer. */
const takenMessage =
  "Sorry, this device was reserved or sold a moment ago. Have a look at the others in the shop.";

/** Where the reservation's reference and time are shown. */
const reservedPath = (reference: string) => `/shop/reserved/${reference}`;

/**
 * The device page's "Reserve for pickup" form: on to the confirmation (303), or the page again
 * with the messages and what was typed. A retry of the same form lands on the same confirmation.
 */
export async function answerReservationForm(
  publicId: string,
  formData: FormData,
  context: AppLoadContext,
) {
  const submission = parseForm(formData, reservationSchema);
  if (submission.status !== "success") {
    if (submission.error?.submissionKey)
      return replyWithNewKey(context, submission, 400, failed, formExpiredMessage);
    return replyWithError(context, submission, 400, { toast: failed });
  }
  try {
    const result = await submitReservation(publicId, submission.value, context, publicOrigin());
    switch (result.outcome) {
      case "reserved":
      case "replayed":
        return redirect(reservedPath(result.reference), 303);
      case "spam":
        return redirect("/shop", 303);
      case "unknown":
        throw data("Device not found.", { status: 404 });
      case "taken":
        return replyWithError(context, submission, 409, {
          toast: { ...failed, description: takenMessage },
          formErrors: [takenMessage],
        });
      case "rate_limited": {
        const message = tooManyAttemptsMessage(result.retryAfterSeconds);
        return replyWithError(context, submission, 429, {
          toast: { ...failed, description: message },
          formErrors: [message],
        });
      }
      case "key_invalid":
        return replyWithNewKey(context, submission, 400, failed, formExpiredMessage);
    }
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    const message = "We could not take the reservation just now. Please try again in a minute.";
    return replyWithError(context, submission, 503, {
      toast: { ...failed, description: message },
      formErrors: [message],
    });
  }
}
