import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useFetcher, useFormAction } from "react-router";
import { useId } from "react";
import { useActionToast, type ToastData } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import type { ChangedMeanwhile } from "~/types/repairs";
import type { BookingStatus } from "~/utils/booking-status";
import { messagesSummary } from "~/components/forms/error-summary";
import { conflictIn, SaveRefused } from "./changed-meanwhile";
import { StatusOptions } from "./status-badge";

/** What a row knows of its repair: enough to name the status and version it was drawn at. */
type RowRepair = { id: number; reference: string; status: BookingStatus; version: number };

/** The page's answer to a row's form when it did not reload the page (app/routes/repair-quick-status.server.ts). */
type QuickStatusReply = {
  intent?: string;
  repair?: number;
  row?: string;
  result?: SubmissionResult<string[]>;
  toast?: Omit<ToastData, "id">;
  conflict?: ChangedMeanwhile;
};

/** The id of a row holding a status form: where the page comes back to after it was posted. */
export const rowAnchor = (place: string, reference: string) => `${place}-${reference}`;

/**
 * One row's status form and the answer to its last submission: with JavaScript, its own fetcher's;
 * without, the page's, when it was this row's (the same repair may have a row in two lists of a
 * page: the row's id tells them apart). A refusal drawn at an older version than the row's is old
 * news (the row was saved since) and no longer shown. `anchor` is the id of the row's element.
 */
export function useQuickStatus(repair: RowRepair, anchor: string) {
  const fetcher = useFetcher<QuickStatusReply>();
  const page = useActionData() as QuickStatusReply | undefined;
  useActionToast(fetcher.data?.toast);
  const pageAnswerIsOurs =
    page?.intent === "quick_status" &&
    page.repair === repair.id &&
    (page.row === undefined || page.row === anchor);
  const answer = fetcher.data ?? (pageAnswerIsOurs ? page : undefined);
  const conflict = conflictIn(answer);
  const current = conflict && conflict.version !== repair.version ? undefined : answer;
  const errors = current?.result?.error ?? {};
  const messages = Object.values(errors).flatMap((list) => list ?? []);
  return { repair, anchor, fetcher, answer: current, conflict, errors: messages };
}

type QuickStatus = ReturnType<typeof useQuickStatus>;

/**
 * The refused change of a row: what changed, by whom and when (a stale row), or why it failed.
 * Placed before the row's form, which then holds the staff member's choice on top of the new
 * status, so one press of Update applies it.
 */
export function QuickStatusRefusal({ state }: { state: QuickStatus }) {
  const id = useId();
  if (!state.errors.length) return null;
  return <SaveRefused form={messagesSummary(id, state.errors)} conflict={state.conflict} />;
}

/**
 * A status select and Update, for a row of the repair list, the agenda or the dashboard (decision
 * 0047): a plain form posting to the page without JavaScript, which comes back at the row (its id
 * both in the form's address, for a refusal drawn by the answer itself, and in a field, for the
 * redirect after a change); a fetcher with it, so the page stays where it was and the row is
 * drawn again in place. The button is never disabled while in flight, which would drop the
 * keyboard's focus; a second press then is ignored.
 */
export function QuickStatusForm({
  state,
  compact = false,
}: {
  state: QuickStatus;
  /**
   * A narrow place (the table's status cell at desktop width): the select takes the width it is
   * given, the button goes under it. Elsewhere, select and button are a thumb's height (44 px) on
   * a phone.
   */
  compact?: boolean;
}) {
  const { repair, anchor, fetcher, answer } = state;
  const selectId = useId();
  const hydrated = useHydrated();
  const page = useFormAction();
  const typed = answer?.result?.initialValue?.status;
  const chosen = typeof typed === "string" ? typed : repair.status;
  const busy = fetcher.state !== "idle";
  const size = compact ? "min-h-6 py-1 text-xs" : "min-h-11 py-1.5 text-sm lg:min-h-9";
  return (
    <fetcher.Form
      method="post"
      action={hydrated ? undefined : `${page}#${anchor}`}
      preventScrollReset
      aria-label={`Status of ${repair.reference}`}
      data-testid="quick-status"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="repair" value={repair.id} />
      <input type="hidden" name="version" value={repair.version} />
      <input type="hidden" name="shownStatus" value={repair.status} />
      {hydrated ? null : <input type="hidden" name="row" value={anchor} />}
      <label htmlFor={selectId} className="sr-only">
        New status of {repair.reference}
      </label>
      <select
        key={`${repair.version}|${chosen}`}
        id={selectId}
        name="status"
        defaultValue={chosen}
        className={`rounded-md border border-slate-300 bg-white ${size} ${compact ? "w-full pr-1 pl-1.5" : "min-w-0 grow basis-28 pr-7 pl-2"}`}
      >
        <StatusOptions />
      </select>
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className={`inline-flex items-center justify-center rounded-md border border-brand-700 bg-white px-3 font-semibold text-brand-800 hover:bg-brand-50 aria-disabled:cursor-wait aria-disabled:opacity-60 ${size}`}
      >
        {busy ? "Updating…" : "Update"}
      </button>
    </fetcher.Form>
  );
}
