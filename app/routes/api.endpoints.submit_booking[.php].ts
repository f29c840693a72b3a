import type { ActionFunctionArgs } from "@remix-run/node";
import { bookingReference } from "~/utils/booking-reference";
import { submitBooking } from "~/models/booking.server";
import {
  bookingFailedToast,
  idempotencyKeyReusedMessage,
  invalidIdempotencyKeyMessage,
  slotFullMessage,
  tooManyAttemptsMessage,
} from "~/content/messages/form-messages";
import {
  failure,
  json,
  methodNotAllowed,
  readJsonObject,
  tooManyRequests,
  validationFailed,
} from "~/server/legacy-api.server";
import { publicOrigin } from "~/server/env.server";
import { idempotencyKeyOf } from "~/models/submission.server";
import { bookingSchema } from "~/schemas/booking";

export const loader = () => methodNotAllowed("POST");

/**
 * The legacy booking endpoint. An Idempotency-Key header makes a retry answer what the first
 * request was answered (the id and reference of the booking this endpoint stored under that key).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const submissionKey = idempotencyKeyOf(request);
    const body = await readJsonObject(request);
    const parsed = bookingSchema.safeParse({ ...body, submissionKey });
    if (!parsed.success) return validationFailed(parsed.error);
    const result = await submitBooking(parsed.data, context, publicOrigin(), "api");
    switch (result.outcome) {
      case "created":
      case "replayed":
        return json(
          { success: true, id: result.booking.id, reference: bookingReference(result.booking.id) },
          201,
        );
      case "spam":
        return json({ success: true }, 202);
      case "rate_limited":
        return tooManyRequests(
          result.retryAfterSeconds,
          tooManyAttemptsMessage(result.retryAfterSeconds),
        );
      case "slot_full":
        return json(
          {
            success: false,
            message: "This time slot is fully booked.",
            errors: { preferredTime: [slotFullMessage] },
          },
          409,
        );
      case "key_invalid":
        return json({ success: false, message: invalidIdempotencyKeyMessage }, 400);
      case "key_reused":
        return json({ success: false, message: idempotencyKeyReusedMessage }, 422);
    }
  } catch (error) {
    return failure(error, bookingFailedToast.description!);
  }
}
