import type { LoaderFunctionArgs } from "react-router";
import { legacyBooking } from "~/server/admin-api.server";
import { staffDoor } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { json, methodNotAllowed, validationFailed } from "~/server/legacy-api.server";
import { listRepairRequests } from "~/models/booking-list.server";
import { legacyBookingsQuerySchema } from "~/schemas/admin-filters";

/**
 * Bookings newest first with their total. Filters: start_date/end_date (created date, shop time
 * zone, inclusive), status in any spelling; limit (≤ 1000) and offset page through the rest.
 * The old dashboard's `_` cache-buster is ignored; every answer is Cache-Control: no-store. Every
 * customer's details page by page: only roles that may export customers (a 403 otherwise).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return staffDoor(
    request,
    adminMessages.loadRepairsFailed,
    async () => {
      const parsed = legacyBookingsQuerySchema.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (!parsed.success) return validationFailed(parsed.error);
      const { start_date, end_date, status, limit, offset } = parsed.data;
      const { total, rows } = await listRepairRequests(
        { status, createdFrom: start_date, createdTo: end_date },
        { limit, offset },
      );
      return json({ success: true, total_bookings: total, bookings: rows.map(legacyBooking) });
    },
    "exportCustomers",
  );
}

export const action = () => methodNotAllowed("GET");
