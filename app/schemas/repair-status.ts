import { z } from "zod";
import { parseStatus } from "~/utils/booking-status";
import { isValidDate } from "~/utils/shop-time";
import { capped, optionalText, shortValueMax, versionField } from "./fields";

const statusMessage = "Please choose a repair status.";
const dateMessage = "Please enter the date as YYYY-MM-DD.";
const noteField = z
  .preprocess(
    (value) => (value === null ? undefined : value),
    optionalText(2000, "Please keep the note under 2,000 characters."),
  )
  .transform((value) => value ?? null);

/**
 * A repair's status update: the edit form and the legacy update_booking.php body, hence the
 * legacy field names. Only these fields change; blank and null both mean "none".
 */
export const repairStatusSchema = z.object({
  status: capped(
    shortValueMax,
    z
      .string({ required_error: statusMessage, invalid_type_error: statusMessage })
      .transform((value, ctx) => {
        const status = parseStatus(value);
        if (!status) ctx.addIssue({ code: z.ZodIssueCode.custom, message: statusMessage });
        return status ?? z.NEVER;
      }),
    statusMessage,
  ),
  expectedDeliveryDate: capped(
    shortValueMax,
    z
      .string({ invalid_type_error: dateMessage })
      .trim()
      .refine((value) => !value || isValidDate(value), dateMessage),
    dateMessage,
  )
    .nullish()
    .transform((value) => value || null),
  internal_notes: noteField,
  /** The note as the form showed it: a note submitted unchanged counts as untouched. */
  shownNote: noteField,
  /**
   * The status and date as the form showed them: when the repair changed meanwhile, what the staff
   * member changed goes on top of the new values, the rest takes them (docs/decisions/0039).
   */
  shownStatus: z.string().max(shortValueMax).optional(),
  shownDate: z.string().max(shortValueMax).optional(),
  /**
   * Tell the customer of a new status, or of a note changed alone: the form's checkbox ("on" when ticked) or the legacy
   * endpoint's boolean. Absent: each door decides (unticked on the form, true on the endpoint).
   */
  /** The repair's version when the form was drawn, or the JSON client read it. */
  version: versionField,
  notifyCustomer: z.preprocess(
    (value) => (value === "on" ? true : value),
    z.boolean({ invalid_type_error: "Please send notifyCustomer as true or false." }).optional(),
  ),
});
