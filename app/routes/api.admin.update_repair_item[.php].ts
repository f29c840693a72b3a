import { idParam } from "~/server/admin-api.server";
import { staffJsonPost } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { changedMeanwhileJson, json, methodNotAllowed } from "~/server/legacy-api.server";
import { updateRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";

export const loader = () => methodNotAllowed("POST");

/**
 * Replaces the entry `?id=N` with the body (the same fields as add_repair_item.php). A client
 * that read the entry's `version` (get_repair_items.php) sends it as `version` or in `If-Match`;
 * when the entry changed since, nothing is stored and the answer is 409 with the current version
 * and what changed. Without one the update applies as it always did (docs/features.md).
 */
export const action = staffJsonPost(
  repairItemSchema,
  adminMessages.itemUpdateFailed,
  async (staff, { version, shown: _shown, ...item }, request) => {
    const id = idParam(request);
    const result =
      id === undefined
        ? ({ outcome: "not_found" } as const)
        : await updateRepairItem(id, item, staff.id, version);
    switch (result.outcome) {
      case "not_found":
        return json({ success: false, message: adminMessages.itemNotFound }, 404);
      case "duplicate":
        return json({ success: false, message: adminMessages.itemDuplicate }, 409);
      case "changed_meanwhile":
        return changedMeanwhileJson(
          `The repair item was changed since version ${version}; nothing was stored.`,
          result.current.version,
          result.changes,
        );
      case "saved":
        return json({ success: true, version: result.item.version });
    }
  },
  "editPriceList",
);
