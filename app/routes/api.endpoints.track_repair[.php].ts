import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { tooManyAttemptsMessage } from "~/content/messages/form-messages";
import { failure, json, methodNotAllowed, tooManyRequests } from "~/server/legacy-api.server";
import {
  repairNotFoundMessage,
  tooManyFailedLookupsMessage,
  trackingMissingMessage,
} from "~/content/messages/tracking-messages";
import { lookUpRepairs } from "~/models/booking-tracking.server";
import type { TrackedRepair } from "~/types/tracking";
import { trackingSchema } from "~/schemas/tracking";
import { progressSteps } from "~/utils/repair-progress";

/**
 * The legacy response shape; `internalNotes` is the note the customer is meant to read. The
 * customer's fields are there only when the lookup entitles to them, and absent otherwise; a
 * lookup by phone alone has no `id`, `reference` or date that follows from the day the repair came
 * in (no `submissionDate`, history without times, an `appointment` only while one is to come).
 */
function legacyBooking(b: TrackedRepair) {
  const repair = {
    status: b.status,
    deviceCategory: b.deviceCategory,
    deviceModel: [b.deviceBrand, b.deviceModel].filter(Boolean).join(" ") || null,
    internalNotes: b.customerNote,
    expectedDeliveryDate: b.expectedDeliveryDate,
    // Added for issue 31 (decision 0057): what the tracking page shows beside the status.
    progress: b.progressStep === null ? null : progressSteps[b.progressStep],
    appointment: b.appointment,
    quotedPrice: b.quotedPrice,
  };
  if (!("reference" in b)) return { ...repair, history: b.history };
  const { personal } = b;
  return {
    id: b.id,
    reference: b.reference,
    ...repair,
    ...(personal && {
      firstName: personal.firstName,
      lastName: personal.lastName,
      email: personal.email,
      phone: personal.phone,
      issueDescription: personal.issueDescription,
    }),
    submissionDate: b.submittedAt,
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
