import { bookingReference } from "~/utils/booking-reference";
import { submitBooking } from "~/models/booking.server";
import {
  bookingFailedToast,
  slotFullMessage,
  tooManyBookingsMessage,
} from "~/content/messages/form-messages";
import { json, jsonPost, methodNotAllowed } from "~/server/legacy-api.server";
import { publicOrigin } from "~/server/env.server";
import { submissionDoorRefused, withIdempotencyKey } from "~/server/submission-door.server";
import { bookingSchema } from "~/schemas/booking";

export const loader = () => methodNotAllowed("POST");

/**
 * The legacy booking endpoint. An Idempotency-Key header makes a retry answer what the first
 * request was answered (the id and reference of the booking this endpoint stored under that key).
 */
export const action = jsonPost(
  bookingSchema,
  bookingFailedToast.description!,
  async (data, { context }) => {
    const result = await submitBooking(data, context, publicOrigin(), "api");
    switch (result.outcome) {
      case "created":
      case "replayed":
        return json(
          { success: true, id: result.booking.id, reference: bookingReference(result.booking.id) },
          201,
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
      // Refused as the schema refuses a date or time, though found with the day's hours in the
      // database: the same status and shape as before closures existed.
      case "closed":
        return json(
          {
            success: false,
            message: result.refusal.message,
            errors: { [result.refusal.field]: [result.refusal.message] },
          },
          422,
        );
      case "too_many_bookings":
        return json({ success: false, message: tooManyBookingsMessage(result.limit) }, 409);
      default:
        return submissionDoorRefused(result);
    }
  },
  withIdempotencyKey,
);
