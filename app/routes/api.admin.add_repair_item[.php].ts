import type { ActionFunctionArgs } from "@remix-run/node";
import { withStaffToken } from "~/server/admin-api.server";
import { adminMessages } from "~/content/messages/admin-messages";
import {
  json,
  methodNotAllowed,
  readJsonObject,
  validationFailed,
} from "~/server/legacy-api.server";
import { createRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";

export const loader = () => methodNotAllowed("POST");

/** Adds a price-list entry: deviceCategory (title or slug), brand, optional series, model, issue, price. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withStaffToken(request, adminMessages.itemAddFailed, async (staff) => {
    const parsed = repairItemSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) return validationFailed(parsed.error);
    const result = await createRepairItem(parsed.data, staff.id);
    if (result.outcome !== "saved")
      return json({ success: false, message: adminMessages.itemDuplicate }, 409);
    return json({ success: true, id: result.item.id }, 201);
  });
}
