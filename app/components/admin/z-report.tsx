import { invoicing } from "~/config/shop";
import type { DayCloseView, DayTotals } from "~/types/day-close";
import { formatCents } from "~/utils/invoice-totals";
import { formatCalendarDate } from "~/utils/shop-time";
import { DayClosedSummary } from "./day-close-count";
import { DayTotalsTables } from "./day-close-tables";

/**
 * A day's Z report on paper: the shop's legal name and tax number, the day, its totals and the
 * cash count; a day not closed yet says so, with the totals as they stand.
 */
export function ZReport({
  date,
  totals,
  expectedCashCents,
  close,
  recordedAfter,
}: {
  date: string;
  totals: DayTotals;
  expectedCashCents: number;
  close: DayCloseView | null;
  recordedAfter: { cents: number; cashCents: number } | null;
}) {
  return (
    <article
      data-testid="z-report"
      className="mx-auto max-w-[210mm] bg-white p-4 shadow-sm sm:p-8 print:max-w-none print:p-0 print:shadow-none"
    >
      <header className="border-b border-slate-300 pb-3">
        <p className="text-lg font-bold text-slate-900">{invoicing.legalName}</p>
        <p className="text-sm text-slate-700">
          {invoicing.taxName} registration {invoicing.taxRegistration}
        </p>
        <h2 className="mt-3 text-xl font-semibold text-slate-900">
          Z report: {formatCalendarDate(date, "long")}
        </h2>
        {close ? null : (
          <p className="mt-1 text-sm font-semibold text-amber-900">
            Not closed yet: the totals as they stand now. Expected cash{" "}
            {formatCents(expectedCashCents)}.
          </p>
        )}
      </header>
      <div className="mt-4">
        <DayTotalsTables totals={totals} />
      </div>
      {close ? (
        <section aria-labelledby="z-count-heading" className="mt-6 break-inside-avoid">
          <h3 id="z-count-heading" className="mb-2 text-base font-semibold text-slate-900">
            Cash count
          </h3>
          <DayClosedSummary close={close} recordedAfter={recordedAfter} />
        </section>
      ) : null}
    </article>
  );
}
