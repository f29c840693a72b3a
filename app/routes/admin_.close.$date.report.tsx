import type { LinksFunction, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PrintErrorBoundary, PrintSheet } from "~/components/admin/print-sheet";
import { ZReport } from "~/components/admin/z-report";
import { closeDateOf, dayCloseView } from "~/routes/day-close-view.server";
import { staffLoader } from "~/server/staff-route.server";
import printStyles from "~/styles/print-ticket.css?url";
import { closePath } from "~/utils/day-close";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import { formatCalendarDate } from "~/utils/shop-time";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const loader = staffLoader(async ({ params }) => dayCloseView(closeDateOf(params.date)), {
  may: "closeDay",
  unavailable: "Failed to load the day's takings.",
});

/** The shop's takings: never cached. */
export const headers = privatePageHeaders;

/** A day's Z report, ready for the browser's Print. */
export default function ZReportPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <PrintSheet
      title={`Z report ${formatCalendarDate(view.date)}`}
      links={[{ to: closePath(view.date), label: "Day's close" }]}
      width="210mm"
    >
      <ZReport {...view} />
    </PrintSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Z report ${formatCalendarDate(loaded.date)}` : "Z report") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = PrintErrorBoundary;
