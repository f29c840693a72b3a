import type { ActionFunctionArgs } from "@remix-run/node";
import { idParam, withStaffToken } from "~/server/admin-api.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { json, methodNotAllowed } from "~/server/legacy-api.server";
import { deleteRepairItem } from "~/models/repair-item.server";

export const loader = () => methodNotAllowed("POST");

/** Deletes the entry `?id=N`; the public price pages stop showing it at once. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withStaffToken(request, adminMessages.itemDeleteFailed, async (staff) => {
    const id = idParam(request);
    const deleted = id !== undefined && (await deleteRepairItem(id, staff.id));
    return deleted
      ? json({ success: true })
      : json({ success: false, message: adminMessages.itemNotFound }, 404);
  });
}
