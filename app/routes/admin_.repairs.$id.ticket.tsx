import type { LinksFunction, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PrintErrorBoundary, PrintSheet } from "~/components/admin/print-sheet";
import { PrintTicket } from "~/components/admin/print-ticket";
import { publicOrigin } from "~/server/env.server";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import { requirePrintFacts } from "~/models/booking-walk-in.server";
import { staffLoader } from "~/server/staff-route.server";
import printStyles from "~/styles/print-ticket.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const loader = staffLoader(async ({ params }) => {
  const facts = await requirePrintFacts(params);
  return { facts, termsUrl: `${publicOrigin()}/terms` };
});

/** The customer's name, phone and secret tracking link: never cached. */
export const headers = privatePageHeaders;

export default function IntakeTicketPage() {
  const { facts, termsUrl } = useLoaderData<typeof loader>();
  const links = [
    { to: `/admin/repairs/${facts.id}`, label: "Open repair" },
    { to: `/admin/repairs/${facts.id}/label`, label: "Device label" },
  ];
  return (
    <PrintSheet title={`Intake ticket ${facts.reference}`} links={links} width="210mm">
      <PrintTicket facts={facts} termsUrl={termsUrl} />
    </PrintSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Intake ticket ${loaded.facts.reference}` : "Intake ticket") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = PrintErrorBoundary;
