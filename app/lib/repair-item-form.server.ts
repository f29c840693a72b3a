import { data, type AppLoadContext } from "@remix-run/node";
import { repairItemSchema, type RepairItemInput } from "~/schemas/repair-item";
import { adminMessages, errorToast, successToast } from "./admin-messages";
import type { SaveResult } from "./repair-items.server";
import { parseForm, replyWithError } from "./form-reply.server";
import { redirectWithToast } from "./toast.server";
import { isDatabaseOutage } from "./database-outage.server";

/**
 * The Add and Edit dialogs' action: validate, save, then back to the list (as it was filtered)
 * with the success toast; a duplicate or a database failure keeps the form with the Error toast.
 */
export async function saveRepairItemForm(
  request: Request,
  context: AppLoadContext,
  save: (input: RepairItemInput) => Promise<SaveResult>,
  messages: { saved: string; failed: string },
) {
  const submission = parseForm(await request.formData(), repairItemSchema);
  if (submission.status !== "success") return replyWithError(context, submission, 400);
  const fail = (status: number, reason: string) => replyWithError(context, submission, status, { toast: errorToast(messages.failed), formErrors: [reason] });

  let result: SaveResult;
  try {
    result = await save(submission.value);
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return fail(503, messages.failed);
  }
  switch (result.outcome) {
    case "duplicate":
      return fail(409, adminMessages.itemDuplicate);
    case "not_found":
      throw data(adminMessages.itemNotFound, { status: 404 });
    case "saved":
      return redirectWithToast(`/admin/repair-items${new URL(request.url).search}`, successToast(messages.saved), { status: 303 });
  }
}
