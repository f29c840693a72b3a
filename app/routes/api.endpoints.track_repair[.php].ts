import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tooManyAttemptsMessage } from "~/content/messages/form-messages";
import { failure, json, methodNotAllowed, tooManyRequests } from "~/server/legacy-api.server";
import {
  repairNotFoundMessage,
  tooManyFailedLookupsMessage,
  trackingMissingMessage,
} from "~/content/messages/tracking-messages";
import { lookUpRepairs, type TrackedBooking } from "~/models/tracking.server";
import { trackingSchema } from "~/schemas/tracking";

/**
 * The legacy response shape; `internalNotes` is the note the customer is meant to read. The
 * customer's fields are there only when the lookup entitles to them, and absent otherwise.
 */
function legacyBooking({ personal, ...b }: TrackedBooking) {
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    ...(personal && {
      firstName: personal.firstName,
      lastName: personal.lastName,
      email: personal.email,
      phone: personal.phone,
      issueDescription: personal.issueDescription,
    }),
    deviceCategory: b.deviceCategory,
    deviceModel: [b.deviceBrand, b.deviceModel].filter(Boolean).join(" ") || null,
    submissionDate: b.submittedAt,
    internalNotes: b.customerNote,
    expectedDeliveryDate: b.expectedDeliveryDate,
    history: b.history,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = trackingSchema.safeParse({
    repairId: params.get("repairId") ?? undefined,
    phoneNumber: params.get("phoneNumber") ?? undefined,
  });
  if (!parsed.success) {
    const { formErrors, fieldErrors } = parsed.error.flatten();
    return json(
      { success: false, message: formErrors[0] ?? trackingMissingMessage, errors: fieldErrors },
      400,
    );
  }
  try {
    const lookup = await lookUpRepairs(parsed.data, context);
    switch (lookup.outcome) {
      case "rate_limited":
        return tooManyRequests(
          lookup.retryAfterSeconds,
          tooManyAttemptsMessage(lookup.retryAfterSeconds),
        );
      case "too_many_failures":
        return tooManyRequests(
          lookup.retryAfterSeconds,
          tooManyFailedLookupsMessage(lookup.retryAfterSeconds),
        );
      case "not_found":
        return json({ success: false, message: repairNotFoundMessage }, 404);
      case "found":
        return json({
          success: true,
          booking: legacyBooking(lookup.bookings[0]),
          bookings: lookup.bookings.map(legacyBooking),
        });
    }
  } catch (error) {
    return failure(error, "An unexpected error occurred. Please try again later.");
  }
}

export const action = (_: ActionFunctionArgs) => methodNotAllowed("GET");
