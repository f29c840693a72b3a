import { getZodConstraint } from "@conform-to/zod";
import { Link, useActionData, useLoaderData, type MetaFunction } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { DayCloseForm, DayClosedSummary } from "~/components/admin/day-close-count";
import { DayTotalsTables } from "~/components/admin/day-close-tables";
import { Section } from "~/components/admin/repair-detail-sections";
import { secondaryButton } from "~/components/admin/ui";
import { useActionToast } from "~/components/toaster";
import { dayCloseAction } from "~/routes/day-close-form.server";
import { closeDateOf, dayCloseView } from "~/routes/day-close-view.server";
import { dayCloseSchema } from "~/schemas/day-close";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { bookkeeperCsvPath, closePath, zReportPath } from "~/utils/day-close";
import { pageTitle } from "~/utils/meta";
import { formatCalendarDate } from "~/utils/shop-time";

export const loader = staffLoader(
  async ({ request }) => ({
    ...(await dayCloseView(closeDateOf(new URL(request.url).searchParams.get("date")))),
    constraint: getZodConstraint(dayCloseSchema),
  }),
  { may: "closeDay", unavailable: "Failed to load the day's takings." },
);

export const action = staffAction(
  async ({ request, context, staff }) => dayCloseAction(request, context, staff),
  { may: "closeDay" },
);

/** After a refused close (409) the page shows the close that stands (decision 0039). */
export const shouldRevalidate = reloadAfterRefusal;

export default function DayClosePage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useActionToast(answer?.toast);
  const { date, close } = view;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Day&apos;s Close</h1>
      <p className="mt-1 text-base text-slate-800">{formatCalendarDate(date, "long")}</p>
      <nav aria-label="Days and files" className="mt-3 flex flex-wrap gap-2">
        <Link to={closePath(view.previous)} className={secondaryButton}>
          Previous day
        </Link>
        {view.next ? (
          <Link to={closePath(view.next)} className={secondaryButton}>
            Next day
          </Link>
        ) : null}
        <Link to={zReportPath(date)} className={secondaryButton}>
          Z report
        </Link>
        <a href={bookkeeperCsvPath("invoices", date)} className={secondaryButton} download>
          Invoices CSV
        </a>
        <a href={bookkeeperCsvPath("payments", date)} className={secondaryButton} download>
          Payments CSV
        </a>
      </nav>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Section title={close ? "Takings at the close" : "Takings so far"} id="takings-heading">
          <DayTotalsTables totals={view.totals} />
        </Section>
        <Section title={close ? "Cash count" : "Count the cash"} id="count-heading">
          {close ? (
            <DayClosedSummary
              close={close}
              recordedAfter={view.recordedAfter}
              refusal={answer?.result.error?.[""] ?? undefined}
            />
          ) : view.mayClose ? (
            <DayCloseForm
              date={date}
              expectedCashCents={view.expectedCashCents}
              constraint={view.constraint}
              result={answer?.result}
            />
          ) : (
            <p className="text-sm text-slate-700">
              This day has not begun yet: a day is closed at its end.
            </p>
          )}
        </Section>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Day's Close ${formatCalendarDate(data.date)}` : "Day's Close") },
];

export const ErrorBoundary = AdminErrorBoundary;
