import { data, type AppLoadContext } from "react-router";
import { adminMessages, successToast } from "~/content/messages/admin-messages";
import { RepairChangedMeanwhile } from "~/models/booking-changes.server";
import { updateRepairDevice } from "~/models/repair-device.server";
import { repairDeviceSchema } from "~/schemas/customer";
import { changedMeanwhileReply } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { bookingReference } from "~/utils/booking-reference";

const failed = "Failed to save the IMEI or serial number. Please try again.";

/**
 * The repair page's IMEI or serial number form (decision 0042): saved and the page again (303);
 * a wrong IMEI 400 with its message; a repair changed meanwhile 409 with what changed and the
 * typed number kept; an outage 503.
 */
export async function repairDeviceAction(
  request: Request,
  context: AppLoadContext,
  id: number,
  staffId: number,
  formData: FormData,
) {
  const submission = parseForm(formData, repairDeviceSchema);
  const extra = { intent: "device" as const };
  if (submission.status !== "success") return replyWithError(context, submission, 400, { extra });
  const typed = String(submission.payload.deviceIdentifier ?? "");
  try {
    const updated = await updateRepairDevice(
      id,
      submission.value.deviceIdentifier,
      staffId,
      submission.value.version,
    );
    if (!updated) throw data(adminMessages.bookingNotFound, { status: 404 });
  } catch (error) {
    if (error instanceof RepairChangedMeanwhile)
      return changedMeanwhileReply(context, submission, {
        refused: `${bookingReference(id)} was changed while you had it open, so nothing was saved.`,
        version: error.current.version,
        changes: error.changes,
        values: { deviceIdentifier: typed },
        extra,
      });
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, failed, extra);
  }
  const url = new URL(request.url);
  return redirectWithToast(
    `${url.pathname}${url.search}`,
    successToast("IMEI or serial number saved."),
    { status: 303 },
  );
}
