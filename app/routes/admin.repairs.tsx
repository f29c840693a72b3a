import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { StatusBadge } from "~/components/admin/status-badge";
import { cell, headCell, panel, tableClass } from "~/components/admin/ui";
import { findCategory } from "~/config/shop";
import { adminMessages } from "~/lib/admin-messages";
import { requireStaff } from "~/lib/auth.server";
import { bookingReference } from "~/lib/booking-reference";
import { bookingStatuses, statusLabels } from "~/lib/booking-status";
import { pageTitle } from "~/lib/meta";
import { formatShopDate } from "~/lib/shop-time";
import { listRepairRequests } from "~/lib/repair-requests.server";
import { repairListQuerySchema } from "~/schemas/admin-filters";
import { unavailableFor } from "~/lib/unavailable.server";

const pageSize = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  const query = repairListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { total, rows } = await listRepairRequests(query, { limit: pageSize, offset: (query.page - 1) * pageSize }).catch(
    unavailableFor(context, adminMessages.loadRepairsFailed),
  );
  const requests = rows.map((row) => ({
    id: row.id,
    reference: bookingReference(row.id),
    customerName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: row.phone,
    category: findCategory(row.deviceCategory)?.shortName ?? row.deviceCategory,
    device: [row.deviceBrand, row.deviceModel].filter(Boolean).join(" "),
    issueType: row.issueType,
    issueDescription: row.issueDescription,
    note: row.customerNote,
    status: row.status,
    createdAt: formatShopDate(row.createdAt),
  }));
  return { query, total, requests };
}

function Collapsible({ summary, text, empty }: { summary: string; text: string | null; empty: string }) {
  if (!text) return <span className="text-slate-500">{empty}</span>;
  return (
    <details className="max-w-xs">
      <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline">{summary}</summary>
      <p className="mt-1 whitespace-pre-line break-words text-slate-700">{text}</p>
    </details>
  );
}

function Filters() {
  const { query } = useLoaderData<typeof loader>();
  return (
    <FilterForm submitLabel="Search" clearTo="/admin/repairs" active={!!(query.q || query.status)}>
      <FilterSearch id="repairs-q" label="Search" value={query.q} placeholder="Name, phone, e-mail or repair ID" />
      <FilterSelect
        id="repairs-status"
        name="status"
        label="Status"
        value={query.status}
        allLabel="All statuses"
        options={bookingStatuses.map((status) => ({ value: status, label: statusLabels[status] }))}
      />
    </FilterForm>
  );
}

export default function AdminRepairsPage() {
  const { query, total, requests } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Manage Repair Requests</h1>
      <div className={`${panel} mt-6`}>
        <Filters />
        {requests.length ? (
          <div className="mt-6 overflow-x-auto" role="region" aria-label="Repair requests" tabIndex={0}>
            <table className={tableClass}>
              <thead className="bg-slate-50">
                <tr>
                  {["Tracking ID", "Customer Name", "Contact", "Device", "Issue Description", "Notes", "Status", "Created At"].map((heading) => (
                    <th key={heading} scope="col" className={headCell}>
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className={headCell}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {requests.map((request) => (
                  <tr key={request.id} data-testid="repair-row">
                    <td className={`${cell} whitespace-nowrap font-mono font-semibold`}>{request.reference}</td>
                    <td className={cell}>{request.customerName}</td>
                    <td className={cell}>
                      <a href={`mailto:${request.email}`} className="block text-brand-700 [overflow-wrap:anywhere] hover:underline">
                        {request.email}
                      </a>
                      <a href={`tel:${request.phone}`} className="block whitespace-nowrap text-slate-600 hover:underline">
                        {request.phone}
                      </a>
                    </td>
                    <td className={cell}>
                      <span className="block font-medium">{request.category}</span>
                      <span className="block text-slate-600">{request.device}</span>
                    </td>
                    <td className={cell}>
                      <Collapsible summary={request.issueType} text={request.issueDescription} empty={request.issueType} />
                    </td>
                    <td className={cell}>
                      <Collapsible summary="View note" text={request.note} empty="No notes" />
                    </td>
                    <td className={cell}>
                      <StatusBadge status={request.status} />
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>{request.createdAt}</td>
                    <td className={cell}>
                      <Link to={`/admin/repairs/${request.id}${search}`} className="font-semibold text-brand-700 hover:underline" preventScrollReset>
                        Edit<span className="sr-only"> {request.reference}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-6 text-slate-600">No repair requests found.</p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="repair requests" />
      </div>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Manage Repair Requests") }];

export const ErrorBoundary = AdminErrorBoundary;
