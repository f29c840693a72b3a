import { data, type AppLoadContext, type Params } from "react-router";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { tradeMessages } from "~/content/messages/trade-messages";
import { getGridRow, type GridRow, type GridSaveResult } from "~/models/buyback-grid.server";
import { gridRowSchema, type GridRowInput } from "~/schemas/buyback-grid";
import type { GridRowDefaults } from "~/components/admin/grid-row-form";
import { conflictOf } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { plainDollars } from "~/utils/invoice-totals";
import { parseRecordId } from "~/utils/record-id";

export const rowNotFound = () => data(tradeMessages.rowNotFound, { status: 404 });

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
 * an outage keeps the form with the message; a row changed meanwhile comes back as it is now,
 * with what changed, to make the change again on it.
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
    case "changed_meanwhile": {
      // The form comes back holding the row as it is now, under its new version.
      const asNow = gridRowFormValues(result.current) as Record<string, string>;
      const message = tradeMessages.rowChangedMeanwhile;
      return replyWithError(
        context,
        { reply: (options) => ({ ...submission.reply(options), initialValue: asNow }) },
        409,
        {
          toast: errorToast(message),
          formErrors: [message],
          extra: { conflict: conflictOf(result.current.version, result.changes) },
        },
      );
    }
    case "saved":
      return redirectWithToast(gridUrlShowing(result.row), successToast(saved), { status: 303 });
  }
}
