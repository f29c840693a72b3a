import type { MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AuditEntries, type AuditEntryView } from "~/components/admin/audit-entries";
import { AuditFilters } from "~/components/admin/audit-filters";
import { Pagination } from "~/components/admin/pagination";
import { panel } from "~/components/admin/ui";
import { useMay } from "~/components/admin/use-may";
import { listAuditEvents, type AuditTrailEntry } from "~/models/audit-trail.server";
import { bookingReference } from "~/utils/booking-reference";
import { pageTitle } from "~/utils/meta";
import { formatShopDateTime } from "~/utils/shop-time";
import { staffNames } from "~/models/staff-user.server";
import { auditActionLabels, auditQuerySchema } from "~/schemas/staff";
import { staffLoader } from "~/server/staff-route.server";
import { shopPhotosPath } from "~/utils/photo-limits";

const pageSize = 50;

/** Where the record of an entry is seen today; a deleted price item has nowhere to go. */
function recordLink({ entity, entityId, action }: AuditTrailEntry): AuditEntryView["record"] {
  if (entityId === null) return null;
  if (entity === "booking")
    return { to: `/admin/repairs/${entityId}`, label: bookingReference(entityId) };
  if (entity === "repair_item")
    return action === "price_item.delete"
      ? null
      : { to: `/admin/repair-items/${entityId}/edit`, label: `Price item #${entityId}` };
  if (entity === "staff_user")
    return { to: `/admin/staff#staff-${entityId}`, label: "Staff account" };
  if (entity === "customer")
    return { to: `/admin/customers/${entityId}`, label: `Customer #${entityId}` };
  if (entity === "shop_settings") return { to: "/admin/settings", label: "Shop settings" };
  if (entity === "hours_exception") return { to: "/admin/hours", label: "Hours and closures" };
  if (entity === "photo_place") return { to: shopPhotosPath, label: "Shop photos" };
  if (entity === "stock_reservation") return { to: "/admin/reservations", label: "Reservations" };
  return null;
}

export const loader = staffLoader(
  async ({ request }) => {
    const query = auditQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const [{ total, rows }, staff] = await Promise.all([
      listAuditEvents(query, { limit: pageSize, offset: (query.page - 1) * pageSize }),
      staffNames(),
    ]);
    const entries: AuditEntryView[] = rows.map((row) => ({
      id: row.id,
      at: formatShopDateTime(row.createdAt),
      who:
        row.username ??
        (row.action === "staff.reset_password_on_server" ? "The server" : "Removed account"),
      change: auditActionLabels[row.action as keyof typeof auditActionLabels] ?? row.action,
      summary: row.summary,
      record: recordLink(row),
    }));
    return { query, total, entries, staff };
  },
  { may: "seeReports", unavailable: "Failed to load the audit trail." },
);

export default function AdminAuditPage() {
  const { query, total, entries, staff } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Audit trail</h1>
          <p className="mt-1 text-sm text-slate-600">
            Who changed what and when, newest first. Times are the shop&apos;s.
          </p>
        </div>
        {useMay("manageStaff") ? (
          <Link to="/admin/staff" className="text-sm font-semibold text-brand-700 underline">
            Staff accounts
          </Link>
        ) : null}
      </div>
      <div className={`${panel} mt-6`}>
        <AuditFilters query={query} staff={staff} />
        {entries.length ? (
          <AuditEntries entries={entries} />
        ) : (
          <p className="mt-6 text-slate-600">Nothing recorded matches these filters.</p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="entries" />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Audit trail") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = AdminErrorBoundary;
