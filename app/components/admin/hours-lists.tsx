import { Form, Link } from "react-router";
import type { ChangedMeanwhile } from "~/types/repairs";
import type { CalendarEntryView, HolidayView } from "~/types/shop-calendar";
import { hoursPath } from "~/utils/admin-path";
import { SaveRefused } from "./changed-meanwhile";
import { secondaryButton } from "./ui";
import { messagesSummary } from "~/components/forms/error-summary";

/** A removal refused for one entry: its message and what changed, shown in that entry's row. */
export type RemovalRefused = { id: string | null; errors?: string[]; conflict?: ChangedMeanwhile };

/**
 * The closures and special hours from today on, each with Edit (the form on this page, filled
 * with it) and Remove (as read: refused when someone changed it since, decision 0039).
 */
export function EntryList({
  entries,
  refused,
}: {
  entries: CalendarEntryView[];
  refused?: RemovalRefused;
}) {
  if (!entries.length)
    return (
      <p className="text-sm text-slate-600">
        None: the shop keeps its usual hours, closed on statutory holidays.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-200">
      {entries.map((entry) => (
        <li
          key={entry.id}
          id={`entry-${entry.id}`}
          className="flex flex-wrap items-start justify-between gap-3 py-3"
          data-testid="hours-entry"
        >
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{entry.days}</p>
            <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
              {entry.hours}
              {entry.reason ? ` · ${entry.reason}` : null}
            </p>
          </div>
          <div className="flex gap-2">
            <Link
              to={`?edit=${entry.id}#${entry.kind === "closure" ? "closure" : "special-hours"}-heading`}
              className={secondaryButton}
              aria-label={`Edit ${entry.days}`}
            >
              Edit
            </Link>
            <Form method="post" action={hoursPath}>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={entry.id} />
              <input type="hidden" name="version" value={entry.version} />
              <button type="submit" className={secondaryButton} aria-label={`Remove ${entry.days}`}>
                Remove
              </button>
            </Form>
          </div>
          {refused?.id === String(entry.id) && refused.errors?.length ? (
            <div className="w-full">
              <SaveRefused
                form={messagesSummary(`entry-${entry.id}-refused`, refused.errors)}
                conflict={refused.conflict}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The statutory holidays of the coming year, closed unless opened: "Open this day" fills the
 * special hours form with the date and that weekday's usual hours.
 */
export function HolidayList({ holidays }: { holidays: HolidayView[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {holidays.map((holiday) => (
        <li
          key={holiday.date}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
          data-testid="holiday"
        >
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">{holiday.name}</p>
            <p className="text-slate-700">
              {holiday.dateLabel} · {holiday.status}
            </p>
          </div>
          {holiday.set ? null : (
            <Link
              to={`?open=${holiday.date}#special-hours-heading`}
              className={secondaryButton}
              aria-label={`Open on ${holiday.name}, ${holiday.dateLabel}`}
            >
              Open this day
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
