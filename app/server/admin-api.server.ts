import type { z, ZodTypeAny } from "zod";
import type { Booking } from "~/models/booking.server";
import { findCategory } from "~/config/shop";
import { staffFromBearer, type Staff } from "~/server/auth.server";
import { bookingReference } from "~/utils/booking-reference";
import {
  failure,
  json,
  postOnly,
  readJsonObject,
  validationFailed,
} from "~/server/legacy-api.server";
import { parseRecordId } from "~/utils/record-id";
import type { RepairItem } from "~/models/repair-item.server";

const unauthorized = () => json({ success: false, message: "Unauthorized" }, 401);

/**
 * The legacy /api/admin/* doors: a live bearer token or 401, then the handler. Malformed bodies
 * answer 4xx and a database outage 503 with the endpoint's failure message, never a 500.
 */
export async function withStaffToken(
  request: Request,
  failureMessage: string,
  handler: (staff: Staff) => Promise<Response>,
): Promise<Response> {
  try {
    const staff = await staffFromBearer(request);
    if (!staff) return unauthorized();
    return await handler(staff);
  } catch (error) {
    return failure(error, failureMessage);
  }
}

/** A legacy admin door that changes something: POST only, then `withStaffToken`. */
export const staffPost = (
  failureMessage: string,
  handler: (staff: Staff, request: Request) => Promise<Response>,
) =>
  postOnly(({ request }) =>
    withStaffToken(request, failureMessage, (staff) => handler(staff, request)),
  );

/** A legacy admin door whose JSON body `schema` checks (a 422 naming each field otherwise). */
export const staffJsonPost = <Schema extends ZodTypeAny>(
  schema: Schema,
  failureMessage: string,
  handler: (staff: Staff, data: z.output<Schema>, request: Request) => Promise<Response>,
) =>
  staffPost(failureMessage, async (staff, request) => {
    const parsed = schema.safeParse(await readJsonObject(request));
    if (!parsed.success) return validationFailed(parsed.error);
    return handler(staff, parsed.data, request);
  });

/** `?id=42` → 42; anything else is no id at all. */
export const idParam = (request: Request) =>
  parseRecordId(new URL(request.url).searchParams.get("id"));

/** A booking as get_bookings.php always answered it; `internal_notes` is the customer-visible note. */
export function legacyBooking(row: Booking) {
  return {
    id: row.id,
    tracking_id: bookingReference(row.id),
    customer_name: `${row.firstName} ${row.lastName}`,
    phone_number: row.phone,
    email: row.email,
    device_category: findCategory(row.deviceCategory)?.title ?? row.deviceCategory,
    device_brand: row.deviceBrand,
    device_model: row.deviceModel,
    issue_type: row.issueType,
    issue_description: row.issueDescription,
    preferred_date: row.preferredDate,
    preferred_time: row.preferredTime,
    urgency: row.urgency,
    status: row.status,
    internal_notes: row.customerNote,
    expectedDeliveryDate: row.expectedDeliveryDate,
    created_at: row.createdAt.toISOString(),
  };
}

export function legacyRepairItem(row: RepairItem) {
  return {
    id: row.id,
    deviceCategory: findCategory(row.category)?.title ?? row.category,
    brand: row.brand,
    series: row.series,
    model: row.model,
    issue: row.repair,
    price: row.price === null ? null : Number(row.price),
    priceLabel: row.priceLabel,
  };
}
