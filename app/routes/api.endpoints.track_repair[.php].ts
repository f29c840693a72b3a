import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tooManyAttemptsMessage } from "~/lib/form-messages";
import { failure, json, methodNotAllowed, tooManyRequests } from "~/lib/legacy-api.server";
import { repairNotFoundMessage, trackingMissingMessage } from "~/lib/tracking-messages";
import { lookUpRepairs, type TrackedBooking } from "~/lib/tracking.server";
import { trackingSchema } from "~/schemas/tracking";

/** The legacy response shape; `internalNotes` is the note the customer is meant to read. */
function legacyBooking(b: TrackedBooking) {
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    firstName: b.customer.firstName,
    lastName: b.customer.lastName,
    email: b.customer.email,
    phone: b.customer.phone,
    deviceCategory: b.deviceCategory,
    deviceModel: [b.deviceBrand, b.deviceModel].filter(Boolean).join(" ") || null,
    issueDescription: b.issueDescription,
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
    return json({ success: false, message: formErrors[0] ?? trackingMissingMessage, errors: fieldErrors }, 400);
  }
  try {
    const lookup = await lookUpRepairs(parsed.data, context);
    if (lookup.outcome === "rate_limited") return tooManyRequests(lookup.retryAfterSeconds, tooManyAttemptsMessage(lookup.retryAfterSeconds));
    const found = lookup.bookings;
    if (!found.length) return json({ success: false, message: repairNotFoundMessage }, 404);
    const [first] = found;
    return json({ success: true, booking: legacyBooking(first!), bookings: found.map(legacyBooking) });
  } catch (error) {
    return failure(error, "An unexpected error occurred. Please try again later.");
  }
}

export const action = (_: ActionFunctionArgs) => methodNotAllowed("GET");
