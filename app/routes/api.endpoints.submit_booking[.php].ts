import type { ActionFunctionArgs } from "@remix-run/node";
import { bookingReference } from "~/lib/booking-reference";
import { submitBooking } from "~/lib/bookings.server";
import { bookingFailedToast, slotFullMessage, tooManyAttemptsMessage } from "~/lib/form-messages";
import { failure, json, methodNotAllowed, readJsonObject, tooManyRequests, validationFailed } from "~/lib/legacy-api.server";

import { newSubmissionKey } from "~/lib/submission.server";
import { bookingSchema } from "~/schemas/booking";
import { publicOrigin } from "~/lib/env.server";

export const loader = () => methodNotAllowed("POST");

/** The legacy booking endpoint. An Idempotency-Key header makes retries return the first result. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJsonObject(request);
    const idempotencyKey = request.headers.get("idempotency-key");
    const parsed = bookingSchema.safeParse({ ...body, submissionKey: idempotencyKey ?? newSubmissionKey() });
    if (!parsed.success) return validationFailed(parsed.error);
    const result = await submitBooking(parsed.data, context, publicOrigin());
    switch (result.outcome) {
      case "spam":
        return json({ success: true }, 202);
      case "rate_limited":
        return tooManyRequests(result.retryAfterSeconds, tooManyAttemptsMessage(result.retryAfterSeconds));
      case "slot_full":
        return json({ success: false, message: "This time slot is fully booked.", errors: { preferredTime: [slotFullMessage] } }, 409);
      case "key_reused":
        return json({ success: false, message: "This Idempotency-Key was already used for a different booking." }, 422);
      default:
        return json({ success: true, id: result.booking.id, reference: bookingReference(result.booking.id) }, 201);
    }
  } catch (error) {
    return failure(error, bookingFailedToast.description!);
  }
}
