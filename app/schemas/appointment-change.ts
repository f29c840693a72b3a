import { z } from "zod";
import { appointmentFields, refineAppointment } from "./booking";
import { versionField } from "./fields";

const versionMessage = "This page is out of date. Please reload it and try again.";

/** The booking's version the page was drawn at (decision 0039): always sent by these forms. */
const readVersion = versionField.transform((version, ctx) => {
  if (version !== undefined) return version;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: versionMessage });
  return z.NEVER;
});

/**
 * The customer moves their appointment (docs/decisions/0056): a date and time as the booking form
 * takes them, under the same slot rules; capacity is checked when it is stored.
 */
export const rescheduleSchema = z
  .object({ ...appointmentFields, version: readVersion })
  .superRefine(refineAppointment);

/** The customer cancels their appointment. */
export const cancelBookingSchema = z.object({ version: readVersion });
