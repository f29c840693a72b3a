import type { LoaderFunctionArgs } from "react-router";
import { staffDoor } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { json, methodNotAllowed } from "~/server/legacy-api.server";
import { dashboardStats } from "~/models/booking-stats.server";

/** Bookings counted by issue type, most first: [{ issue_type, count }]. */
export function loader({ request }: LoaderFunctionArgs) {
  return staffDoor(
    request,
    adminMessages.loadDashboardFailed,
    async () => {
      const { byIssue } = await dashboardStats();
      return json(byIssue.map((row) => ({ issue_type: row.label, count: row.count })));
    },
    "seeReports",
  );
}

export const action = () => methodNotAllowed("GET");
