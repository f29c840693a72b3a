import { z } from "zod";
import { capped, shortValueMax, versionField } from "./fields";
import { repairStatusSchema } from "./repair-status";

const repairMessage = "Please choose a repair.";

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
  });
