import { data, type AppLoadContext, type Params } from "react-router";
import { repairItemSchema, type RepairItemInput } from "~/schemas/repair-item";
import { adminMessages, errorToast, successToast } from "~/content/messages/admin-messages";
import {
  getRepairItem,
  pageOfRepairItem,
  type RepairItem,
  type SaveResult,
} from "~/models/repair-item.server";
import { parseRecordId } from "~/utils/record-id";
import { parseForm, replyWithError } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { changedMeanwhileReply, valuesOnTop } from "~/server/changed-meanwhile.server";
import type { RepairItemDefaults } from "~/components/admin/repair-item-form";

export const itemNotFound = () => data(adminMessages.itemNotFound, { status: 404 });

/** The entry id of /admin/repair-items/:id/…; a 404 for any other id. */
export function repairItemId(params: Params): number {
  const id = parseRecordId(params.id);
  if (id === undefined) throw itemNotFound();
  return id;
}

/** The entry a dialog opens, as stored; a 404 if it is gone. */
export async function openRepairItem(params: Params) {
  const item = await getRepairItem(repairItemId(params));
  if (!item) throw itemNotFound();
  return item;
}

/**
 * Where the saved entry can be seen: the list filtered to its category and brand, on the page
 * that holds it, with its row marked and scrolled to.
 */
async function listUrlShowing(item: RepairItem) {
  const page = await pageOfRepairItem(item);
  const params = new URLSearchParams({ category: item.category, brand: item.brand });
  if (page > 1) params.set("page", String(page));
  params.set("highlight", String(item.id));
  return `/admin/repair-items?${params}#item-${item.id}`;
}

/** An entry as the Edit form shows it. */
export const repairItemFormValues = (item: RepairItem): RepairItemDefaults => ({
  deviceCategory: item.category,
  brand: item.brand,
  series: item.series ?? "",
  model: item.model,
  issue: item.repair,
  price: item.price ?? "",
  callForPrice: item.price === null ? "on" : undefined,
});

/**
 * The Add and Edit dialogs' action: validate, save, then to the list showing the entry with the
 * success toast; a duplicate or a database failure keeps the form with the Error toast; an edit
 * of an entry someone changed meanwhile comes back with their change and the typed one on top.
 */
export async function saveRepairItemForm(
  request: Request,
  context: AppLoadContext,
  save: (input: RepairItemInput, readVersion: number | undefined) => Promise<SaveResult>,
  messages: { saved: string; failed: string },
) {
  const submission = parseForm(await request.formData(), repairItemSchema);
  if (submission.status !== "success") return replyWithError(context, submission, 400);
  const { version, shown, ...input } = submission.value;
  const fail = (status: number, reason: string) =>
    replyWithError(context, submission, status, {
      toast: errorToast(messages.failed),
      formErrors: [reason],
    });

  let result: SaveResult;
  try {
    result = await save(input, version);
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return fail(503, messages.failed);
  }
  switch (result.outcome) {
    case "duplicate":
      return fail(409, adminMessages.itemDuplicate);
    case "not_found":
      throw data(adminMessages.itemNotFound, { status: 404 });
    case "changed_meanwhile":
      return changedMeanwhileReply(context, submission, {
        refused: adminMessages.itemChangedMeanwhile,
        version: result.current.version,
        changes: result.changes,
        values: valuesOnTop(submission.payload, shown, repairItemFormValues(result.current), [
          "newBrand",
          "newSeries",
        ]),
        extra: {},
      });
    case "saved":
      return redirectWithToast(await listUrlShowing(result.item), successToast(messages.saved), {
        status: 303,
      });
  }
}
