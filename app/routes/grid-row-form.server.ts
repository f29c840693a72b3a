import { data, type AppLoadContext, type Params } from "react-router";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { tradeMessages } from "~/content/messages/trade-messages";
import { getGridRow, type GridRow, type GridSaveResult } from "~/models/buyback-grid.server";
import type { RecordChange } from "~/models/record-changes.server";
import { gridRowSchema, type GridRowInput } from "~/schemas/buyback-grid";
import type { GridRowDefaults } from "~/components/admin/grid-row-form";
import { byWhom, changedMeanwhileReply, valuesOnTop } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { plainDollars } from "~/utils/invoice-totals";
import { parseRecordId } from "~/utils/record-id";

export const rowNotFound = () => data(tradeMessages.rowNotFound, { status: 404 });

/**
 * A change to a row someone deleted meanwhile (409): the dialog has no row left to show, so its
 * place says who deleted it and that nothing was stored.
 */
export const rowGone = (message: (byWhom: string) => string, changes: RecordChange[]) =>
  data(message(byWhom(changes)), { status: 409 });

/** The row of /admin/trade-ins/grid/:id/…; a 404 for any other id. */
export function gridRowId(params: Params): number {
  const id = parseRecordId(params.id);
  if (id === undefined) throw rowNotFound();
  return id;
}

export async function openGridRow(params: Params): Promise<GridRow> {
  const row = await getGridRow(gridRowId(params));
  if (!row) throw rowNotFound();
  return row;
}

/** A row as the form shows it, amounts in dollars. */
export const gridRowFormValues = (row: GridRow): GridRowDefaults => ({
  deviceCategory: row.category,
  brand: row.brand,
  model: row.model,
  storage: row.storage,
  excellent: plainDollars(row.excellentCents),
  good: plainDollars(row.goodCents),
  fair: plainDollars(row.fairCents),
  broken: plainDollars(row.brokenCents),
  battery: plainDollars(row.batteryDeductionCents),
  parts: plainDollars(row.partsDeductionCents),
  carrierLock: plainDollars(row.carrierLockDeductionCents),
});

/** The grid filtered to the row's category and brand, the row marked and scrolled to. */
const gridUrlShowing = (row: GridRow) =>
  `/admin/trade-ins/grid?${new URLSearchParams({ category: row.category, brand: row.brand, highlight: String(row.id) })}#row-${row.id}`;

/**
 * The Add and Edit dialogs' action: validate, save, then the grid showing the row; a duplicate or
 * an outage keeps the form with the message; a row changed meanwhile comes back with what changed
 * and the typed values on top of the new ones; a row deleted meanwhile says so (409).
 */
export async function saveGridRowForm(
  request: Request,
  context: AppLoadContext,
  save: (input: GridRowInput, readVersion: number | undefined) => Promise<GridSaveResult>,
  saved: string,
) {
  const submission = parseForm(await request.formData(), gridRowSchema);
  if (submission.status !== "success") return replyWithError(context, submission, 400);
  const fail = (status: number, message: string) =>
    replyWithError(context, submission, status, {
      toast: errorToast(message),
      formErrors: [message],
    });
  let result: GridSaveResult;
  try {
    result = await save(submission.value.input, submission.value.version);
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return fail(503, tradeMessages.saveFailed);
  }
  switch (result.outcome) {
    case "duplicate":
      return fail(409, tradeMessages.rowDuplicate);
    case "not_found":
      throw rowNotFound();
    case "gone":
      throw rowGone(tradeMessages.rowDeletedMeanwhile, result.changes);
    case "changed_meanwhile":
      return changedMeanwhileReply(context, submission, {
        refused: tradeMessages.rowChangedMeanwhile,
        version: result.current.version,
        changes: result.changes,
        values: valuesOnTop(
          submission.payload,
          submission.value.shown,
          gridRowFormValues(result.current),
        ),
        extra: {},
      });
    case "saved":
      return redirectWithToast(gridUrlShowing(result.row), successToast(saved), { status: 303 });
  }
}
