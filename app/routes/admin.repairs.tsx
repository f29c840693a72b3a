import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { CustomerList } from "~/components/admin/customer-list";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { Pagination } from "~/components/admin/pagination";
import { RepairListFilters } from "~/components/admin/repair-list-filters";
import { RepairListCards, RepairListTable } from "~/components/admin/repair-list-rows";
import { SortLinks } from "~/components/admin/repair-list-sort";
import { csvHref } from "~/components/admin/repair-list-url";
import { panel, secondaryButton } from "~/components/admin/ui";
import { useMay } from "~/components/admin/use-may";
import { adminMessages } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import {
  filterOf,
  listRepairRequests,
  markBookingsSeen,
  toListItem,
} from "~/models/booking-list.server";
import { listCustomers } from "~/models/customer.server";
import type { CustomerListItem } from "~/types/customers";
import { shopToday } from "~/utils/shop-time";
import { repairListQuerySchema } from "~/schemas/admin-filters";
import { quickStatusAction } from "~/routes/repair-quick-status.server";
import { staffLoader } from "~/server/staff-route.server";

const pageSize = 20;
const customersShown = 5;

export const loader = staffLoader(
  async ({ request, staff }) => {
    const query = repairListQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const [{ total, capped, rows }, , customers] = await Promise.all([
      listRepairRequests(filterOf(query), {
        limit: pageSize,
        offset: (query.page - 1) * pageSize,
        sort: query.sort,
        dir: query.dir,
      }),
      // Opening the list is "having seen" the new bookings: the menu's count starts again. A GET
      // that writes by design, with or without JavaScript (named in server-crawler.spec.ts); a link
      // on another site opens the list without clearing the count.
      request.headers.get("sec-fetch-site") === "cross-site"
        ? undefined
        : markBookingsSeen(staff.id),
      // The header search finds customers too: their records lead the first page of results.
      query.q && query.page === 1 ? listCustomers(query.q, customersShown, 0) : undefined,
    ]);
    const today = shopToday();
    return {
      query,
      total,
      capped,
      items: rows.map((row) => toListItem(row, today)),
      customers,
    };
  },
  { unavailable: adminMessages.loadRepairsFailed },
);

/** A row's status form (decision 0047). */
export const action = quickStatusAction;

export const shouldRevalidate = reloadAfterRefusal;

export default function AdminRepairsPage() {
  const { query, total, capped, items, customers } = useLoaderData<typeof loader>();
  const mayExport = useMay("exportCustomers");
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Manage Repair Requests</h1>
        {/* A plain link: the file downloads with or without JavaScript. */}
        {mayExport ? (
          <a href={csvHref(query)} className={secondaryButton} download>
            Export CSV
          </a>
        ) : null}
      </div>
      {customers?.total ? <MatchingCustomers q={query.q ?? ""} {...customers} /> : null}
      <div className={`${panel} mt-6`}>
        <RepairListFilters query={query} />
        <SortLinks query={query} />
        {capped ? (
          <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            More than {total.toLocaleString("en-CA")} repairs match this search; the first{" "}
            {total.toLocaleString("en-CA")} are listed. Add a word or a filter to narrow it down.
          </p>
        ) : null}
        {items.length ? (
          <div className="mt-6">
            <RepairListTable query={query} items={items} />
            <RepairListCards items={items} />
          </div>
        ) : (
          <p className="mt-6 text-slate-600">No repair requests found.</p>
        )}
        <Pagination
          page={query.page}
          pageSize={pageSize}
          total={total}
          noun={capped ? "repair requests (first matches)" : "repair requests"}
        />
      </div>
    </>
  );
}

/** The customers a search found, before its repairs: a few, and the way to all of them. */
function MatchingCustomers({
  q,
  total,
  items,
}: {
  q: string;
  total: number;
  items: CustomerListItem[];
}) {
  return (
    <section className={`${panel} mt-6`} aria-labelledby="matching-customers">
      <h2 id="matching-customers" className="text-lg font-semibold text-slate-900">
        {total === 1 ? "1 customer matches" : `${total.toLocaleString("en-CA")} customers match`}
      </h2>
      <div className="mt-2">
        <CustomerList items={items} label="Matching customers" />
      </div>
      {total > items.length ? (
        <Link
          to={`/admin/customers?${new URLSearchParams({ q })}`}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
        >
          All {total.toLocaleString("en-CA")} matching customers
        </Link>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Manage Repair Requests") }];

export const ErrorBoundary = AdminErrorBoundary;
