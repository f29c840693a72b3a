import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { panel, secondaryButton } from "~/components/admin/ui";
import { deviceName } from "~/models/buyback-grid.server";
import { listOffers, offerPageSize } from "~/models/trade-offer.server";
import { offerListQuerySchema } from "~/schemas/trade-filters";
import { staffLoader } from "~/server/staff-route.server";
import { formatCents } from "~/utils/invoice-totals";
import { pageTitle } from "~/utils/meta";
import { offerStateLabels, offerStateOf } from "~/utils/offer-state";
import { formatCalendarDate, formatClockTime, formatShopDateTime } from "~/utils/shop-time";

export const loader = staffLoader(async ({ request }) => {
  const query = offerListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { total, offers } = await listOffers(query);
  return {
    query,
    total,
    pageSize: offerPageSize,
    offers: offers.map((offer) => ({
      id: offer.id,
      reference: offer.reference,
      device: deviceName(offer),
      amount: formatCents(offer.offerCents),
      name: offer.name,
      state: offerStateOf(offer),
      received: formatShopDateTime(offer.createdAt),
      dropOff:
        offer.dropOffDate && offer.dropOffTime
          ? `${formatCalendarDate(offer.dropOffDate, "weekdayShort")} ${formatClockTime(offer.dropOffTime)}`
          : "Walk-in",
    })),
  };
});

const stateClass = {
  open: "bg-emerald-100 text-emerald-900",
  expired: "bg-slate-200 text-slate-800",
  purchased: "bg-brand-100 text-brand-900",
  declined: "bg-red-100 text-red-900",
  cancelled: "bg-amber-100 text-amber-900",
} as const;

export default function TradeInOffersPage() {
  const { query, total, offers, pageSize } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Trade-in Offers</h1>
        <Link to="/admin/trade-ins/grid" className={secondaryButton}>
          Buyback Grid
        </Link>
      </div>
      <div className={`${panel} mt-6`}>
        <FilterForm
          submitLabel="Filter"
          clearTo="/admin/trade-ins"
          active={!!(query.q || query.state)}
        >
          <FilterSelect
            id="offers-state"
            name="state"
            label="State"
            value={query.state}
            allLabel="All offers"
            options={Object.entries(offerStateLabels).map(([value, label]) => ({ value, label }))}
          />
          <FilterSearch
            id="offers-q"
            label="Search"
            value={query.q}
            placeholder="Reference, name or phone"
          />
        </FilterForm>
        {offers.length ? (
          <ul className="mt-6 divide-y divide-slate-100" aria-label="Offers, newest first">
            {offers.map((offer) => (
              <li
                key={offer.id}
                data-testid="offer-row"
                className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[8rem_1fr_auto] sm:gap-4"
              >
                <Link
                  to={`/admin/trade-ins/${offer.id}`}
                  className="font-mono font-semibold text-brand-700 underline"
                >
                  {offer.reference}
                </Link>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {offer.device} · {offer.amount}
                  </p>
                  <p className="text-sm text-slate-600">
                    {offer.name} · drop-off: {offer.dropOff} · received {offer.received}
                  </p>
                </div>
                <span
                  className={`self-start justify-self-start rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateClass[offer.state]}`}
                >
                  {offerStateLabels[offer.state]}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-slate-600">No offers found.</p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="offers" />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Trade-in Offers") }];

export const ErrorBoundary = AdminErrorBoundary;
