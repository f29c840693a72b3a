import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/lib/auth.server";
import { privateCacheControl } from "~/lib/private-page";
import { filterOf, repairListCsv } from "~/lib/repair-list.server";
import { shopToday } from "~/lib/shop-time";
import { unavailableFor } from "~/lib/unavailable.server";
import { repairListQuerySchema } from "~/schemas/admin-filters";

/**
 * GET /admin/repairs.csv?<the list's filters>: every matching repair as a spreadsheet, streamed
 * in batches so a 100,000-row export neither waits nor fills memory. Customers' personal data:
 * private, never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  const query = repairListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return new Response(repairListCsv(filterOf(query), context.requestId), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="repairs-${shopToday()}.csv"`,
      "cache-control": privateCacheControl,
      "x-content-type-options": "nosniff",
    },
  });
}
