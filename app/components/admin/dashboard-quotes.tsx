import { Link } from "react-router";
import type { DashboardQuote } from "~/types/repairs";
import { panel } from "./ui";

const colours = {
  pending: "bg-blue-100 text-blue-900",
  approved: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
} as const;

/** Quotes waiting for the customer's answer first, then those answered in the last week. */
export function DashboardQuotes({ quotes }: { quotes: DashboardQuote[] }) {
  return (
    <section aria-labelledby="quotes-heading" className={panel}>
      <h2 id="quotes-heading" className="text-lg font-semibold text-slate-900">
        Quotes
      </h2>
      {quotes.length ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {quotes.map((q) => (
            <li
              key={q.id}
              data-testid="dashboard-quote"
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="min-w-0">
                <Link
                  to={`/admin/repairs/${q.bookingId}`}
                  className="font-mono font-semibold text-brand-700 hover:underline"
                >
                  {q.reference}
                </Link>
                <span className="ml-2 text-sm [overflow-wrap:anywhere] text-slate-700">
                  {q.customer} · {q.amount}
                </span>
              </span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[q.status]}`}
              >
                {q.state}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No quotes waiting or answered this week.</p>
      )}
    </section>
  );
}
