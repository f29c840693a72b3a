import type { MetaFunction } from "react-router";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/admin/filter-form";
import {
  cell,
  headCell,
  panel,
  primaryButton,
  secondaryButton,
  tableClass,
} from "~/components/admin/ui";
import { useMay } from "~/components/admin/use-may";
import { useActionToast } from "~/components/toaster";
import { deviceCategories, findCategory } from "~/config/shop";
import { gridBrands, listGrid, type GridRow } from "~/models/buyback-grid.server";
import { answerGridImport } from "~/routes/grid-import.server";
import { gridListQuerySchema } from "~/schemas/trade-filters";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { formatCents } from "~/utils/invoice-totals";
import { pageTitle } from "~/utils/meta";

export const loader = staffLoader(async ({ request }) => {
  const query = gridListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [rows, brands] = await Promise.all([listGrid(query), gridBrands(query.category)]);
  return { query, rows, brands };
});

/** A CSV import: every line checked, then all of it stored, or none with every line's reason. */
export const action = staffAction(
  async ({ request, context, staff }) => answerGridImport(request, context, staff.id),
  { may: "editBuybackGrid" },
);

const amountHeadings = ["Excellent", "Good", "Fair", "Broken", "Battery", "Parts", "Carrier"];

/** A row's amounts in the order of `amountHeadings`. */
const amountsOf = (row: GridRow) => [
  row.excellentCents,
  row.goodCents,
  row.fairCents,
  row.brokenCents,
  row.batteryDeductionCents,
  row.partsDeductionCents,
  row.carrierLockDeductionCents,
];

function ImportForm() {
  const answer = useActionData<typeof action>();
  useActionToast(answer?.toast);
  return (
    <Form method="post" encType="multipart/form-data" className={`${panel} mt-6`}>
      <h2 className="text-lg font-semibold text-slate-900">Import a CSV</h2>
      <p className="mt-1 text-sm text-slate-600">
        Columns: category, brand, model, storage, excellent, good, fair, broken, battery_deduction,
        parts_deduction, carrier_lock_deduction (amounts in dollars). Rows for a device and storage
        already in the grid replace it; others are added; rows not in the file stay. A file with any
        mistake imports nothing.
      </p>
      {answer?.errors?.length ? (
        <div
          role="alert"
          className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">{answer.message}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="import-errors">
            {answer.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0">
          <label htmlFor="grid-file" className="block text-sm font-medium text-slate-800">
            CSV file
          </label>
          <input
            id="grid-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            className="mt-1 block max-w-full text-sm"
          />
        </div>
        <button type="submit" className={primaryButton}>
          Import
        </button>
      </div>
    </Form>
  );
}

export default function BuybackGridPage() {
  const { query, rows, brands } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const mayEdit = useMay("editBuybackGrid");
  const exportQuery = new URLSearchParams(
    Object.entries({ q: query.q, category: query.category, brand: query.brand }).filter(
      (e): e is [string, string] => !!e[1],
    ),
  ).toString();
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/trade-ins" className="text-brand-700 underline">
          ← Trade-in offers
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Buyback Grid</h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/admin/trade-ins/grid.csv${exportQuery ? `?${exportQuery}` : ""}`}
            className={secondaryButton}
            download
          >
            Export CSV<span className="sr-only"> of the rows shown</span>
          </a>
          {mayEdit ? (
            <Link
              to={`/admin/trade-ins/grid/new${search}`}
              className={primaryButton}
              preventScrollReset
            >
              Add Row
            </Link>
          ) : null}
        </div>
      </div>
      <div className={`${panel} mt-6`}>
        <FilterForm
          submitLabel="Filter"
          clearTo="/admin/trade-ins/grid"
          active={!!(query.q || query.category || query.brand)}
        >
          <FilterSelect
            id="grid-category"
            name="category"
            label="Category"
            value={query.category}
            allLabel="All categories"
            options={deviceCategories.map((c) => ({ value: c.slug, label: c.shortName }))}
          />
          <FilterSelect
            id="grid-brand"
            name="brand"
            label="Brand"
            value={query.brand}
            allLabel="All brands"
            options={brands.map((brand) => ({ value: brand, label: brand }))}
          />
          <FilterSearch id="grid-q" label="Search" value={query.q} placeholder="Brand or model" />
        </FilterForm>
        {rows.length ? (
          <div className="mt-6 overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">
                Buyback prices, in dollars per grade, and deductions
              </caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={headCell}>
                    Device
                  </th>
                  {amountHeadings.map((heading) => (
                    <th
                      key={heading}
                      scope="col"
                      className={`${headCell} hidden text-right md:table-cell`}
                    >
                      {heading}
                    </th>
                  ))}
                  {mayEdit ? (
                    <th scope="col" className={headCell}>
                      <span className="sr-only">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    id={`row-${row.id}`}
                    data-testid="grid-row"
                    aria-current={row.id === query.highlight ? "true" : undefined}
                    className={`scroll-mt-4 ${row.id === query.highlight ? "bg-amber-50 ring-2 ring-amber-400 ring-inset" : ""}`}
                  >
                    <th scope="row" className={`${cell} font-normal`}>
                      <span className="block text-xs text-slate-600">
                        {findCategory(row.category)?.shortName} · {row.brand}
                      </span>
                      <span className="font-semibold">{row.model}</span>
                      {row.storage ? <span className="text-slate-700"> {row.storage}</span> : null}
                      {/* On a phone the amounts sit under the device, not in columns. */}
                      <dl className="mt-1 grid grid-cols-2 gap-x-3 text-xs text-slate-700 md:hidden">
                        {amountsOf(row).map((cents, index) => (
                          <div key={amountHeadings[index]} className="flex justify-between gap-2">
                            <dt>{amountHeadings[index]}</dt>
                            <dd className="tabular-nums">{formatCents(cents)}</dd>
                          </div>
                        ))}
                      </dl>
                    </th>
                    {amountsOf(row).map((cents, index) => (
                      <td
                        key={amountHeadings[index]}
                        className={`${cell} hidden text-right whitespace-nowrap tabular-nums md:table-cell`}
                      >
                        {formatCents(cents)}
                      </td>
                    ))}
                    {mayEdit ? (
                      <td className={cell}>
                        <Link
                          to={`/admin/trade-ins/grid/${row.id}/edit${search}`}
                          className="inline-flex min-h-8 items-center px-2 font-semibold text-brand-700 hover:underline"
                          preventScrollReset
                        >
                          Edit
                          <span className="sr-only">
                            {" "}
                            {`${row.brand} ${row.model} ${row.storage}`}
                          </span>
                        </Link>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-6 text-slate-600">No rows found. Add one, or import a CSV.</p>
        )}
      </div>
      {mayEdit ? <ImportForm /> : null}
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Buyback Grid") }];

export const ErrorBoundary = AdminErrorBoundary;
