import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { CustomerList } from "~/components/admin/customer-list";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { panel, secondaryButton } from "~/components/admin/ui";
import { listCustomers } from "~/models/customer.server";
import { customerListQuerySchema } from "~/schemas/admin-filters";
import { pageTitle } from "~/utils/meta";
import { staffLoader } from "~/server/staff-route.server";

const pageSize = 20;

export const loader = staffLoader(
  async ({ request, staff }) => {
    const query = customerListQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const { total, items } = await listCustomers(
      query.q ?? "",
      pageSize,
      (query.page - 1) * pageSize,
    );
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
          <div className="mt-6">
            <CustomerList items={items} label="Customers" />
          </div>
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
