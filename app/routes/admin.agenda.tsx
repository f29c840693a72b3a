import type { MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { FlaggedList } from "~/components/admin/agenda-flagged";
import { AgendaFilters, AgendaNavigation } from "~/components/admin/agenda-toolbar";
import { DayView, WeekView } from "~/components/admin/agenda-views";
import { panel } from "~/components/admin/ui";
import { booking } from "~/config/shop";
import {
  agendaLimit,
  agendaWindow,
  formatMonthDay,
  pickupView,
  pickupWaitText,
  type AgendaLinkState,
} from "~/utils/agenda";
import { BalancesDue } from "~/components/admin/balances-due";
import { balancesDue } from "~/models/money-owed.server";
import { balanceView } from "~/routes/balances-view.server";
import {
  agendaAppointments,
  agendaDropOffs,
  overdueRepairs,
  waitingForPickup,
} from "~/models/booking-agenda.server";
import { shopCalendar } from "~/models/shop-calendar.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import { daysFrom, formatLongDate, shopToday } from "~/utils/shop-time";
import { agendaQuerySchema } from "~/schemas/admin-agenda";
import { quickStatusAction } from "~/routes/repair-quick-status.server";
import { staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(
  async ({ request }) => {
    const query = agendaQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const now = new Date();
    const window = agendaWindow(query, now);
    const filters = { status: query.status, category: query.category, urgency: query.urgency };
    const [appointments, dropOffs, overdue, pickup, calendar, balances] = await Promise.all([
      agendaAppointments(window.from, window.to, filters),
      // The day's slots show every place taken; the week lists appointments only.
      query.view === "day" ? agendaDropOffs(window.from) : [],
      overdueRepairs(now),
      waitingForPickup(now),
      shopCalendar(window.from, window.to),
      balancesDue(),
    ]);
    return {
      query,
      window,
      today: shopToday(now),
      calendar,
      appointments,
      dropOffs,
      overdue,
      // Dates as the shop's calendar shows them, worked out here where the clock is.
      pickup: { total: pickup.total, items: pickupView(pickup.items, now) },
      balances: { ...balances, items: balanceView(balances.items) },
    };
  },
  { unavailable: adminMessages.loadAgendaFailed },
);

/** A row's status form (decision 0047). */
export const action = quickStatusAction;

export const shouldRevalidate = reloadAfterRefusal;

export default function AdminAgendaPage() {
  const { query, window, today, calendar, appointments, dropOffs, overdue, pickup, balances } =
    useLoaderData<typeof loader>();
  const link: AgendaLinkState = {
    view: query.view,
    date: query.date,
    status: query.status,
    category: query.category,
    urgency: query.urgency,
  };
  const filtered = !!(query.category || query.urgency || query.status !== "active");
  const heading =
    query.view === "day"
      ? formatLongDate(window.from)
      : `Week of ${formatMonthDay(window.from)} to ${formatMonthDay(window.to)}, ${window.to.slice(0, 4)}`;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Agenda</h1>
      <div className={`${panel} mt-6`}>
        <AgendaNavigation link={link} previous={window.previous} next={window.next} today={today} />
        <div className="mt-4">
          <AgendaFilters link={link} date={window.date} />
        </div>
      </div>
      <section aria-labelledby="schedule-heading" className={`${panel} mt-6`}>
        <h2 id="schedule-heading" className="text-lg font-semibold text-slate-900">
          {heading}
          {window.from <= today && today <= window.to && query.view === "day" ? (
            <span className="ml-2 text-sm font-medium text-brand-700">Today</span>
          ) : null}
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="agenda-summary">
          {appointments.items.length === 1
            ? "1 appointment"
            : `${appointments.items.length} appointments`}
          {filtered ? " matching the filters" : ""}.
        </p>
        {appointments.truncated ? (
          <p role="status" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Only the first {agendaLimit} appointments are shown; pick a single day or narrow the
            filters to see the rest.
          </p>
        ) : null}
        <div className="mt-4">
          {query.view === "day" ? (
            <DayView
              date={window.from}
              items={appointments.items}
              dropOffs={dropOffs}
              today={today}
              filtered={filtered}
              calendar={calendar}
            />
          ) : (
            <WeekView
              from={window.from}
              to={window.to}
              items={appointments.items}
              today={today}
              link={link}
              calendar={calendar}
            />
          )}
        </div>
      </section>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <FlaggedList
          id="overdue"
          title="Overdue"
          description="Past the expected delivery date and not yet ready, completed or cancelled. Whatever the filters above."
          total={overdue.total}
          items={overdue.items}
          today={today}
          empty="Nothing is overdue."
          extra={(item) => {
            const late = item.expectedDeliveryDate ? daysFrom(item.expectedDeliveryDate, today) : 0;
            return `${late} ${late === 1 ? "day" : "days"} late`;
          }}
        />
        <FlaggedList
          id="pickup"
          title="Waiting for pickup"
          description={`Ready for pickup for more than ${booking.pickupWaitDays} days. Whatever the filters above.`}
          total={pickup.total}
          items={pickup.items}
          today={today}
          empty={`No repair has waited more than ${booking.pickupWaitDays} days.`}
          extra={pickupWaitText}
        />
        <BalancesDue {...balances} />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Agenda") }];

export const ErrorBoundary = AdminErrorBoundary;
