import { z } from "zod";
import type { RepairDetailColumns } from "~/utils/repair-details";
import { optionalText, phoneField, requiredText, versionField } from "./fields";
import { checklistOf, intakeFields, passcodeChoices } from "./intake";

const emailMessage = "Please enter a valid e-mail address.";

/**
 * The repair page's "Edit details and intake" form: corrections made at the counter, and the
 * intake (issue, quote, condition, accessories, passcode, checklist) completed after saving. The
 * e-mail may be left blank here; whether the booking may go without one (walk-ins only) is the
 * domain's rule, since it depends on the stored booking.
 */
export const repairDetailsSchema = z.object({
  intent: z.literal("details"),
  firstName: requiredText(
    50,
    "Please enter the first name.",
    "Please keep the first name under 50 characters.",
  ),
  lastName: requiredText(
    50,
    "Please enter the last name.",
    "Please keep the last name under 50 characters.",
  ),
  email: optionalText(254, emailMessage)
    .refine(
      (value) => value === undefined || z.string().email().safeParse(value).success,
      emailMessage,
    )
    .transform((value) => value ?? null),
  phone: phoneField,
  deviceBrand: optionalText(100).transform((value) => value ?? null),
  deviceModel: optionalText(150).transform((value) => value ?? null),
  issueDescription: optionalText(
    2000,
    "Please keep the description under 2,000 characters.",
  ).transform((value) => value ?? null),
  ...intakeFields,
  /** Not asked of an online booking until the device is at the counter. */
  passcode: z
    .enum(passcodeChoices, { message: "Please choose one of the passcode answers." })
    .optional(),
  version: versionField,
  /**
   * The details as the form showed them, as JSON: when the repair changed meanwhile, what the staff
   * member changed goes on top of the new values, the rest takes them (docs/decisions/0039).
   */
  shown: z.string().max(4000).optional(),
});

/** The booking's columns as the saved form sets them. */
export function detailColumns(typed: z.output<typeof repairDetailsSchema>): RepairDetailColumns {
  return {
    firstName: typed.firstName,
    lastName: typed.lastName,
    email: typed.email,
    phone: typed.phone,
    deviceBrand: typed.deviceBrand,
    deviceModel: typed.deviceModel,
    issueType: typed.issueType,
    issueDescription: typed.issueDescription,
    quotedPrice: typed.quotedPrice ?? null,
    deviceCondition: typed.deviceCondition ?? null,
    accessories: typed.accessories ?? null,
    passcodeWithheld: typed.passcode === undefined ? null : typed.passcode === "withheld",
    intakeChecklist: checklistOf(typed),
  };
}
