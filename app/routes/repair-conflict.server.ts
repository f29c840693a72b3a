import type { AppLoadContext } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { errorToast } from "~/content/messages/admin-messages";
import type { RepairChangedMeanwhile } from "~/models/booking-changes.server";
import type { repairDetailsSchema } from "~/schemas/repair-details";
import type { repairStatusSchema } from "~/schemas/repair-status";
import { replyWithError } from "~/server/form-reply.server";
import type { Booking } from "~/types/booking";
import type { ChangedMeanwhile } from "~/types/repairs";
import { bookingReference } from "~/utils/booking-reference";
import { repairDetailFields, repairDetailsShown } from "~/utils/repair-details";
import { formatShopDateTime } from "~/utils/shop-time";

type Submission = { reply(options?: { formErrors?: string[] }): SubmissionResult<string[]> };

/** Whether the staff member changed a field from what their form showed. */
const edited = (typed: string | null | undefined, shown: string | null | undefined) =>
  (typed ?? "") !== (shown ?? "");

/**
 * The status form again after the repair changed meanwhile: what the staff member changed on top
 * of the new values, the rest as it is now, and the new values as the ones shown, so saving it
 * applies exactly what the form then shows.
 */
export function statusOnTop(typed: z.output<typeof repairStatusSchema>, current: Booking) {
  const status = edited(typed.status, typed.shownStatus) ? typed.status : current.status;
  const date = edited(typed.expectedDeliveryDate, typed.shownDate)
    ? typed.expectedDeliveryDate
    : current.expectedDeliveryDate;
  const note = edited(typed.internal_notes, typed.shownNote)
    ? typed.internal_notes
    : current.customerNote;
  return {
    status,
    expectedDeliveryDate: date ?? "",
    internal_notes: note ?? "",
    shownStatus: current.status,
    shownDate: current.expectedDeliveryDate ?? "",
    shownNote: current.customerNote ?? "",
    ...(typed.notifyCustomer === false ? {} : { notifyCustomer: "on" }),
  };
}

/** The details form again after the repair changed meanwhile, as statusOnTop does for status. */
export function detailsOnTop(typed: z.output<typeof repairDetailsSchema>, current: Booking) {
  let shown: Record<string, unknown> = {};
  try {
    shown = JSON.parse(typed.shown ?? "{}") as Record<string, unknown>;
  } catch {
    // A form that lost its copy: everything typed counts as changed.
  }
  const now = repairDetailsShown(current);
  const values = Object.fromEntries(
    repairDetailFields.map((field) => {
      const was = typeof shown[field] === "string" ? shown[field] : undefined;
      return [field, edited(typed[field], was) ? (typed[field] ?? "") : now[field]];
    }),
  );
  return { ...values, shown: JSON.stringify(now) };
}

/**
 * A save refused because the repair changed since the form was drawn (409): nothing was stored.
 * The form comes back with `values` (the staff member's changes on top of the new ones), the new
 * version, and what changed, by whom and when; saving again applies them.
 */
export function changedMeanwhileReply(
  context: AppLoadContext,
  submission: Submission,
  intent: "status" | "details",
  error: RepairChangedMeanwhile,
  values: Record<string, string>,
) {
  const refused = `${bookingReference(error.current.id)} was changed while you had it open, so nothing was saved.`;
  const message = `${refused} Your changes are below, on top of the new values: check them and save again.`;
  const conflict: ChangedMeanwhile = {
    version: error.current.version,
    changes: error.changes.map(({ at, by, summary }) => ({
      at: at.toISOString(),
      atLabel: formatShopDateTime(at),
      by,
      summary,
    })),
  };
  const withValues: Submission = {
    reply: (options) => ({ ...submission.reply(options), initialValue: values }),
  };
  return replyWithError<{ intent: "status" | "details"; conflict: ChangedMeanwhile }>(
    context,
    withValues,
    409,
    {
      toast: errorToast(refused),
      formErrors: [message],
      extra: { intent, conflict },
    },
  );
}
