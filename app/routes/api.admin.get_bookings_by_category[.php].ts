import type { LoaderFunctionArgs } from "react-router";
import { staffDoor } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { json, methodNotAllowed } from "~/server/legacy-api.server";
import { dashboardStats } from "~/models/booking-stats.server";

/** Bookings counted by device category, most first: [{ device_category, count }]. */
export function loader({ request }: LoaderFunctionArgs) {
  return staffDoor(
    request,
    adminMessages.loadDashboardFailed,
    async () => {
      const { byCategory } = await dashboardStats();
      return json(byCategory.map((row) => ({ device_category: row.label, count: row.count })));
    },
    "seeReports",
  );
}

export const action = () => methodNotAllowed("GET");
