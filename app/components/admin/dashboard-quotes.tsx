import { Link } from "react-router";
import type { DashboardQuote } from "~/types/repairs";
import { QuickStatusForm, QuickStatusRefusal, rowAnchor, useQuickStatus } from "./quick-status";
import { panel, targetRow } from "./ui";

const colours = {
  pending: "bg-blue-100 text-blue-900",
  approved: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
} as const;

/**
 * A quote and its repair's status form: an answered quote is what moves a repair on (approved:
 * start it; declined: hand it back), in one action from here (decision 0047). A repair with two
 * quotes on the list has two rows, told apart by the quote's id.
 */
function QuoteRow({ quote }: { quote: DashboardQuote }) {
  const quick = useQuickStatus(
    {
      id: quote.bookingId,
      reference: quote.reference,
      status: quote.bookingStatus,
      version: quote.version,
    },
    rowAnchor("quote", String(quote.id)),
  );
  return (
    // One line at desktop width (the quote, its answer, the repair's status form), stacked on a
    // phone; a refusal takes a line of its own above the form.
    <li
      id={quick.anchor}
      tabIndex={-1}
      data-testid="dashboard-quote"
      className={`${targetRow} -mx-2 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md px-2 py-3`}
    >
      <span className="min-w-0 grow">
        <Link
          to={`/admin/repairs/${quote.bookingId}`}
          className="font-mono font-semibold text-brand-700 hover:underline"
        >
          {quote.reference}
        </Link>
        <span className="ml-2 text-sm [overflow-wrap:anywhere] text-slate-700">
          {quote.customer} · {quote.amount}
        </span>
      </span>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[quote.status]}`}>
        {quote.state}
      </span>
      {quick.errors.length ? (
        <div className="basis-full">
          <QuickStatusRefusal state={quick} />
        </div>
      ) : null}
      <div className="w-full sm:ml-auto sm:w-80">
        <QuickStatusForm state={quick} />
      </div>
    </li>
  );
}

/** Quotes waiting for the customer's answer first, then those answered in the last week. */
export function DashboardQuotes({ quotes }: { quotes: DashboardQuote[] }) {
  return (
    <section aria-labelledby="quotes-heading" className={panel}>
      <h2 id="quotes-heading" className="text-lg font-semibold text-slate-900">
        Quotes
      </h2>
      {quotes.length ? (
        <ul className="mt-1 divide-y divide-slate-100">
          {quotes.map((quote) => (
            <QuoteRow key={quote.id} quote={quote} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No quotes waiting or answered this week.</p>
      )}
    </section>
  );
}
