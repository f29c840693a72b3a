import { adminMessages, errorToast, successToast } from "~/content/messages/admin-messages";
import {
  RepairChangedMeanwhile,
  RepairChangeRefused,
  updateRepairStatus,
  type RepairStatusSaved,
} from "~/models/booking-changes.server";
import { repairChangedReply } from "~/routes/repair-conflict.server";
import { repairQuickStatusSchema, rowAnchorField } from "~/schemas/repair-quick-status";
import { edited } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { publicOrigin } from "~/server/env.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { staffAction } from "~/server/staff-route.server";
import { redirectWithToast } from "~/server/toast.server";
import { bookingReference } from "~/utils/booking-reference";
import { statusLabels } from "~/utils/booking-status";
import { parseRecordId } from "~/utils/record-id";

/** The toast after a row's change: what the repair is now, and whether its customer was told. */
function quickStatusDone({ booking, customerTold }: RepairStatusSaved, readVersion: number) {
  const reference = bookingReference(booking.id);
  const status = statusLabels[booking.status];
  if (booking.version === readVersion)
    return `${reference} was already ${status}; nothing changed.`;
  return customerTold
    ? `${reference} is now ${status}; the customer was notified.`
    : `${reference} is now ${status}; nothing was sent to the customer.`;
}

/**
 * The action of the pages whose rows carry a status form (the repair list, the agenda, the
 * dashboard; decision 0047). The change goes through the repair page's model and rules
 * (`updateRepairStatus`): the new status's usual note, the history, the audit entry, the version
 * the row was drawn at, and the customer notified as the repair page does by default. Success
 * reloads the page it came from (303, replacing the history entry when a fetcher sent it), at the
 * row when the form named it (without JavaScript, `#card-WF-00012`); a stale row (409), bad input
 * (400) or an outage (503) answers with the repair's and the row's ids, which the row reads back
 * to show the refusal and the change on top.
 */
export const quickStatusAction = staffAction(async ({ request, context, staff }) => {
  const formData = await request.formData();
  const submission = parseForm(formData, repairQuickStatusSchema);
  const row = rowAnchorField.safeParse(formData.get("row") || undefined);
  const extra = {
    intent: "quick_status",
    repair: parseRecordId(formData.get("repair")),
    row: row.success ? row.data : undefined,
  };
  if (submission.status !== "success") {
    return replyWithError(context, submission, 400, {
      toast: errorToast(adminMessages.statusUpdateFailed),
      extra,
    });
  }
  const { repair: id, status, shownStatus, version, row: anchor } = submission.value;
  const fail = (code: number, message: string) =>
    replyWithMessage(context, submission, code, message, extra);
  let saved: RepairStatusSaved | undefined;
  try {
    saved = await updateRepairStatus(
      id,
      { status, note: undefined, expectedDeliveryDate: undefined, readVersion: version },
      staff.id,
      { notifyCustomer: true, origin: publicOrigin() },
    );
  } catch (error) {
    if (error instanceof RepairChangedMeanwhile) {
      const current = error.current.status;
      return repairChangedReply(context, submission, extra, error, {
        status: edited(status, shownStatus) ? status : current,
        shownStatus: current,
      });
    }
    if (error instanceof RepairChangeRefused) return fail(400, error.message);
    if (!isDatabaseOutage(error)) throw error;
    return fail(503, adminMessages.statusUpdateFailed);
  }
  if (!saved) return fail(404, adminMessages.bookingNotFound);
  const url = new URL(request.url);
  return redirectWithToast(
    `${url.pathname}${url.search}${anchor ? `#${anchor}` : ""}`,
    successToast(quickStatusDone(saved, version)),
    { status: 303, headers: { "X-Remix-Replace": "true" } },
  );
});
