import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { CountBar, CountPie } from "~/components/admin/charts";
import { panel } from "~/components/admin/ui";
import { adminMessages } from "~/lib/admin-messages";
import { requireStaff } from "~/lib/auth.server";
import { pageTitle } from "~/lib/meta";
import { dashboardStats, topWithOther } from "~/lib/stats.server";
import { unavailableFor } from "~/lib/unavailable.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  const stats = await dashboardStats().catch(unavailableFor(context, adminMessages.loadDashboardFailed));
  return { ...stats, byBrand: topWithOther(stats.byBrand), byIssue: topWithOther(stats.byIssue) };
}

export default function AdminDashboardPage() {
  const stats = useLoaderData<typeof loader>();
  const cards = [
    { label: "Today's Bookings", value: stats.today },
    { label: "Completed Bookings", value: stats.completed },
    { label: "Pending Bookings", value: stats.pending },
    { label: "Total Bookings", value: stats.total },
  ];
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className={panel}>
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{card.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <CountPie title="Bookings by Device Category" rows={stats.byCategory} />
        <CountBar title="Bookings by Device Brand" rows={stats.byBrand} />
        <CountBar title="Bookings by Issue Type" rows={stats.byIssue} />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Dashboard") }];

export const ErrorBoundary = AdminErrorBoundary;
