import { Link } from "react-router";
import {
  agendaHref,
  daysBetween,
  formatWeekday,
  slotRows,
  type AgendaDropOff,
  type AgendaItem,
  type AgendaLinkState,
} from "~/utils/agenda";
import type { ShopCalendar } from "~/types/shop-calendar";
import { closedReason } from "~/utils/day-availability";
import { AgendaCard } from "./agenda-item";

/**
 * One day as its time slots from opening to the last slot, each with its appointments and the
 * /sell drop-offs holding a place in it; a slot without any reads "Free", so staff see the
 * capacity left. With a filter on, an empty slot only means nothing matches, and says so.
 */
export function DayView({
  date,
  items,
  dropOffs,
  today,
  filtered,
  calendar,
}: {
  date: string;
  items: AgendaItem[];
  dropOffs: AgendaDropOff[];
  today: string;
  filtered: boolean;
  calendar: ShopCalendar;
}) {
  const rows = slotRows(date, items, calendar);
  const closed = closedReason(date, calendar);
  return (
    <>
      {closed ? (
        <p className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Closed all day ({closed}).
        </p>
      ) : null}
      <ol className="divide-y divide-slate-200" aria-label="Time slots">
        {rows.map((row) => {
          const dropping = dropOffs.filter((dropOff) => dropOff.dropOffTime === row.time);
          const taken = row.items.length > 0 || dropping.length > 0;
          return (
            // A slot with appointments puts its time above them on a phone, where the cards need
            // the whole width for their status form; a free slot stays one line.
            <li
              key={row.time}
              data-testid="agenda-slot"
              className={`flex gap-3 py-2 ${taken ? "flex-col gap-y-1 sm:flex-row" : ""}`}
            >
              <p className="w-20 shrink-0 pt-1 text-sm font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                {row.label}
              </p>
              {taken ? (
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  {row.items.length ? (
                    <ul className="grid min-w-0 gap-2 md:grid-cols-2 2xl:grid-cols-3">
                      {row.items.map((item) => (
                        <AgendaCard key={item.id} item={item} place="agenda" today={today} />
                      ))}
                    </ul>
                  ) : null}
                  {dropping.length ? <DropOffList dropOffs={dropping} /> : null}
                </div>
              ) : (
                <p className="flex-1 rounded-md border border-dashed border-slate-300 px-3 py-1.5 text-sm text-slate-600">
                  {filtered ? "Nothing matching" : "Free"}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** A slot's trade-in drop-offs, each a link to its offer. */
function DropOffList({ dropOffs }: { dropOffs: AgendaDropOff[] }) {
  return (
    <ul
      className="grid min-w-0 gap-2 md:grid-cols-2 2xl:grid-cols-3"
      aria-label="Trade-in drop-offs"
    >
      {dropOffs.map((dropOff) => (
        <li
          key={dropOff.id}
          className="min-w-0 rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm"
        >
          <Link
            to={`/admin/trade-ins/${dropOff.id}`}
            className="flex min-h-11 flex-col justify-center text-brand-800 hover:underline"
          >
            <span className="font-semibold">Trade-in drop-off {dropOff.reference}</span>
            <span className="text-slate-700">
              {dropOff.name}, {dropOff.device}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Monday to Sunday, a day under the other, each day's appointments in time order as cards side by
 * side, as many abreast as the width holds (one on a phone, three at 1280 px): a card keeps the
 * width it needs to be read and its status form to be used, however busy the day. Seven columns
 * left a 1280 px screen about 120 px a day, too narrow for a name, a device or a status. Each
 * day's heading opens that day's slots.
 */
export function WeekView({
  from,
  to,
  items,
  today,
  link,
  calendar,
}: {
  from: string;
  to: string;
  items: AgendaItem[];
  today: string;
  link: AgendaLinkState;
  calendar: ShopCalendar;
}) {
  return (
    <div className="space-y-3">
      {daysBetween(from, to).map((day) => {
        const dayItems = items.filter((item) => item.preferredDate === day);
        const closed = closedReason(day, calendar);
        return (
          <section
            key={day}
            aria-labelledby={`day-${day}`}
            data-testid="agenda-day"
            className={`min-w-0 rounded-lg p-2 sm:p-3 ${day === today ? "bg-brand-50 ring-1 ring-brand-600" : "bg-slate-100"}`}
          >
            <h3
              id={`day-${day}`}
              className="flex flex-wrap items-baseline gap-x-3 text-base font-semibold text-slate-900"
            >
              <Link
                to={agendaHref({ ...link, view: "day", date: day })}
                className="inline-flex min-h-6 items-center text-brand-800 hover:underline"
              >
                {formatWeekday(day)}
                {day === today ? <span className="sr-only"> (today)</span> : null}
              </Link>
              <span className="text-sm font-normal text-slate-600">
                {dayItems.length === 1
                  ? "1 appointment"
                  : `${dayItems.length || "No"} appointments`}
              </span>
              {closed ? (
                <span className="text-sm font-normal text-amber-900">Closed ({closed})</span>
              ) : null}
            </h3>
            {dayItems.length ? (
              <ul className="mt-2 grid gap-2 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
                {dayItems.map((item) => (
                  <AgendaCard key={item.id} item={item} place="agenda" today={today} showTime />
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
