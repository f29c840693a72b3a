import type { LoaderFunctionArgs } from "react-router";
import { legacyRepairItem } from "~/server/admin-api.server";
import { staffDoor } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import { json, methodNotAllowed } from "~/server/legacy-api.server";
import { allRepairItems } from "~/models/repair-item.server";

/** The whole price list, in the order customers see it. */
export function loader({ request }: LoaderFunctionArgs) {
  return staffDoor(request, adminMessages.loadItemsFailed, async () => {
    const items = await allRepairItems();
    return json({ success: true, repair_items: items.map(legacyRepairItem) });
  });
}

export const action = () => methodNotAllowed("GET");
