import { z } from "zod";
import { formExpiredMessage } from "~/content/messages/form-messages";
import { formatPhone, isValidPhone, phoneDigits, textRefusal } from "~/utils/phone";
import { notifyChannels } from "~/types/booking";
import { deviceCategories, type CategorySlug } from "~/config/shop";

/**
 * Control characters no keyboard types (NUL above all, which Postgres cannot store); tab and
 * newlines pass.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasNoControlCharacters = (value: string) => !controlCharacters.test(value);
const controlCharactersMessage = "Please remove the unusual characters from this field.";

const tooLongMessage = (max: number) => `Please keep this under ${max} characters.`;

/** The most a short value (a date, a time, a status, a choice, an id) may be sent as. */
export const shortValueMax = 100;

/**
 * `schema`, given only text of at most `max` characters as sent (before trimming, as a browser's
 * maxlength counts): longer text is refused here, before `schema` runs. Zod runs every check and
 * refinement of a string even after its `.max()` failed, and a form's own refinements after a
 * field failed, so without this each pattern would still read all a client sent (one that took
 * quadratic time held the whole server 20 s on 60 KB). Anything but text goes on to `schema`,
 * which refuses it in its own words.
 */
export const capped = <T extends z.ZodTypeAny>(
  max: number,
  schema: T,
  message = tooLongMessage(max),
) =>
  z.preprocess((value, ctx) => {
    if (typeof value === "string" && value.length > max)
      ctx.addIssue({
        code: z.ZodIssueCode.too_big,
        type: "string",
        maximum: max,
        inclusive: true,
        message,
        fatal: true,
      });
    return value;
  }, schema) as z.ZodEffects<T, z.output<T>, z.input<T>>; // the value passes unchanged

/**
 * A required text field: trimmed, non-empty, bounded. The inner `.max()` is what Conform tells
 * the browser (maxlength) and how much of the field a refused form echoes.
 */
export const requiredText = (max: number, missing: string, tooLong = tooLongMessage(max)) =>
  capped(
    max,
    z
      .string({ required_error: missing, invalid_type_error: missing })
      .trim()
      .min(1, missing)
      .max(max, tooLong)
      .refine(hasNoControlCharacters, controlCharactersMessage),
    tooLong,
  );

/** An optional text field: blank becomes undefined. */
export const optionalText = (max: number, tooLong = tooLongMessage(max)) =>
  capped(
    max,
    z
      .string({ invalid_type_error: "Please enter text." })
      .trim()
      .max(max, tooLong)
      .refine(hasNoControlCharacters, controlCharactersMessage),
    tooLong,
  )
    .optional()
    .transform((value) => value || undefined);

const emailMessage = "Please enter a valid e-mail address.";
export const emailField = capped(
  254,
  z
    .string({
      required_error: "Please enter your e-mail address.",
      invalid_type_error: "Please enter your e-mail address.",
    })
    .trim()
    .min(1, "Please enter your e-mail address.")
    .max(254, emailMessage)
    .email(emailMessage),
  emailMessage,
);

const phoneMessage = "Please enter a valid 10-digit phone number.";
export const phoneField = capped(
  40,
  z
    .string({
      required_error: "Please enter your phone number.",
      invalid_type_error: "Please enter your phone number.",
    })
    .trim()
    .min(1, "Please enter your phone number.")
    .max(40, phoneMessage)
    .refine(isValidPhone, phoneMessage),
  phoneMessage,
);

export const optionalPhoneField = optionalText(40, phoneMessage).refine(
  (v) => v === undefined || isValidPhone(v),
  phoneMessage,
);

/**
 * What the IETF Idempotency-Key draft allows a key to be: 1 to 255 visible ASCII characters
 * (spaces inside included, as in its structured-field string). The form door further accepts only
 * keys the server signed, and those a phone made for a form it opened offline.
 */
export const isIdempotencyKey = (value: string) => /^[\x20-\x7E]{1,255}$/.test(value);

export const submissionKeyField = capped(
  255,
  z
    .string({ required_error: formExpiredMessage, invalid_type_error: formExpiredMessage })
    .refine(isIdempotencyKey, formExpiredMessage),
  formExpiredMessage,
);

/** Hidden from people, tempting to bots: anything typed here marks the submission as spam. */
export const honeypotField = z.string().max(1000).optional();

/** A checkbox: "on" from a form, a boolean from a JSON door; absent is unticked. */
export const checkboxField = z
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

export const deviceCategoryField = capped(
  shortValueMax,
  z
    .string({ required_error: deviceCategoryMessage, invalid_type_error: deviceCategoryMessage })
    .transform((value, ctx) => {
      const slug = categorySlugFrom(value);
      if (!slug) ctx.addIssue({ code: z.ZodIssueCode.custom, message: deviceCategoryMessage });
      return slug ?? z.NEVER;
    }),
  deviceCategoryMessage,
);

const versionMessage = "Please send the version as a whole number.";

/**
 * The version of a record as the form or client read it (docs/decisions/0039): a save on an older
 * one is refused. Absent only at the legacy JSON door, whose old callers send none.
 */
export const versionField = capped(
  shortValueMax,
  z.union(
    [
      z.number().int().min(1).max(2_147_483_647),
      z
        .string()
        .max(10)
        .regex(/^[1-9]\d{0,8}$/)
        .transform(Number),
    ],
    { errorMap: () => ({ message: versionMessage }) },
  ),
  versionMessage,
).optional();
