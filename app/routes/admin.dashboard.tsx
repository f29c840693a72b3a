import type { MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { CountBar, CountPie } from "~/components/admin/charts";
import { RangePicker } from "~/components/admin/dashboard-range";
import { DashboardQuotes } from "~/components/admin/dashboard-quotes";
import { TodaysAppointments, WorkloadCounts } from "~/components/admin/dashboard-workload";
import { panel } from "~/components/admin/ui";
import { adminMessages } from "~/content/messages/admin-messages";
import { FlaggedList } from "~/components/admin/agenda-flagged";
import { BalancesDue } from "~/components/admin/balances-due";
import { policies } from "~/config/shop";
import {
  agendaHref,
  firstAppointments,
  formatMonthDay,
  pickupView,
  pickupWaitText,
} from "~/utils/agenda";
import {
  agendaAppointments,
  overdueRepairs,
  waitingForPickup,
} from "~/models/booking-agenda.server";
import { balancesDue } from "~/models/money-owed.server";
import { balanceView } from "~/routes/balances-view.server";
import { pageTitle } from "~/utils/meta";
import { dashboardQuotes } from "~/models/quote.server";
import { addDays, shopToday } from "~/utils/shop-time";
import {
  dashboardStats,
  rangeBreakdowns,
  statusCounts,
  topWithOther,
} from "~/models/booking-stats.server";
import { dashboardRangeSchema } from "~/schemas/admin-dashboard";
import { quickStatusAction } from "~/routes/repair-quick-status.server";
import { staffLoader } from "~/server/staff-route.server";
import { may } from "~/utils/staff-permissions";

/** How many of today's appointments the dashboard lists; the agenda shows them all. */
const todaysListLength = 6;

export const loader = staffLoader(
  async ({ request, staff }) => {
    const range = dashboardRangeSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const now = new Date();
    const today = shopToday(now);
    const ranged = !!(range.from || range.to);
    // The booking counts and charts are reports: the day's work is for every role.
    const reports = may(staff.role, "seeReports");
    const [stats, statuses, overdue, todays, chartStats, quotes, uncollected, balances] =
      await Promise.all([
        reports ? dashboardStats(now) : undefined,
        statusCounts(),
        overdueRepairs(now),
        agendaAppointments(today, today, { status: "active" }),
        reports && ranged ? rangeBreakdowns(range) : undefined,
        dashboardQuotes(now),
        waitingForPickup(now, policies.abandonedAfterDays),
        balancesDue(),
      ]);
    const charts = chartStats ?? stats;
    return {
      today,
      range,
      cards: stats && {
        today: stats.today,
        completed: stats.completed,
        pending: stats.pending,
        total: stats.total,
      },
      workload: [
        { label: "Pending", count: statuses.pending, href: "/admin/repairs?status=pending" },
        {
          label: "In Progress",
          count: statuses.in_progress,
          href: "/admin/repairs?status=in_progress",
        },
        {
          label: "Waiting for Parts",
          count: statuses.waiting_parts,
          href: "/admin/repairs?status=waiting_parts",
        },
        {
          label: "Ready for Pickup",
          count: statuses.ready_for_pickup,
          href: "/admin/repairs?status=ready_for_pickup",
        },
        {
          label: "Overdue",
          count: overdue.total,
          href: agendaHref({ view: "day" }, "#overdue"),
          alert: true,
        },
        { label: "Balances due", count: balances.total, href: "#balances", alert: true },
        {
          label: `Uncollected ${policies.abandonedAfterDays}+ days`,
          count: uncollected.total,
          href: "#uncollected",
          alert: true,
        },
      ],
      uncollected: { total: uncollected.total, items: pickupView(uncollected.items, now) },
      balances: { ...balances, items: balanceView(balances.items) },
      todays: firstAppointments(todays.items, todaysListLength),
      quotes,
      charts: charts && {
        total: charts.total,
        byCategory: charts.byCategory,
        byBrand: topWithOther(charts.byBrand),
        byIssue: topWithOther(charts.byIssue),
      },
    };
  },
  { unavailable: adminMessages.loadDashboardFailed },
);

function rangeText(from: string | undefined, to: string | undefined) {
  if (from && to)
    return from === to
      ? `created on ${formatMonthDay(from)}, ${from.slice(0, 4)}`
      : `created ${formatMonthDay(from)}, ${from.slice(0, 4)} to ${formatMonthDay(to)}, ${to.slice(0, 4)}`;
  if (from) return `created since ${formatMonthDay(from)}, ${from.slice(0, 4)}`;
  if (to) return `created up to ${formatMonthDay(to)}, ${to.slice(0, 4)}`;
  return "of all time";
}

/** A row's status form (decision 0047). */
export const action = quickStatusAction;

export const shouldRevalidate = reloadAfterRefusal;

export default function AdminDashboardPage() {
  const { today, range, cards, workload, todays, quotes, uncollected, balances, charts } =
    useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <section aria-labelledby="workload-heading" className="mt-6">
        <h2 id="workload-heading" className="text-lg font-semibold text-slate-900">
          Today's workload
        </h2>
        <div className="mt-3">
          <WorkloadCounts counts={workload} />
        </div>
      </section>
      <div className="mt-6">
        <TodaysAppointments
          items={todays.items}
          total={todays.total}
          moreFrom={todays.moreFrom}
          today={today}
          agendaHref={agendaHref({ view: "day" })}
        />
      </div>
      <div className="mt-6">
        <DashboardQuotes quotes={quotes} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <BalancesDue {...balances} />
        <FlaggedList
          id="uncollected"
          title="Uncollected"
          description={`Ready for pickup for more than ${policies.abandonedAfterDays} days: call the customer. The terms allow an abandoned device to be disposed of after ${policies.disposedAfterDays}.`}
          total={uncollected.total}
          items={uncollected.items}
          today={today}
          empty={`No device has waited more than ${policies.abandonedAfterDays} days.`}
          extra={pickupWaitText}
        />
      </div>
      {cards && charts ? (
        <Reports today={today} todays={todays.total} range={range} cards={cards} charts={charts} />
      ) : null}
    </>
  );
}

type Dashboard = ReturnType<typeof useLoaderData<typeof loader>>;

/** The booking counts and the charts, for roles that see reports. */
function Reports({
  today,
  todays,
  range,
  cards,
  charts,
}: Pick<Dashboard, "today" | "range"> & {
  todays: number;
  cards: NonNullable<Dashboard["cards"]>;
  charts: NonNullable<Dashboard["charts"]>;
}) {
  const specCards = [
    // Two different "today"s, side by side and each saying which it is: bookings that came in
    // today (for any day) and appointments on today's calendar.
    { label: "Today's Bookings", hint: "Received today", value: cards.today },
    { label: "Today's Appointments", hint: "Scheduled for today", value: todays },
    { label: "Completed Bookings", value: cards.completed },
    { label: "Pending Bookings", value: cards.pending },
    { label: "Total Bookings", value: cards.total },
  ];
  const presets = [
    { label: "Last 7 days", from: addDays(today, -6), to: today },
    { label: "Last 30 days", from: addDays(today, -29), to: today },
    { label: "This year", from: `${today.slice(0, 4)}-01-01`, to: today },
    { label: "All time" },
  ];
  return (
    <>
      <section aria-labelledby="bookings-heading" className="mt-8">
        <h2 id="bookings-heading" className="text-lg font-semibold text-slate-900">
          Bookings
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
          {specCards.map((card) => (
            <div key={card.label} className={panel}>
              <dt className="text-sm font-medium text-slate-600">
                {card.label}
                {/* The space keeps label and hint two words when read as text: "Bookings Received". */}
                {"hint" in card ? (
                  <>
                    {" "}
                    <span className="block text-xs font-normal text-slate-500">{card.hint}</span>
                  </>
                ) : null}
              </dt>
              <dd className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">{card.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section id="charts" aria-labelledby="charts-heading" className="mt-8 scroll-mt-4">
        <h2 id="charts-heading" className="text-lg font-semibold text-slate-900">
          Charts
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="chart-range">
          Showing the <strong className="tabular-nums">{charts.total}</strong>{" "}
          {charts.total === 1 ? "booking" : "bookings"} {rangeText(range.from, range.to)}.
        </p>
        <div className="mt-3">
          <RangePicker presets={presets} from={range.from} to={range.to} />
        </div>
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <CountPie
            title="Bookings by Device Category"
            rows={charts.byCategory}
            empty="No bookings in this range."
          />
          <CountBar
            title="Bookings by Device Brand"
            rows={charts.byBrand}
            empty="No bookings in this range."
          />
          <CountBar
            title="Bookings by Issue Type"
            rows={charts.byIssue}
            empty="No bookings in this range."
          />
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Dashboard") }];

export const ErrorBoundary = AdminErrorBoundary;
