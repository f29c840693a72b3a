import type { ShouldRevalidateFunction } from "react-router";
import {
  ErrorSummary,
  summaryFocus,
  type ErrorSummaryData,
} from "~/components/forms/error-summary";
import type { ChangedMeanwhile } from "~/types/repairs";

/**
 * The refusal in an action's answer, if it is one: only the replies to a save on a changed repair
 * carry `conflict`.
 */
export function conflictIn(answer: object | undefined): ChangedMeanwhile | undefined {
  return answer && "conflict" in answer ? (answer.conflict as ChangedMeanwhile) : undefined;
}

/**
 * The `shouldRevalidate` of a page whose forms can be refused because the repair changed
 * meanwhile (409): the page reloads what is stored now, so everything on it agrees with the form
 * that came back (decision 0039). React Router keeps the loaders' data after a 4xx otherwise.
 */
export const reloadAfterRefusal: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;

/**
 * A form's error summary, and when the save was refused because the record changed while the staff
 * member had it open, what changed, by whom and when, newest first, in its place. The form below
 * it holds their changes on top of the new values.
 */
export function SaveRefused({
  form,
  conflict,
}: {
  form: ErrorSummaryData;
  conflict?: ChangedMeanwhile;
}) {
  const [first] = form.summary;
  if (!conflict || !first) return <ErrorSummary form={form} />;
  return (
    <div
      id={form.errorId}
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 focus:outline-2 focus:outline-offset-2 focus:outline-amber-700"
      {...summaryFocus}
    >
      <p className="font-semibold">{first.message}</p>
      <p className="mt-2">Changed since you opened it:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {conflict.changes.map((change) => (
          <li key={`${change.at}|${change.summary}`} className="[overflow-wrap:anywhere]">
            <time dateTime={change.at}>{change.atLabel}</time>, {change.by}: {change.summary}
          </li>
        ))}
      </ul>
    </div>
  );
}
