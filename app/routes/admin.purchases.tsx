import { gradeLabel } from "~/content/device-grades";
import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterDate, FilterForm, FilterSearch } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { cell, headCell, panel, primaryButton, tableClass } from "~/components/admin/ui";
import { listPurchases } from "~/models/buyback-purchase.server";
import { purchaseListQuerySchema } from "~/schemas/admin-filters";
import { staffLoader } from "~/server/staff-route.server";
import { formatCents } from "~/utils/invoice-totals";
import { pageTitle } from "~/utils/meta";
import { formatShopDate } from "~/utils/shop-time";
import { payoutWords } from "~/utils/trade-words";

const pageSize = 25;

export const loader = staffLoader(
  async ({ request }) => {
    const query = purchaseListQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const { total, items } = await listPurchases(query, pageSize, (query.page - 1) * pageSize);
    return {
      query,
      total,
      items: items.map(({ createdAt, ...purchase }) => ({
        ...purchase,
        on: formatShopDate(createdAt),
      })),
    };
  },
  { may: "buyDevices", unavailable: "Could not load the purchases. Please try again in a minute." },
);

/** Devices bought at the counter, newest first, found by seller, phone, IMEI or serial, or day. */
export default function PurchasesPage() {
  const { query, total, items } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Purchases</h1>
        <Link to="/admin/purchases/new" className={primaryButton}>
          Buy a device
        </Link>
      </div>
      <div className={`${panel} mt-6`}>
        <FilterForm
          submitLabel="Search"
          clearTo="/admin/purchases"
          active={!!(query.q || query.on)}
        >
          <FilterSearch
            id="purchases-q"
            label="Search"
            value={query.q}
            placeholder="Name, phone, IMEI or serial"
          />
          <FilterDate id="purchases-on" name="on" label="Bought on" value={query.on} />
        </FilterForm>
        {items.length ? (
          <div className="mt-6 overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">Purchases</caption>
              <thead>
                <tr>
                  <th scope="col" className={headCell}>
                    Purchase
                  </th>
                  <th scope="col" className={headCell}>
                    Seller
                  </th>
                  <th scope="col" className={headCell}>
                    Device
                  </th>
                  <th scope="col" className={`${headCell} text-right`}>
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {items.map((purchase) => (
                  <tr key={purchase.id} data-testid="purchase-row">
                    <td className={cell}>
                      <Link
                        to={`/admin/purchases/${purchase.id}/record`}
                        className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                      >
                        No. {purchase.id}
                      </Link>
                      <span className="block text-xs whitespace-nowrap text-slate-600">
                        {purchase.on}
                      </span>
                    </td>
                    <td className={cell}>
                      {purchase.sellerName}
                      <span className="block text-xs text-slate-600">{purchase.sellerPhone}</span>
                    </td>
                    <td className={cell}>
                      {[purchase.brand, purchase.model, purchase.storage].filter(Boolean).join(" ")}
                      <span className="block text-xs text-slate-600">
                        {gradeLabel(purchase.grade)} · {purchase.imei ?? purchase.serialNumber}
                      </span>
                    </td>
                    <td className={`${cell} text-right whitespace-nowrap`}>
                      {formatCents(purchase.paidCents)}
                      <span className="block text-xs text-slate-600">
                        {payoutWords[purchase.payoutMethod]}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-6 text-slate-600">No purchases found.</p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="purchases" />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Purchases") }];

export const ErrorBoundary = AdminErrorBoundary;
