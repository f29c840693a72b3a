import { idParam } from "~/server/admin-api.server";
import { staffPost } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { json, methodNotAllowed } from "~/server/legacy-api.server";
import { deleteRepairItem } from "~/models/repair-item.server";

export const loader = () => methodNotAllowed("POST");

/** Deletes the entry `?id=N`; the public price pages stop showing it at once. */
export const action = staffPost(adminMessages.itemDeleteFailed, async (staff, request) => {
  const id = idParam(request);
  const deleted = id !== undefined && (await deleteRepairItem(id, staff.id));
  return deleted
    ? json({ success: true })
    : json({ success: false, message: adminMessages.itemNotFound }, 404);
});
