import type { MetaFunction } from "react-router";
import { Link, Outlet, useLoaderData, useLocation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { headCell, panel, primaryButton, secondaryButton, tableClass } from "~/components/admin/ui";
import { useMay } from "~/components/admin/use-may";
import { priceText } from "~/utils/price";
import { deviceCategories, findCategory } from "~/config/shop";
import { adminMessages } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import { listRepairItems, priceListPageSize, repairItemBrands } from "~/models/repair-item.server";
import { repairItemListQuerySchema } from "~/schemas/admin-filters";
import { staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(
  async ({ request }) => {
    const query = repairItemListQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const { total, rows } = await listRepairItems(query, {
      limit: priceListPageSize,
      offset: (query.page - 1) * priceListPageSize,
    });
    const brands = await repairItemBrands(query.category);
    const items = rows.map((row) => ({
      id: row.id,
      category: findCategory(row.category)?.title ?? row.category,
      brand: row.brand,
      series: row.series,
      model: row.model,
      issue: row.repair,
      price: priceText(row),
    }));
    return { query, total, items, brands, pageSize: priceListPageSize };
  },
  { unavailable: adminMessages.loadItemsFailed },
);

function Filters() {
  const { query, brands } = useLoaderData<typeof loader>();
  return (
    <FilterForm
      submitLabel="Filter"
      clearTo="/admin/repair-items"
      active={!!(query.q || query.category || query.brand)}
    >
      <FilterSelect
        id="items-category"
        name="category"
        label="Category"
        value={query.category}
        allLabel="All categories"
        options={deviceCategories.map((category) => ({
          value: category.slug,
          label: category.title,
        }))}
      />
      <FilterSelect
        id="items-brand"
        name="brand"
        label="Brand"
        value={query.brand}
        allLabel="All brands"
        options={brands.map((brand) => ({ value: brand, label: brand }))}
      />
      <FilterSearch
        id="items-q"
        label="Search"
        value={query.q}
        placeholder="Model, series or issue"
      />
    </FilterForm>
  );
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

/**
 * Edit and Delete, named for screen readers; links to the dialogs, which keep the list's filters.
 */
function ItemActions({ item, search }: { item: Item; search: string }) {
  const name = <span className="sr-only"> {`${item.model} ${item.issue}`}</span>;
  return (
    <>
      {useMay("editPriceList") ? (
        <Link
          to={`/admin/repair-items/${item.id}/edit${search}`}
          className={`${actionLink} text-brand-700`}
          preventScrollReset
        >
          Edit{name}
        </Link>
      ) : null}
      {useMay("deletePriceItems") ? (
        <Link
          to={`/admin/repair-items/${item.id}/delete${search}`}
          className={`${actionLink} text-red-700`}
          preventScrollReset
        >
          Delete{name}
        </Link>
      ) : null}
    </>
  );
}

const actionLink = "inline-flex min-h-8 items-center px-2 font-semibold hover:underline";
const phoneCell = "block px-1 py-0.5 align-top md:table-cell md:px-3 md:py-2";
const highlighted = "bg-amber-50 ring-2 ring-inset ring-amber-400";

export default function AdminRepairItemsPage() {
  const { query, total, items, pageSize } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const exportParams = new URLSearchParams(
    Object.entries({ q: query.q, category: query.category, brand: query.brand }).filter(
      (e): e is [string, string] => !!e[1],
    ),
  );
  const exportQuery = exportParams.toString();
  // Front desk reads the price list but changes nothing: no Actions column.
  const mayEdit = useMay("editPriceList");
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Manage Repair Items</h1>
        <div className="flex flex-wrap gap-2">
          {/* A file download: a plain link, so the browser saves it rather than the router fetching it. */}
          <a
            href={`/admin/repair-items.csv${exportQuery ? `?${exportQuery}` : ""}`}
            className={secondaryButton}
            download
          >
            Export CSV<span className="sr-only"> of the repair items shown</span>
          </a>
          {mayEdit ? (
            <Link
              to={`/admin/repair-items/new${search}`}
              className={primaryButton}
              preventScrollReset
            >
              Add New Repair Item
            </Link>
          ) : null}
        </div>
      </div>
      <div className={`${panel} mt-6`}>
        <Filters />
        {items.length ? (
          // One table; below md each row lays itself out as a card (a grid) so nothing scrolls
          // sideways.
          <table className={`${tableClass} mt-6 block md:table`}>
            <caption className="sr-only">Repair items</caption>
            <thead className="sr-only bg-slate-50 md:not-sr-only md:table-header-group">
              <tr>
                {[
                  "Category",
                  "Brand",
                  "Model",
                  "Issue",
                  "Price",
                  ...(mayEdit ? ["Actions"] : []),
                ].map((heading) => (
                  <th key={heading} scope="col" className={headCell}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 md:table-row-group">
              {items.map((item) => (
                <tr
                  key={item.id}
                  id={`item-${item.id}`}
                  data-testid="repair-item-row"
                  aria-current={item.id === query.highlight ? "true" : undefined}
                  className={`grid scroll-mt-4 grid-cols-[1fr_auto] gap-x-3 py-3 md:table-row md:py-0 ${item.id === query.highlight ? highlighted : ""}`}
                >
                  <td
                    className={`${phoneCell} col-start-1 row-start-1 text-xs text-slate-600 md:text-sm md:text-slate-800`}
                  >
                    {item.category}
                  </td>
                  <td
                    className={`${phoneCell} col-start-1 row-start-2 font-semibold md:font-normal`}
                  >
                    {item.brand}
                  </td>
                  <td className={`${phoneCell} col-start-1 row-start-3`}>
                    {item.model}
                    {item.series ? (
                      <span className="block text-xs text-slate-600">{item.series}</span>
                    ) : null}
                  </td>
                  <td className={`${phoneCell} col-start-1 row-start-4`}>{item.issue}</td>
                  <td
                    className={`${phoneCell} col-start-2 row-span-2 row-start-1 text-right font-semibold whitespace-nowrap tabular-nums md:text-left md:font-normal`}
                  >
                    {item.price}
                  </td>
                  {mayEdit ? (
                    <td
                      className={`${phoneCell} col-start-2 row-span-2 row-start-3 self-end whitespace-nowrap`}
                    >
                      <div className="-mx-2 flex justify-end md:-my-1 md:justify-start">
                        <ItemActions item={item} search={search} />
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-6 text-slate-600">No repair items found. Add one to get started!</p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="repair items" />
      </div>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Manage Repair Items") }];

export const ErrorBoundary = AdminErrorBoundary;
