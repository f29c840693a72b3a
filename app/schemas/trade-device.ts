import { z } from "zod";
import { deviceGrades } from "~/types/trade";
import { parseCents } from "~/utils/invoice-totals";
import { deviceIdentifierField } from "./device-identifier";
import { capped, deviceCategoryField, optionalText, requiredText, shortValueMax } from "./fields";

const gradeMessage = "Please choose the grade.";
export const amountMessage = "Please enter the amount in dollars, like 240.00.";

/** A used device as staff describe it at the counter or when adding stock. */
export const tradeDeviceFields = {
  category: deviceCategoryField,
  brand: requiredText(100, "Please enter the brand, like Apple or Samsung."),
  model: requiredText(150, "Please enter the model, like iPhone 13."),
  storage: optionalText(20),
  colour: optionalText(40),
  identifier: deviceIdentifierField,
  grade: capped(shortValueMax, z.enum(deviceGrades, { message: gradeMessage }), gradeMessage),
};

/** Dollars typed ("240", "240.00") as cents, or a message on `path` when it is not an amount. */
export function centsOf(
  text: string,
  ctx: z.RefinementCtx,
  path: string,
  { allowZero = false, message = amountMessage } = {},
): number {
  const cents = parseCents(text);
  // The tables hold at most $100,000 (their checks): more is a typing slip.
  if (cents === undefined || cents > 10_000_000 || (cents === 0 && !allowZero)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    return 0;
  }
  return cents;
}

export const identifierMissing = "Please enter the IMEI or the serial number.";
