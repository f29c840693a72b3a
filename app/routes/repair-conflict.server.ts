import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import type { RepairChangedMeanwhile } from "~/models/booking-changes.server";
import type { repairDetailsSchema } from "~/schemas/repair-details";
import type { repairStatusSchema } from "~/schemas/repair-status";
import { changedMeanwhileReply, edited, shownValues } from "~/server/changed-meanwhile.server";
import type { Booking } from "~/types/booking";
import { bookingReference } from "~/utils/booking-reference";
import { repairDetailFields, repairDetailsShown } from "~/utils/repair-details";

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
  const shown = shownValues(typed.shown);
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
 * The status or details form, or a row's status form, again after the repair changed meanwhile
 * (ChangedMeanwhile); `extra` names the form.
 */
export const repairChangedReply = <Extra extends { intent: string }>(
  context: AppLoadContext,
  submission: Parameters<typeof changedMeanwhileReply>[1],
  extra: Extra,
  error: RepairChangedMeanwhile,
  values: Record<string, string>,
) =>
  changedMeanwhileReply(context, submission, {
    refused: `${bookingReference(error.current.id)} was changed while you had it open, so nothing was saved.`,
    version: error.current.version,
    changes: error.changes,
    values,
    extra,
  });
