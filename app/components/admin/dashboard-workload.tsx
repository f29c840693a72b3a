import { Link } from "react-router";
import type { AgendaItem } from "~/utils/agenda";
import { formatClockTime } from "~/utils/shop-time";
import { AgendaCard } from "./agenda-item";
import { panel } from "./ui";

type WorkloadCount = { label: string; count: number; href: string; alert?: boolean };

/** The queue at a glance; each number opens the list behind it. */
export function WorkloadCounts({ counts }: { counts: WorkloadCount[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" aria-label="Workload">
      {counts.map((item) => (
        <li key={item.label}>
          <Link
            to={item.href}
            data-testid="workload-count"
            className={`block h-full rounded-xl border bg-white p-4 shadow-sm hover:border-brand-600 hover:shadow ${item.alert && item.count ? "border-red-300 bg-red-50" : "border-slate-200"}`}
          >
            <span className="block text-sm font-medium text-slate-700">{item.label}</span>
            <span
              className={`mt-1 block text-3xl font-bold tabular-nums ${item.alert && item.count ? "text-red-800" : "text-slate-900"}`}
            >
              {item.count}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Today's appointments, a few at a time; the agenda has the day's slots in full. */
export function TodaysAppointments({
  items,
  total,
  moreFrom,
  today,
  agendaHref,
}: {
  items: AgendaItem[];
  total: number;
  /** The time of the first appointment not listed. */
  moreFrom?: string;
  today: string;
  agendaHref: string;
}) {
  return (
    <section aria-labelledby="today-heading" className={panel}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-heading" className="text-lg font-semibold text-slate-900">
          Today's appointments{" "}
          <span className="text-base font-normal text-slate-600 tabular-nums">({total})</span>
        </h2>
        <Link to={agendaHref} className="text-sm font-semibold text-brand-700 hover:underline">
          Open the agenda
        </Link>
      </div>
      {items.length ? (
        <ul className="mt-4 grid gap-2 md:grid-cols-2">
          {items.map((item) => (
            <AgendaCard key={item.id} item={item} place="today" today={today} showTime />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">No appointments today.</p>
      )}
      {moreFrom ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="more-today">
          {total - items.length} more today, from {formatClockTime(moreFrom)} on: see the agenda.
        </p>
      ) : null}
    </section>
  );
}
