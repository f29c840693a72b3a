import type { Booking } from "~/types/booking";
import { findCategory } from "~/config/shop";
import { bookingReference } from "~/utils/booking-reference";
import { parseRecordId } from "~/utils/record-id";
import type { RepairItem } from "~/models/repair-item.server";

// The legacy /api/admin/*.php doors' answers, in the shapes the old dashboard reads; their guards
// are in staff-route.server.ts.

/** `?id=42` → 42; anything else is no id at all. */
export const idParam = (request: Request) =>
  parseRecordId(new URL(request.url).searchParams.get("id"));

/**
 * A booking as get_bookings.php always answered it; `internal_notes` is the customer-visible note.
 * `version` is new: what update_booking.php takes to refuse a save on an older copy.
 */
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
    version: row.version,
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
    version: row.version,
  };
}
