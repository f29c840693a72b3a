import type { LinksFunction, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PrintLabel } from "~/components/admin/print-label";
import { PrintErrorBoundary, PrintSheet } from "~/components/admin/print-sheet";
import { PrintTicket } from "~/components/admin/print-ticket";
import { publicOrigin } from "~/server/env.server";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import { requirePrintFacts } from "~/models/booking-walk-in.server";
import { staffLoader } from "~/server/staff-route.server";
import printStyles from "~/styles/print-repair.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const loader = staffLoader(async ({ params }) => {
  const facts = await requirePrintFacts(params);
  return { facts, termsUrl: `${publicOrigin()}/terms` };
});

/** The customer's name, phone and secret tracking link: never cached. */
export const headers = privatePageHeaders;

/**
 * The ticket and the label in one print, where a saved walk-in lands: with JavaScript the print
 * dialog opens at once, without it the page is ready for the browser's Print.
 */
export default function PrintTicketAndLabelPage() {
  const { facts, termsUrl } = useLoaderData<typeof loader>();
  const links = [
    { to: `/admin/repairs/${facts.id}`, label: "Open repair" },
    { to: `/admin/repairs/${facts.id}/ticket`, label: "Ticket only" },
    { to: `/admin/repairs/${facts.id}/label`, label: "Label only" },
  ];
  return (
    <PrintSheet
      title={`Ticket and label ${facts.reference}`}
      links={links}
      width="210mm"
      printOnOpen
    >
      <PrintTicket facts={facts} termsUrl={termsUrl} />
      <div className="mt-6 print:mt-0">
        <PrintLabel facts={facts} />
      </div>
    </PrintSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: pageTitle(
      loaded ? `Ticket and label ${loaded.facts.reference}` : "Intake ticket and label",
    ),
  },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = PrintErrorBoundary;
