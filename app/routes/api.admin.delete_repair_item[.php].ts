import { idParam } from "~/server/admin-api.server";
import { staffPost } from "~/server/staff-route.server";
import { adminMessages } from "~/content/messages/admin-messages";
import {
  changedMeanwhileJson,
  ifMatchVersion,
  json,
  methodNotAllowed,
  validationFailed,
} from "~/server/legacy-api.server";
import { deleteRepairItem } from "~/models/repair-item.server";
import { z } from "zod";
import { versionField } from "~/schemas/fields";

export const loader = () => methodNotAllowed("POST");

/**
 * Deletes the entry `?id=N`; the public price pages stop showing it at once. With the version the
 * client read (`?version=N` or `If-Match`), an entry changed since stays and the answer is 409,
 * as update_repair_item.php answers.
 */
export const action = staffPost(
  adminMessages.itemDeleteFailed,
  async (staff, request) => {
    const id = idParam(request);
    const sent = ifMatchVersion(request) ?? new URL(request.url).searchParams.get("version");
    const parsed = z.object({ version: versionField }).safeParse({ version: sent ?? undefined });
    if (!parsed.success) return validationFailed(parsed.error);
    const { version } = parsed.data;
    const result =
      id === undefined
        ? ({ outcome: "not_found" } as const)
        : await deleteRepairItem(id, staff.id, version);
    switch (result.outcome) {
      case "not_found":
        return json({ success: false, message: adminMessages.itemNotFound }, 404);
      case "changed_meanwhile":
        return changedMeanwhileJson(
          `The repair item was changed since version ${version}; it was not deleted.`,
          result.current.version,
          result.changes,
        );
      case "deleted":
        return json({ success: true });
    }
  },
  "deletePriceItems",
);
