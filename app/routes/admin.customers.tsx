import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { z } from "zod";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { panel, secondaryButton } from "~/components/admin/ui";
import { listCustomers } from "~/models/customer.server";
import { pageTitle } from "~/utils/meta";
import { staffLoader } from "~/server/staff-route.server";

const pageSize = 20;

/** /admin/customers?q=&page=: malformed values fall back to none, as on the repair list. */
const querySchema = z.object({
  q: z.string().trim().max(100).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export const loader = staffLoader(
  async ({ request, staff }) => {
    const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const { total, items } = await listCustomers(query.q, pageSize, (query.page - 1) * pageSize);
    return { query, total, items, owner: staff.role === "owner" };
  },
  { unavailable: "Could not load the customers. Please try again in a minute." },
);

export default function AdminCustomersPage() {
  const { query, total, items, owner } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Customers</h1>
        {owner ? (
          <Link to="/admin/customers/duplicates" className={secondaryButton}>
            Likely duplicates
          </Link>
        ) : null}
      </div>
      <div className={`${panel} mt-6`}>
        <FilterForm submitLabel="Search" clearTo="/admin/customers" active={!!query.q}>
          <FilterSearch
            id="customers-q"
            label="Search"
            value={query.q}
            placeholder="Name, phone or e-mail"
          />
        </FilterForm>
        {items.length ? (
          <ul className="mt-6 divide-y divide-slate-200" aria-label="Customers">
            {items.map((item) => (
              <li
                key={item.id}
                data-testid="customer-row"
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <Link
                    to={`/admin/customers/${item.id}`}
                    className="inline-flex min-h-6 items-center font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
                  >
                    {item.name}
                  </Link>
                  <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
                    {[...item.phones, ...item.emails].join(" · ") || "No contact"}
                  </p>
                </div>
                <p className="shrink-0 text-sm text-slate-600">
                  {item.repairs} {item.repairs === 1 ? "repair" : "repairs"}
                  {item.lastRepair ? `, last ${item.lastRepair}` : ""}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-slate-600">No customers found.</p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="customers" />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Customers") }];

export const ErrorBoundary = AdminErrorBoundary;
