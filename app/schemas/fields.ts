import { z } from "zod";
import { formExpiredMessage } from "~/content/messages/form-messages";
import { formatPhone, isValidPhone, phoneDigits, textRefusal } from "~/utils/phone";
import { notifyChannels } from "#db/statuses";
import { deviceCategories, type CategorySlug } from "~/config/shop";

/**
 * Control characters no keyboard types (NUL above all, which Postgres cannot store); tab and
 * newlines pass.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasNoControlCharacters = (value: string) => !controlCharacters.test(value);
const controlCharactersMessage = "Please remove the unusual characters from this field.";

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (
  max: number,
  missing: string,
  tooLong = `Please keep this under ${max} characters.`,
) =>
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
  .string({
    required_error: "Please enter your e-mail address.",
    invalid_type_error: "Please enter your e-mail address.",
  })
  .trim()
  .min(1, "Please enter your e-mail address.")
  .max(254, "Please enter a valid e-mail address.")
  .email("Please enter a valid e-mail address.");

const phoneMessage = "Please enter a valid 10-digit phone number.";
export const phoneField = z
  .string({
    required_error: "Please enter your phone number.",
    invalid_type_error: "Please enter your phone number.",
  })
  .trim()
  .min(1, "Please enter your phone number.")
  .max(40, phoneMessage)
  .refine(isValidPhone, phoneMessage);

export const optionalPhoneField = optionalText(40, phoneMessage).refine(
  (v) => v === undefined || isValidPhone(v),
  phoneMessage,
);

/**
 * What the IETF Idempotency-Key draft allows a key to be: 1 to 255 visible ASCII characters
 * (spaces inside included, as in its structured-field string). The form door further accepts only
 * keys the server signed.
 */
export const isIdempotencyKey = (value: string) => /^[\x20-\x7E]{1,255}$/.test(value);

export const submissionKeyField = z
  .string({ required_error: formExpiredMessage, invalid_type_error: formExpiredMessage })
  .refine(isIdempotencyKey, formExpiredMessage);

/** Hidden from people, tempting to bots: anything typed here marks the submission as spam. */
export const honeypotField = z.string().max(1000).optional();

/** A checkbox: "on" from a form, a boolean from a JSON door; absent is unticked. */
const checkboxField = z
  .union([z.boolean(), z.enum(["on", "true", "false"])], {
    message: "Please tick the box or leave it empty.",
  })
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/**
 * How the customer wants repair updates (transactional messages) and whether they agree to be
 * asked for a review (a commercial message, so a separate, unticked box). A text needs the phone
 * number to be a mobile; that is said beside the choice.
 */
export const contactConsentFields = {
  notifyBy: z
    .enum(notifyChannels, { message: "Please choose e-mail, text or both." })
    .default("email"),
  reviewOptIn: checkboxField,
};

/**
 * A text needs a number that can take one; the message is the consent choice's own, so it shows
 * beside it. Runs even when other fields failed; a malformed phone is its own field's error.
 */
export function refineContactConsent(
  value: { phone?: unknown; notifyBy?: unknown },
  ctx: z.RefinementCtx,
  whose: "your" | "the customer's" = "your",
) {
  if (value.notifyBy === "email" || typeof value.phone !== "string" || !isValidPhone(value.phone))
    return;
  const digits = phoneDigits(value.phone);
  const refusal = textRefusal(digits);
  if (!refusal) return;
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    path: ["notifyBy"],
    message: `Texts need a mobile number, and ${formatPhone(digits)} ${refusal === "toll_free" ? "is toll-free: it cannot receive texts" : "is not a North American number we can text"}. Enter ${whose} mobile number, or choose E-mail only.`,
  });
}

export const deviceCategoryMessage = "Please choose a device category.";

/** Accepts a category's title (what the legacy form sent) or its slug. */
function categorySlugFrom(value: string): CategorySlug | undefined {
  const needle = value.trim().toLowerCase();
  return deviceCategories.find((c) => c.slug === needle || c.title.toLowerCase() === needle)?.slug;
}

export const deviceCategoryField = z
  .string({ required_error: deviceCategoryMessage, invalid_type_error: deviceCategoryMessage })
  .transform((value, ctx) => {
    const slug = categorySlugFrom(value);
    if (!slug) ctx.addIssue({ code: z.ZodIssueCode.custom, message: deviceCategoryMessage });
    return slug ?? z.NEVER;
  });
