import type { LoaderFunctionArgs } from "react-router";
import { requireStaff } from "~/server/auth.server";
import { csvResponse } from "~/utils/csv";
import { filterOf, repairListCsvRows } from "~/models/repair-list.server";
import { shopToday } from "~/utils/shop-time";
import { unavailableFor } from "~/server/unavailable.server";
import { repairListQuerySchema } from "~/schemas/admin-filters";

/**
 * GET /admin/repairs.csv?<the list's filters>: every matching repair as a spreadsheet, streamed
 * in batches so a 100,000-row export neither waits nor fills memory.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  const query = repairListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return csvResponse(
    `repairs-${shopToday()}.csv`,
    repairListCsvRows(filterOf(query), context.requestId),
  );
}
