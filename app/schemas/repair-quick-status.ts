import { z } from "zod";
import { capped, shortValueMax, versionField } from "./fields";
import { repairStatusSchema } from "./repair-status";

const repairMessage = "Please choose a repair.";
const rowMessage = "That row is not on this page.";

/**
 * The id of the row a form sits in (`card-WF-00012`, `quote-7`): the page comes back to it
 * (`#card-WF-00012`) instead of its top when the form was posted without JavaScript.
 */
export const rowAnchorField = capped(
  40,
  z.string({ invalid_type_error: rowMessage }).regex(/^[a-z]+(-[A-Za-z0-9]+){1,3}$/, rowMessage),
  rowMessage,
).optional();

/**
 * A status change from a row of the repair list, the agenda or the dashboard (decision 0047): the
 * repair, the status chosen, and the status and version the row was drawn with. Status and
 * `shownStatus` follow the repair page's form; the note and the delivery date are not the row's
 * to change (the new status's usual note applies, decision 0041).
 */
export const repairQuickStatusSchema = repairStatusSchema
  .pick({ status: true, shownStatus: true })
  .extend({
    repair: capped(
      shortValueMax,
      z
        .string({ required_error: repairMessage, invalid_type_error: repairMessage })
        .regex(/^[1-9]\d{0,8}$/, repairMessage)
        .transform(Number),
      repairMessage,
    ),
    /** Required here: every row is drawn from the database with its version. */
    version: versionField.unwrap(),
    row: rowAnchorField,
  });
