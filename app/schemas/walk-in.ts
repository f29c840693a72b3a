import { z } from "zod";
import { categorySlugs, urgencies } from "~/config/shop";
import { isValidDate, shopToday } from "~/utils/shop-time";
import { isValidPhone } from "~/utils/phone";
import { deviceIdentifierField } from "./device-identifier";
import {
  contactConsentFields,
  deviceCategoryMessage,
  optionalText,
  refineContactConsent,
  requiredText,
  submissionKeyField,
} from "./fields";
import { intakeFields, passcodeChoices } from "./intake";
import { counterMethodField, custom, readPayment } from "./invoice";

const phoneMessage = "Please enter a valid 10-digit phone number.";
const emailMessage = "Please enter a valid e-mail address, or leave it empty.";
const passcodeMessage = "Please say whether the customer kept the passcode.";
const statusMessage = "Please choose Pending or In Progress.";

export const walkInStatuses = ["pending", "in_progress"] as const;

/**
 * The counter's walk-in form. Unlike the public booking form it has no slot or rate rules: the
 * customer is standing at the counter, so the appointment is the drop-off, now. The passcode
 * itself is never asked for; only whether the customer kept it.
 */
export const walkInSchema = z
  .object({
    firstName: requiredText(
      50,
      "Please enter the customer's first name.",
      "Please keep the first name under 50 characters.",
    ),
    lastName: requiredText(
      50,
      "Please enter the customer's last name.",
      "Please keep the last name under 50 characters.",
    ),
    phone: requiredText(40, "Please enter the customer's phone number.", phoneMessage).refine(
      isValidPhone,
      phoneMessage,
    ),
    email: optionalText(254, emailMessage).refine(
      (value) => value === undefined || z.string().email().safeParse(value).success,
      emailMessage,
    ),
    deviceCategory: z.enum(categorySlugs, { message: deviceCategoryMessage }),
    deviceBrand: optionalText(100, "Please keep the brand under 100 characters."),
    deviceModel: optionalText(150, "Please keep the model under 150 characters."),
    deviceIdentifier: deviceIdentifierField,
    issueDescription: optionalText(2000, "Please keep the description under 2,000 characters."),
    ...intakeFields,
    passcode: z.enum(passcodeChoices, { message: passcodeMessage }),
    urgency: z.enum(
      urgencies.map((u) => u.value) as [
        (typeof urgencies)[number]["value"],
        ...(typeof urgencies)[number]["value"][],
      ],
      {
        message: "Please choose an urgency from the list.",
      },
    ),
    expectedDeliveryDate: optionalText(10, "Please enter the date as YYYY-MM-DD.").superRefine(
      (value, ctx) => {
        if (value === undefined) return;
        if (!isValidDate(value))
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: "Please enter the date as YYYY-MM-DD.",
          });
        else if (value < shopToday())
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: "Expected delivery cannot be before today.",
          });
      },
    ),
    status: z.enum(walkInStatuses, { message: statusMessage }).default("pending"),
    /** The checkbox: only meaningful with an e-mail address. */
    sendConfirmation: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
    /** The repair picked from the price list (its id), which fills the issue and the quote. */
    priceItem: optionalText(12),
    ...contactConsentFields,
    /** A deposit taken at intake, against the quote: optional, and then as any payment. */
    depositAmount: optionalText(20),
    depositMethod: counterMethodField.optional(),
    depositTendered: optionalText(20),
    depositReference: optionalText(100),
    submissionKey: submissionKeyField,
  })
  .superRefine((value, ctx) => refineContactConsent(value, ctx, "the customer's"))
  .transform(
    ({ depositAmount, depositMethod, depositTendered, depositReference, ...walkIn }, ctx) => {
      if (depositAmount === undefined) return { ...walkIn, deposit: undefined };
      if (walkIn.quotedPrice === undefined)
        custom(ctx, ["depositAmount"], "Enter the quoted price first: the deposit is against it.");
      if (depositMethod === undefined) {
        custom(ctx, ["depositMethod"], "Please choose how the customer paid the deposit.");
        return { ...walkIn, deposit: undefined };
      }
      const deposit = readPayment(
        {
          method: depositMethod,
          amount: depositAmount,
          tendered: depositTendered,
          reference: depositReference,
        },
        ctx,
        { amount: "depositAmount", tendered: "depositTendered", reference: "depositReference" },
      );
      return { ...walkIn, deposit };
    },
  );

export type WalkInInput = z.infer<typeof walkInSchema>;
