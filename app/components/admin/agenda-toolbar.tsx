import { Form, Link } from "react-router";
import { deviceCategories, urgencies } from "~/config/shop";
import { agendaHref, type AgendaLinkState } from "~/utils/agenda";
import { bookingStatuses, statusLabels } from "~/utils/booking-status";
import { FilterDate, FilterSelect } from "./filter-form";
import { secondaryButton } from "./ui";

const pill = "inline-flex min-h-9 items-center rounded-md px-3 py-1.5 text-sm font-semibold";

/**
 * Day or week, and previous / today / next: plain links, so the agenda works without JavaScript.
 */
export function AgendaNavigation({
  link,
  previous,
  next,
  today,
}: {
  link: AgendaLinkState;
  previous: string;
  next: string;
  today: string;
}) {
  const unit = link.view === "week" ? "week" : "day";
  return (
    <nav aria-label="Agenda dates" className="flex flex-wrap items-center gap-2">
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {(["day", "week"] as const).map((view) => (
          <Link
            key={view}
            to={agendaHref({ ...link, view })}
            aria-current={link.view === view ? "page" : undefined}
            className={`${pill} ${link.view === view ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100"}`}
          >
            {view === "day" ? "Day" : "Week"}
          </Link>
        ))}
      </div>
      <div className="inline-flex flex-wrap gap-1">
        <Link
          to={agendaHref({ ...link, date: previous })}
          className={`${pill} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          <span aria-hidden="true">←&nbsp;</span>Previous {unit}
        </Link>
        <Link
          to={agendaHref({ ...link, date: today })}
          className={`${pill} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Today
        </Link>
        <Link
          to={agendaHref({ ...link, date: next })}
          className={`${pill} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Next {unit}
          <span aria-hidden="true">&nbsp;→</span>
        </Link>
      </div>
    </nav>
  );
}

/** The day and filters as a GET form: the URL holds them, a reload or a shared link keeps them. */
export function AgendaFilters({ link, date }: { link: AgendaLinkState; date: string }) {
  const filtered = !!(link.category || link.urgency || (link.status && link.status !== "active"));
  return (
    <Form
      key={JSON.stringify({ ...link, date })}
      method="get"
      role="search"
      aria-label="Agenda filters"
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
    >
      {link.view === "week" ? <input type="hidden" name="view" value="week" /> : null}
      <FilterDate
        id="agenda-date"
        name="date"
        label={link.view === "week" ? "Week of" : "Date"}
        value={date}
      />
      <FilterSelect
        id="agenda-status"
        name="status"
        label="Status"
        value={link.status && link.status !== "active" ? link.status : ""}
        allLabel="All but cancelled"
        options={[
          { value: "all", label: "All, with cancelled" },
          ...bookingStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
        ]}
      />
      <FilterSelect
        id="agenda-category"
        name="category"
        label="Category"
        value={link.category}
        allLabel="All categories"
        options={deviceCategories.map((c) => ({ value: c.slug, label: c.shortName }))}
      />
      <FilterSelect
        id="agenda-urgency"
        name="urgency"
        label="Urgency"
        value={link.urgency}
        allLabel="Any urgency"
        options={urgencies}
      />
      <button type="submit" className={secondaryButton}>
        Show
      </button>
      {filtered ? (
        <Link
          to={agendaHref({ view: link.view, date: link.date })}
          className="py-2 text-sm text-brand-700 underline"
        >
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
