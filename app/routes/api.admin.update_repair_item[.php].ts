import { idParam } from "~/server/admin-api.server";
import { staffJsonPost } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { json, methodNotAllowed } from "~/server/legacy-api.server";
import { updateRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";

export const loader = () => methodNotAllowed("POST");

/** Replaces the entry `?id=N` with the body (the same fields as add_repair_item.php). */
export const action = staffJsonPost(
  repairItemSchema,
  adminMessages.itemUpdateFailed,
  async (staff, item, request) => {
    const id = idParam(request);
    const result =
      id === undefined
        ? ({ outcome: "not_found" } as const)
        : await updateRepairItem(id, item, staff.id);
    switch (result.outcome) {
      case "not_found":
        return json({ success: false, message: adminMessages.itemNotFound }, 404);
      case "duplicate":
        return json({ success: false, message: adminMessages.itemDuplicate }, 409);
      default:
        return json({ success: true });
    }
  },
);
