import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { panel, primaryButton } from "~/components/admin/ui";
import { StockTable } from "~/components/trade/stock-table";
import { deviceCategories } from "~/config/shop";
import { listStock } from "~/models/stock-device.server";
import { stockListQuerySchema } from "~/schemas/admin-filters";
import { staffLoader } from "~/server/staff-route.server";
import { stockStates } from "~/types/trade";
import { pageTitle } from "~/utils/meta";
import { daysFrom, shopToday } from "~/utils/shop-time";
import { stockStateWords } from "~/utils/trade-words";

const pageSize = 50;

export const loader = staffLoader(
  async ({ request }) => {
    const query = stockListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const { total, items } = await listStock(query, pageSize, (query.page - 1) * pageSize);
    const today = shopToday();
    return {
      query,
      total,
      items: items.map(({ acquiredAt, soldAt, ...device }) => ({
        ...device,
        // Stock age: days since it came in, until the day it sold.
        ageDays: daysFrom(shopToday(acquiredAt), soldAt ? shopToday(soldAt) : today),
      })),
    };
  },
  { may: "buyDevices", unavailable: "Could not load the stock. Please try again in a minute." },
);

/** The devices for sale and being refurbished, oldest stock first, with margin and age. */
export default function StockPage() {
  const { query, total, items } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Stock</h1>
        <Link to="/admin/stock/new" className={primaryButton}>
          Add stock
        </Link>
      </div>
      <div className={`${panel} mt-6`}>
        <FilterForm
          submitLabel="Filter"
          clearTo="/admin/stock"
          active={!!(query.q || query.state || query.category)}
        >
          <FilterSearch
            id="stock-q"
            label="Search"
            value={query.q}
            placeholder="Brand, model, IMEI or serial"
          />
          <FilterSelect
            id="stock-state"
            name="state"
            label="State"
            value={query.state}
            allLabel="All states"
            options={stockStates.map((value) => ({ value, label: stockStateWords[value] }))}
          />
          <FilterSelect
            id="stock-category"
            name="category"
            label="Category"
            value={query.category}
            allLabel="All categories"
            options={deviceCategories.map((c) => ({ value: c.slug, label: c.shortName }))}
          />
        </FilterForm>
        {items.length ? (
          <div className="mt-6">
            <StockTable items={items} />
          </div>
        ) : (
          <p className="mt-6 text-slate-600">No devices found.</p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="devices" />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Stock") }];

export const ErrorBoundary = AdminErrorBoundary;
