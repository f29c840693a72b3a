import { z } from "zod";
import { optionalText, phoneField, requiredText, versionField } from "./fields";

const emailMessage = "Please enter a valid e-mail address.";

/**
 * The repair page's "Edit customer & device details" form: corrections made at the counter. The
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
  version: versionField,
  /**
   * The details as the form showed them, as JSON: when the repair changed meanwhile, what the staff
   * member changed goes on top of the new values, the rest takes them (docs/decisions/0039).
   */
  shown: z.string().max(4000).optional(),
});
