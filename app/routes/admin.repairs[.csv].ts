import { csvResponse } from "~/utils/csv";
import { filterOf, repairListCsvRows } from "~/models/booking-list.server";
import { shopToday } from "~/utils/shop-time";
import { repairListQuerySchema } from "~/schemas/admin-filters";
import { staffLoader } from "~/server/staff-route.server";

/**
 * GET /admin/repairs.csv?<the list's filters>: every matching repair as a spreadsheet, streamed
 * in batches so a 100,000-row export neither waits nor fills memory.
 */
export const loader = staffLoader(
  async ({ request, context }) => {
    const query = repairListQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    return csvResponse(
      `repairs-${shopToday()}.csv`,
      repairListCsvRows(filterOf(query), context.requestId),
    );
  },
  { may: "exportCustomers" },
);
