import { formatCalendarDate } from "~/utils/shop-time";
import type { MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { CountTable, FunnelTable, VitalsTable } from "~/components/admin/analytics-tables";
import { CountPie, DailyBar } from "~/components/admin/charts";
import { adminMessages } from "~/content/messages/admin-messages";
import { flushAnalytics } from "~/models/analytics.server";
import { analyticsReport } from "~/models/analytics-report.server";
import { pageTitle } from "~/utils/meta";
import { staffLoader } from "~/server/staff-route.server";

const deviceLabels: Record<string, string> = {
  mobile: "Phone",
  tablet: "Tablet",
  desktop: "Desktop",
};

/** "Jun 14": short enough for the chart's axis, and with the year in the page's heading. */
const dayLabel = (day: string) => formatCalendarDate(day, "short");

export const loader = staffLoader(
  async () => {
    // This instance's last few seconds of views, so staff see a visit they just made.
    await flushAnalytics();
    const report = await analyticsReport();
    return {
      ...report,
      perDay: report.perDay.map((row) => ({ label: dayLabel(row.day), count: row.views })),
      devices: report.devices.map((row) => ({
        label: deviceLabels[row.label] ?? row.label,
        count: row.count,
      })),
    };
  },
  { may: "seeReports", unavailable: adminMessages.loadAnalyticsFailed },
);

export default function AdminAnalyticsPage() {
  const report = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Analytics</h1>
      <p className="mt-2 text-slate-600">
        The last 30 days ({report.from} to {report.to}):{" "}
        <strong className="tabular-nums" data-testid="total-views">
          {report.total}
        </strong>{" "}
        page views. Counted without cookies; bots and staff pages are left out.
      </p>
      {/* Columns may shrink below their content: a chart wider than a phone scrolls in its panel, never the page. */}
      <div className="mt-6 grid grid-cols-1 gap-6">
        <DailyBar
          title="Page views per day"
          rows={report.perDay}
          unit="Views"
          empty="No page views yet."
        />
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <CountTable title="Top pages" rows={report.topPages} nameHeading="Page" />
          <CountTable
            title="Top selections and searches"
            rows={report.topSelections}
            nameHeading="Page and choice"
          />
          <CountTable title="Top referrers" rows={report.topReferrers} nameHeading="Site" />
          <CountPie title="Devices" rows={report.devices} unit="Views" empty="No page views yet." />
        </div>
        <FunnelTable steps={report.funnel} />
        <VitalsTable pages={report.vitals} />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Analytics") }];

export const ErrorBoundary = AdminErrorBoundary;
