import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { cell, headCell, panel, primaryButton, tableClass } from "~/components/admin/ui";
import { deviceCategories, findCategory } from "~/config/shop";
import { adminMessages } from "~/lib/admin-messages";
import { requireStaff } from "~/lib/auth.server";
import { pageTitle } from "~/lib/meta";
import { listRepairItems, repairItemBrands } from "~/lib/repair-items.server";
import { repairItemListQuerySchema } from "~/schemas/admin-filters";
import { unavailableFor } from "~/lib/unavailable.server";

const pageSize = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  const query = repairItemListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    const { total, rows } = await listRepairItems(query, { limit: pageSize, offset: (query.page - 1) * pageSize });
    const brands = await repairItemBrands(query.category);
    const items = rows.map((row) => ({
      id: row.id,
      category: findCategory(row.category)?.title ?? row.category,
      brand: row.brand,
      series: row.series,
      model: row.model,
      issue: row.repair,
      price: row.price === null ? (row.priceLabel ?? "") : `$${row.price}`,
    }));
    return { query, total, items, brands };
  } catch (error) {
    return unavailableFor(context, adminMessages.loadItemsFailed)(error);
  }
}

function Filters() {
  const { query, brands } = useLoaderData<typeof loader>();
  return (
    <FilterForm submitLabel="Filter" clearTo="/admin/repair-items" active={!!(query.q || query.category || query.brand)}>
      <FilterSelect
        id="items-category"
        name="category"
        label="Category"
        value={query.category}
        allLabel="All categories"
        options={deviceCategories.map((category) => ({ value: category.slug, label: category.title }))}
      />
      <FilterSelect id="items-brand" name="brand" label="Brand" value={query.brand} allLabel="All brands" options={brands.map((brand) => ({ value: brand, label: brand }))} />
      <FilterSearch id="items-q" label="Search" value={query.q} placeholder="Model, series or issue" />
    </FilterForm>
  );
}

export default function AdminRepairItemsPage() {
  const { query, total, items } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Manage Repair Items</h1>
        <Link to={`/admin/repair-items/new${search}`} className={primaryButton} preventScrollReset>
          Add New Repair Item
        </Link>
      </div>
      <div className={`${panel} mt-6`}>
        <Filters />
        {items.length ? (
          <div className="mt-6 overflow-x-auto" role="region" aria-label="Repair items" tabIndex={0}>
            <table className={tableClass}>
              <thead className="bg-slate-50">
                <tr>
                  {["Category", "Brand", "Model", "Issue", "Price"].map((heading) => (
                    <th key={heading} scope="col" className={headCell}>
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className={headCell}>
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => (
                  <tr key={item.id} data-testid="repair-item-row">
                    <td className={cell}>{item.category}</td>
                    <td className={cell}>{item.brand}</td>
                    <td className={cell}>
                      {item.model}
                      {item.series ? <span className="block text-xs text-slate-500">{item.series}</span> : null}
                    </td>
                    <td className={cell}>{item.issue}</td>
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>{item.price}</td>
                    <td className={`${cell} whitespace-nowrap`}>
                      <Link to={`/admin/repair-items/${item.id}/edit${search}`} className="font-semibold text-brand-700 hover:underline" preventScrollReset>
                        Edit<span className="sr-only"> {`${item.model} ${item.issue}`}</span>
                      </Link>
                      <Link
                        to={`/admin/repair-items/${item.id}/delete${search}`}
                        className="ml-4 font-semibold text-red-700 hover:underline"
                        preventScrollReset
                      >
                        Delete<span className="sr-only"> {`${item.model} ${item.issue}`}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
