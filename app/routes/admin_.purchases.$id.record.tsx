import type { LinksFunction, MetaFunction } from "react-router";
import { data, useLoaderData } from "react-router";
import { PrintErrorBoundary, PrintSheet } from "~/components/admin/print-sheet";
import { PurchaseRecord } from "~/components/trade/purchase-record";
import { purchaseRecord } from "~/models/buyback-purchase.server";
import { staffLoader } from "~/server/staff-route.server";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import { parseRecordId } from "~/utils/record-id";
import printStyles from "~/styles/print-receipt.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const loader = staffLoader(
  async ({ params }) => {
    const id = parseRecordId(params.id);
    const purchase = id === undefined ? undefined : await purchaseRecord(id);
    if (!purchase) throw data("That purchase does not exist.", { status: 404 });
    return { purchase };
  },
  { may: "buyDevices" },
);

/** The seller's name, phone and ID's last four: never cached. */
export const headers = privatePageHeaders;

/** The purchase record on Letter paper, for the seller and the shop's file. */
export default function PurchaseRecordPage() {
  const { purchase } = useLoaderData<typeof loader>();
  const links = [
    { to: "/admin/purchases", label: "All purchases" },
    ...(purchase.stockId
      ? [{ to: `/admin/stock/${purchase.stockId}`, label: "Stock device" }]
      : []),
  ];
  return (
    <PrintSheet title={`Purchase record ${purchase.id}`} links={links} width="210mm">
      <div className="mx-auto max-w-[210mm]">
        <PurchaseRecord purchase={purchase} />
      </div>
    </PrintSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Purchase record ${loaded.purchase.id}` : "Purchase record") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = PrintErrorBoundary;
