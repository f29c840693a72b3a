import { bookkeeperCsv } from "~/routes/bookkeeper-csv.server";
import { staffLoader } from "~/server/staff-route.server";

/** GET /admin/close/payments.csv?from=&to=: the payments received, deposits marked. */
export const loader = staffLoader(async ({ request }) => bookkeeperCsv(request, "payments"), {
  may: "closeDay",
});
