import type { LinksFunction, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PrintErrorBoundary, PrintSheet } from "~/components/admin/print-sheet";
import { Receipt } from "~/components/receipt/receipt";
import { staffLoader } from "~/server/staff-route.server";
import { staffReceipt } from "~/routes/receipt-view.server";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import printStyles from "~/styles/print-receipt.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const loader = staffLoader(({ params }) => staffReceipt(params.id));

/** The customer's name and what they paid: never cached. */
export const headers = privatePageHeaders;

/** The receipt on Letter paper, to print or hand over; the roll's layout is a link away. */
export default function ReceiptPage() {
  const { id, receipt } = useLoaderData<typeof loader>();
  const links = [
    { to: `/admin/invoices/${id}`, label: "Open invoice" },
    { to: `/admin/invoices/${id}/receipt/roll`, label: "80 mm roll" },
  ];
  return (
    <PrintSheet title={`Receipt, invoice ${receipt.invoice.number}`} links={links} width="210mm">
      <div className="mx-auto max-w-[210mm]">
        <Receipt receipt={receipt} />
      </div>
    </PrintSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Receipt, invoice ${loaded.receipt.invoice.number}` : "Receipt") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = PrintErrorBoundary;
