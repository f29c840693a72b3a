import { staffJsonPost } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { json, methodNotAllowed } from "~/server/legacy-api.server";
import { createRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";

export const loader = () => methodNotAllowed("POST");

/**
 * Adds a price-list entry: deviceCategory (title or slug), brand, optional series, model, issue,
 * price.
 */
export const action = staffJsonPost(
  repairItemSchema,
  adminMessages.itemAddFailed,
  async (staff, item) => {
    const result = await createRepairItem(item, staff.id);
    if (result.outcome !== "saved")
      return json({ success: false, message: adminMessages.itemDuplicate }, 409);
    return json({ success: true, id: result.item.id }, 201);
  },
  "editPriceList",
);
