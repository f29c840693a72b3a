import { z } from "zod";
import {
  contactConsentFields,
  emailField,
  honeypotField,
  optionalPhoneField,
  refineContactConsent,
  requiredText,
  submissionKeyField,
} from "./fields";

const needsEmail = "Please enter your e-mail address, or choose Text only.";
const needsPhone = "Please enter your mobile number, or choose E-mail only.";

/**
 * "Reserve for pickup" on a device's page: who is coming, and how they want the reference (the
 * choice is their consent to that one message). Shared by the page and the tests.
 */
export const reservationSchema = z
  .object({
    name: requiredText(
      100,
      "Please enter your name.",
      "Please keep your name under 100 characters.",
    ),
    email: emailField.optional().or(z.literal("").transform(() => undefined)),
    phone: optionalPhoneField,
    notifyBy: contactConsentFields.notifyBy,
    submissionKey: submissionKeyField,
    website: honeypotField,
  })
  .superRefine((value, ctx) => {
    if (value.notifyBy !== "sms" && !value.email)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email"], message: needsEmail });
    if (value.notifyBy !== "email" && !value.phone)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["phone"], message: needsPhone });
    refineContactConsent(value, ctx);
  });

export type ReservationInput = z.infer<typeof reservationSchema>;
