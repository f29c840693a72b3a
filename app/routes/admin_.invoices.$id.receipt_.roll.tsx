import type { LinksFunction, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PrintErrorBoundary, PrintSheet } from "~/components/admin/print-sheet";
import { Receipt } from "~/components/receipt/receipt";
import { staffLoader } from "~/server/staff-route.server";
import { staffReceipt } from "~/routes/receipt-view.server";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import printStyles from "~/styles/print-receipt-roll.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const loader = staffLoader(({ params }) => staffReceipt(params.id));

/** The customer's name and what they paid: never cached. */
export const headers = privatePageHeaders;

/** The receipt on the counter's 80 mm thermal printer. */
export default function ReceiptRollPage() {
  const { id, receipt } = useLoaderData<typeof loader>();
  const links = [
    { to: `/admin/invoices/${id}`, label: "Open invoice" },
    { to: `/admin/invoices/${id}/receipt`, label: "Letter" },
  ];
  return (
    <PrintSheet title="Receipt, 80 mm" links={links} width="80mm">
      <Receipt receipt={receipt} />
    </PrintSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Receipt, invoice ${loaded.receipt.invoice.number}` : "Receipt") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = PrintErrorBoundary;
