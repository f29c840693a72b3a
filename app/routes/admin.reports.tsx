import type { MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { CountBar } from "~/components/admin/charts";
import { ReportTable } from "~/components/admin/owner-report-tables";
import { inputClass } from "~/components/forms/field";
import { panel, secondaryButton } from "~/components/admin/ui";
import { policies } from "~/config/shop";
import { ownerReports } from "~/models/owner-reports.server";
import { ownerReportQuerySchema } from "~/schemas/owner-reports";
import { staffLoader } from "~/server/staff-route.server";
import { formatCents } from "~/utils/invoice-totals";
import { pageTitle } from "~/utils/meta";
import { formatCalendarDate } from "~/utils/shop-time";

const periodWords = { day: "Day", week: "Week of", month: "Month" } as const;

export const loader = staffLoader(
  async ({ request }) => {
    const query = ownerReportQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const report = await ownerReports(query);
    const periodLabel = (period: string) =>
      query.by === "month"
        ? formatCalendarDate(period, "long").replace(/ \d{1,2},/, "")
        : formatCalendarDate(period);
    return {
      query,
      ...report,
      revenue: report.revenue.map((row) => ({ ...row, label: periodLabel(row.period) })),
    };
  },
  { may: "seeReports", unavailable: "Could not load the reports. Please try again in a minute." },
);

const hours = (total: number) =>
  total < 48 ? `${total} h` : `${Math.round((total / 24) * 10) / 10} days`;

export default function OwnerReportsPage() {
  const report = useLoaderData<typeof loader>();
  const { query } = report;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Reports</h1>
      <Form method="get" className={`${panel} mt-6 flex flex-wrap items-end gap-3`}>
        <label className="text-sm font-medium text-slate-800">
          From
          <input type="date" name="from" defaultValue={query.from} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-slate-800">
          To
          <input type="date" name="to" defaultValue={query.to} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-slate-800">
          Revenue by
          <select name="by" defaultValue={query.by} className={inputClass}>
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </label>
        <button type="submit" className={secondaryButton}>
          Show
        </button>
      </Form>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Totals">
        {[
          ["Invoices issued", String(report.invoiced)],
          ["Revenue, credit notes off", formatCents(report.netCents)],
          ["Average ticket", formatCents(report.averageTicketCents)],
          [`Uncollected ${policies.abandonedAfterDays}+ days`, String(report.abandoned)],
        ].map(([label, value]) => (
          <div key={label} className={panel}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        {report.revenue.length ? (
          <CountBar
            title={`Revenue per ${query.by}, HST included, credit notes off`}
            unit="Dollars"
            rows={report.revenue.map((row) => ({
              label: row.label,
              count: Math.round(row.netCents / 100),
            }))}
          />
        ) : null}
        <ReportTable
          id="revenue"
          title="Revenue"
          lead={`Invoices issued ${formatCalendarDate(query.from)} to ${formatCalendarDate(query.to)}, void ones left out.`}
          heads={[periodWords[query.by], "Invoices", "Revenue", "Average"]}
          rows={report.revenue.map((row) => ({
            key: row.period,
            cells: [
              row.label,
              row.invoices,
              formatCents(row.netCents),
              formatCents(Math.round(row.netCents / row.invoices)),
            ],
          }))}
          empty="No invoices issued in these days."
        />
        <ReportTable
          id="turnaround"
          title="Turnaround by repair type"
          lead="From received to first Ready for Pickup, for repairs ready in these days."
          heads={["Repair", "Repairs", "Average"]}
          rows={report.turnaround.map((row) => ({
            key: row.issueType,
            cells: [row.issueType, row.repairs, hours(row.averageHours)],
          }))}
          empty="No repair became ready in these days."
        />
        <ReportTable
          id="technicians"
          title="Jobs and revenue per technician"
          lead="Who marked each repair ready, for the invoices issued in these days."
          heads={["Technician", "Jobs", "Revenue"]}
          rows={report.technicians.map((row) => ({
            key: row.technician,
            cells: [row.technician, row.jobs, formatCents(row.netCents)],
          }))}
          empty="No invoiced repair in these days."
        />
      </div>
      <p className="mt-6 text-sm text-slate-700">
        The devices uncollected are listed with their phones on the{" "}
        <Link to="/admin/dashboard#uncollected" className="text-brand-700 underline">
          dashboard
        </Link>
        .
      </p>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Reports") }];

export const ErrorBoundary = AdminErrorBoundary;
