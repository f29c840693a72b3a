import type { LoaderFunctionArgs } from "@remix-run/node";
import { withStaffToken } from "~/lib/admin-api.server";
import { adminMessages } from "~/lib/admin-messages";
import { json, methodNotAllowed } from "~/lib/legacy-api.server";
import { dashboardStats } from "~/lib/stats.server";

/** Bookings counted by device category, most first: [{ device_category, count }]. */
export function loader({ request }: LoaderFunctionArgs) {
  return withStaffToken(request, adminMessages.loadDashboardFailed, async () => {
    const { byCategory } = await dashboardStats();
    return json(byCategory.map((row) => ({ device_category: row.label, count: row.count })));
  });
}

export const action = () => methodNotAllowed("GET");
