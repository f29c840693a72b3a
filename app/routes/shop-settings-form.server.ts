import type { AppLoadContext } from "react-router";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import {
  SettingsChangedMeanwhile,
  updateShopSettings,
  type ShopSettings,
} from "~/models/shop-settings.server";
import type { Staff } from "~/models/staff-session.server";
import { shopSettingsSchema } from "~/schemas/shop-settings";
import { changedMeanwhileReply, edited, shownValues } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import type { ShopSettingsShown } from "~/types/shop-settings";

const saved = "Settings saved.";
const failed = "Failed to save the settings. Please try again.";

/**
 * The settings as the form shows them: text in its fields, the quote choice as "on" or "off", a new
 * booking as "received" or "confirmed".
 */
export const shownSettings = (current: ShopSettings): ShopSettingsShown => ({
  bookingSlotCapacity: String(current.bookingSlotCapacity),
  bookingLimitPerCustomer: String(current.bookingLimitPerCustomer),
  changeCutoffHours: String(current.changeCutoffHours),
  quoteApprovalStartsRepair: current.quoteApprovalStartsRepair ? "on" : "off",
  bookingsConfirmedAtOnce: current.bookingsConfirmedAtOnce ? "confirmed" : "received",
});

const fields = [
  "bookingSlotCapacity",
  "bookingLimitPerCustomer",
  "changeCutoffHours",
  "quoteApprovalStartsRepair",
  "bookingsConfirmedAtOnce",
] as const satisfies readonly (keyof ShopSettingsShown)[];

/**
 * Saves the Settings page: success reloads it with a toast (303); settings changed meanwhile come
 * back (409) with what changed and the typed values on top; an outage (503) with the input kept.
 */
export async function shopSettingsAction(request: Request, context: AppLoadContext, staff: Staff) {
  const formData = await request.formData();
  const submission = parseForm(formData, shopSettingsSchema);
  if (submission.status !== "success") return replyWithError(context, submission, 400);
  const { version, shown, ...change } = submission.value;
  try {
    await updateShopSettings(change, staff.id, version);
  } catch (error) {
    if (error instanceof SettingsChangedMeanwhile) {
      const before = shownValues(shown);
      const now = shownSettings(error.current);
      const typed = Object.fromEntries(fields.map((f) => [f, String(formData.get(f) ?? "")]));
      const values = Object.fromEntries(
        fields.map((f) => [
          f,
          edited(typed[f], typeof before[f] === "string" ? before[f] : undefined)
            ? typed[f]!
            : now[f],
        ]),
      );
      return changedMeanwhileReply(context, submission, {
        refused:
          "The shop settings were changed while you had this page open, so nothing was saved.",
        version: error.current.version,
        changes: error.changes,
        values: { ...values, shown: JSON.stringify(now) },
        extra: {},
      });
    }
    if (!isDatabaseOutage(error)) throw error;
    return replyWithError(context, submission, 503, {
      toast: errorToast(failed),
      formErrors: [failed],
    });
  }
  return redirectWithToast(new URL(request.url).pathname, successToast(saved), { status: 303 });
}
