import type { ActionFunctionArgs } from "@remix-run/node";
import { idParam, withStaffToken } from "~/server/admin-api.server";
import { adminMessages } from "~/content/messages/admin-messages";
import {
  json,
  methodNotAllowed,
  readJsonObject,
  validationFailed,
} from "~/server/legacy-api.server";
import { updateRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";

export const loader = () => methodNotAllowed("POST");

/** Replaces the entry `?id=N` with the body (the same fields as add_repair_item.php). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withStaffToken(request, adminMessages.itemUpdateFailed, async (staff) => {
    const id = idParam(request);
    const parsed = repairItemSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) return validationFailed(parsed.error);
    const result =
      id === undefined
        ? ({ outcome: "not_found" } as const)
        : await updateRepairItem(id, parsed.data, staff.id);
    switch (result.outcome) {
      case "not_found":
        return json({ success: false, message: adminMessages.itemNotFound }, 404);
      case "duplicate":
        return json({ success: false, message: adminMessages.itemDuplicate }, 409);
      default:
        return json({ success: true });
    }
  });
}
