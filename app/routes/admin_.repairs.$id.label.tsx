import type { LinksFunction, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PrintLabel } from "~/components/admin/print-label";
import { PrintErrorBoundary, PrintSheet } from "~/components/admin/print-sheet";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import { requirePrintFacts } from "~/models/booking-walk-in.server";
import { staffLoader } from "~/server/staff-route.server";
import printStyles from "~/styles/print-label.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const loader = staffLoader(async ({ params }) => {
  const facts = await requirePrintFacts(params);
  return { facts };
});

/** The customer's name and secret tracking link: never cached. */
export const headers = privatePageHeaders;

export default function DeviceLabelPage() {
  const { facts } = useLoaderData<typeof loader>();
  const links = [
    { to: `/admin/repairs/${facts.id}`, label: "Open repair" },
    { to: `/admin/repairs/${facts.id}/ticket`, label: "Intake ticket" },
  ];
  return (
    <PrintSheet title={`Device label ${facts.reference}`} links={links} width="48rem">
      <PrintLabel facts={facts} />
      <p className="mx-auto mt-4 max-w-[48rem] text-center text-sm text-slate-700 print:hidden">
        Sized for 62 mm × 29 mm labels. Choose the label printer and &ldquo;Actual size&rdquo; in
        the print dialog.
      </p>
    </PrintSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Device label ${loaded.facts.reference}` : "Device label") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = PrintErrorBoundary;
