import { staffPost } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import {
  changedMeanwhileJson,
  json,
  methodNotAllowed,
  readJsonObject,
  validationFailed,
  withIfMatch,
} from "~/server/legacy-api.server";
import { parseRecordId } from "~/utils/record-id";
import {
  RepairChangedMeanwhile,
  RepairChangeRefused,
  updateRepairStatus,
} from "~/models/booking-changes.server";
import { bookingReference } from "~/utils/booking-reference";
import { repairStatusSchema } from "~/schemas/repair-status";
import { publicOrigin } from "~/server/env.server";

export const loader = () => methodNotAllowed("POST");

/**
 * The old edit dialog sends the whole booking; only status, internal_notes (the customer's note)
 * and expectedDeliveryDate apply. A field left out keeps its value, except that a status change
 * without a note brings the new status's canned message. Unless `notifyCustomer` is false, the
 * customer is told of a new status, or of a new note when the note alone changed;
 * `customer_notified` says whether anything was sent. A new expected delivery date before the booking's day
 * is refused (422) and nothing is stored; the change is recorded under the token's staff member.
 * A client that read the booking's `version` (get_bookings.php) sends it as `version` or in
 * `If-Match`; when the booking changed since, nothing is stored and the answer is 409 with the
 * current version and what changed. Without one the update applies as it always did
 * (docs/features.md).
 */
export const action = staffPost(adminMessages.statusUpdateFailed, async (staff, request) => {
  const body = await readJsonObject(request);
  const id = parseRecordId(body.id);
  if (id === undefined)
    return json(
      {
        success: false,
        message: "Please give the booking's id.",
        errors: { id: ["Please give the booking's id."] },
      },
      422,
    );
  const parsed = repairStatusSchema.safeParse(withIfMatch(request, body));
  if (!parsed.success) return validationFailed(parsed.error);
  let saved;
  try {
    saved = await updateRepairStatus(
      id,
      {
        status: parsed.data.status,
        note: "internal_notes" in body ? parsed.data.internal_notes : undefined,
        expectedDeliveryDate:
          "expectedDeliveryDate" in body ? parsed.data.expectedDeliveryDate : undefined,
        readVersion: parsed.data.version,
      },
      staff.id,
      { notifyCustomer: parsed.data.notifyCustomer ?? true, origin: publicOrigin() },
    );
  } catch (error) {
    if (error instanceof RepairChangedMeanwhile)
      return changedMeanwhileJson(
        `${bookingReference(id)} was changed since version ${parsed.data.version}; nothing was stored.`,
        error.current.version,
        error.changes,
      );
    if (!(error instanceof RepairChangeRefused)) throw error;
    return json(
      { success: false, message: error.message, errors: { [error.field]: [error.message] } },
      422,
    );
  }
  return saved
    ? json({ success: true, customer_notified: saved.customerTold })
    : json({ success: false, message: adminMessages.bookingNotFound }, 404);
});
