import { bookkeeperCsv } from "~/routes/bookkeeper-csv.server";
import { staffLoader } from "~/server/staff-route.server";

/** GET /admin/close/invoices.csv?from=&to=: the invoices issued, line by line, for QuickBooks. */
export const loader = staffLoader(async ({ request }) => bookkeeperCsv(request, "invoices"), {
  may: "closeDay",
});
