import type { AppLoadContext } from "react-router";
import { successToast } from "~/content/messages/admin-messages";
import type { Staff } from "~/models/staff-session.server";
import {
  addStock,
  moveStock,
  StockChangedMeanwhile,
  StockRefused,
  updateStock,
} from "~/models/stock-device.server";
import { stockEditSchema, stockMoveSchema, stockSchema } from "~/schemas/stock-device";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { stockStateWords } from "~/utils/trade-words";

const failed = "Failed to save the device. Please try again.";

/** Stock bought elsewhere added: its page next (303), where it is photographed and listed. */
export async function addStockAction(request: Request, context: AppLoadContext, staff: Staff) {
  const submission = parseForm(await request.formData(), stockSchema);
  if (submission.status !== "success") return replyWithError(context, submission, 400);
  try {
    const created = await addStock(submission.value, staff.id);
    return redirectWithToast(`/admin/stock/${created.id}`, successToast("Device added to stock."), {
      status: 303,
    });
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, failed);
  }
}

/**
 * The device page's forms: save its details, or move it between Refurbishing and For sale. A copy
 * read before someone else's change (409), a move the state or hold refuses (409), a device gone
 * (404) and an outage (503) come back to the page with the reason.
 */
export async function stockAction(
  request: Request,
  context: AppLoadContext,
  staff: Staff,
  id: number,
) {
  const formData = await request.formData();
  const intent = formData.get("intent") === "move" ? "move" : "save";
  const submission =
    intent === "move" ? parseForm(formData, stockMoveSchema) : parseForm(formData, stockEditSchema);
  const extra = { intent };
  if (submission.status !== "success") return replyWithError(context, submission, 400, { extra });
  try {
    const value = submission.value;
    const done =
      value.intent === "move"
        ? (await moveStock(id, value.version, value.to, staff.id)) &&
          `Moved to ${stockStateWords[value.to]}.`
        : (await updateStock(id, value.version, value, staff.id)) && "Device saved.";
    if (!done)
      return replyWithMessage(context, submission, 404, "That device no longer exists.", extra);
    return redirectWithToast(`/admin/stock/${id}`, successToast(done), { status: 303 });
  } catch (error) {
    // Changed meanwhile, the form shows the device as it is now (`stale`), with the reason.
    if (error instanceof StockChangedMeanwhile || error instanceof StockRefused)
      return replyWithMessage(context, submission, 409, error.message, {
        ...extra,
        stale: error instanceof StockChangedMeanwhile,
      });
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, failed, extra);
  }
}
