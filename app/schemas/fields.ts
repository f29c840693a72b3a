import { z } from "zod";
import { isValidPhone } from "~/lib/phone";

/** Control characters no keyboard types (NUL above all, which Postgres cannot store); tab and newlines pass. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasNoControlCharacters = (value: string) => !controlCharacters.test(value);
export const controlCharactersMessage = "Please remove the unusual characters from this field.";

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (max: number, missing: string, tooLong = `Please keep this under ${max} characters.`) =>
  z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .min(1, missing)
    .max(max, tooLong)
    .refine(hasNoControlCharacters, controlCharactersMessage);

/** An optional text field: blank becomes undefined. */
export const optionalText = (max: number, tooLong = `Please keep this under ${max} characters.`) =>
  z
    .string({ invalid_type_error: "Please enter text." })
    .trim()
    .max(max, tooLong)
    .refine(hasNoControlCharacters, controlCharactersMessage)
    .optional()
    .transform((value) => value || undefined);

export const emailField = z
  .string({ required_error: "Please enter your e-mail address.", invalid_type_error: "Please enter your e-mail address." })
  .trim()
  .min(1, "Please enter your e-mail address.")
  .max(254, "Please enter a valid e-mail address.")
  .email("Please enter a valid e-mail address.");

const phoneMessage = "Please enter a valid 10-digit phone number.";
export const phoneField = z
  .string({ required_error: "Please enter your phone number.", invalid_type_error: "Please enter your phone number." })
  .trim()
  .min(1, "Please enter your phone number.")
  .max(40, phoneMessage)
  .refine(isValidPhone, phoneMessage);

export const optionalPhoneField = optionalText(40, phoneMessage).refine((v) => v === undefined || isValidPhone(v), phoneMessage);

export const submissionKeyField = z
  .string({ required_error: "This form has expired. Please reload the page and try again." })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "This form has expired. Please reload the page and try again.");

/** Hidden from people, tempting to bots: anything typed here marks the submission as spam. */
export const honeypotField = z.string().max(1000).optional();
