import { data, type AppLoadContext } from "react-router";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import {
  CustomerChangeRefused,
  MergeChangedMeanwhile,
  mergeCustomers,
} from "~/models/customer-changes.server";
import type { Staff } from "~/models/staff-session.server";
import { mergeCustomersSchema } from "~/schemas/customer";
import { conflictOf } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { redirectWithToast, toastForThisRequest } from "~/server/toast.server";
import type { ChangedMeanwhile } from "~/types/repairs";

type MergeRefusal = {
  errors: string[];
  conflict?: ChangedMeanwhile;
  toast: ReturnType<typeof errorToast>;
};

function refuse(
  context: AppLoadContext,
  status: number,
  message: string,
  conflict?: ChangedMeanwhile,
) {
  const toast = errorToast(message);
  toastForThisRequest(context, toast);
  return data<MergeRefusal>({ errors: [message], conflict, toast }, { status });
}

/**
 * The owner's merge from the likely duplicates page: on success the kept record's page (303); a
 * page drawn before either record changed is refused (409) with what changed, by whom and when.
 */
export async function mergeAction(request: Request, context: AppLoadContext, owner: Staff) {
  const parsed = mergeCustomersSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return refuse(context, 400, "Please choose the two records to merge.");
  try {
    const merged = await mergeCustomers(parsed.data, owner.id);
    if (!merged) return refuse(context, 404, "One of these records does not exist any more.");
    const { moved } = merged;
    return redirectWithToast(
      `/admin/customers/${merged.keepId}`,
      successToast(
        `Customer #${merged.mergeId} merged into this one: ${moved.repairs.length} repair(s), ${moved.devices.length} device(s) and ${moved.contacts.length} contact(s) moved.`,
      ),
      { status: 303 },
    );
  } catch (error) {
    if (error instanceof MergeChangedMeanwhile) {
      const conflict = conflictOf(0, error.changes);
      return refuse(
        context,
        409,
        "These records changed since this page was drawn, so nothing was merged. Check them below and merge again.",
        conflict,
      );
    }
    if (error instanceof CustomerChangeRefused) return refuse(context, 409, error.message);
    if (!isDatabaseOutage(error)) throw error;
    return refuse(context, 503, "Failed to merge. Nothing was changed; please try again.");
  }
}
