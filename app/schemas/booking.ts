import { z } from "zod";
import { timeSlots, urgencies } from "~/config/shop";
import { missingFieldsToast } from "~/utils/missing-fields";
import { isValidDate } from "~/utils/shop-time";
import { clockRefusal } from "~/utils/slot-rules";
import {
  capped,
  contactConsentFields,
  deviceCategoryField,
  refineContactConsent,
  emailField,
  honeypotField,
  optionalText,
  phoneField,
  requiredText,
  shortValueMax,
  submissionKeyField,
} from "./fields";

/**
 * "14:30" or "2:30 PM" → "14:30"; anything else → undefined. Trimmed first, so that no two
 * quantifiers in the pattern can share a run of spaces (backtracking over every way to split it
 * took quadratic time).
 */
export function normaliseTime(raw: string): string | undefined {
  const match = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/.exec(raw.trim());
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[3]?.toUpperCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (meridiem === "PM" ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

const dateMessage = "Please choose a date.";
const timeMessage = "Please choose a time.";
const dateFormatMessage = "Please enter the date as YYYY-MM-DD.";
const listedTimeMessage = "Please choose one of the listed times.";

const bookingFieldLabels = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  phone: "Phone",
  deviceCategory: "Device Category",
  deviceBrand: "Device Brand",
  deviceModel: "Device Model",
  issueType: "Issue Type",
  issueDescription: "Issue Description",
  preferredDate: "Preferred Date",
  preferredTime: "Preferred Time",
  urgency: "Urgency",
} as const;

const bookingRequiredFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "deviceCategory",
  "issueType",
  "preferredDate",
  "preferredTime",
] as const;

/** The "Missing Information" toast for a booking form with empty required fields. */
export const bookingMissingToast = (formData: FormData) =>
  missingFieldsToast(formData, bookingRequiredFields, bookingFieldLabels);

/**
 * The date and time of an appointment: the booking form's, and the one a customer moves their
 * booking to (app/schemas/appointment-change.ts).
 */
export const appointmentFields = {
  preferredDate: capped(
    shortValueMax,
    z
      .string({ required_error: dateMessage, invalid_type_error: dateMessage })
      .trim()
      .refine(isValidDate, dateFormatMessage),
    dateFormatMessage,
  ),
  preferredTime: capped(
    shortValueMax,
    z
      .string({ required_error: timeMessage, invalid_type_error: timeMessage })
      .transform((value, ctx) => {
        const time = normaliseTime(value);
        if (!time || !timeSlots.some((slot) => slot.value === time)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: listedTimeMessage });
          return z.NEVER;
        }
        return time;
      }),
    listedTimeMessage,
  ),
};

/**
 * The shop's clock on an appointment's date and time (app/utils/slot-rules.ts): the message goes
 * to the field it concerns. Runs even when a field failed; only a well-formed date and time can be
 * checked further. The day's hours (statutory holidays, the owner's closures and special hours)
 * and slot capacity need the database and are checked when the appointment is stored.
 */
export function refineAppointment(
  value: { preferredDate: unknown; preferredTime: unknown },
  ctx: z.RefinementCtx,
) {
  if (typeof value.preferredTime !== "string" || typeof value.preferredDate !== "string") return;
  if (!isValidDate(value.preferredDate)) return;
  const refusal = clockRefusal(value.preferredDate, value.preferredTime);
  if (refusal)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [refusal.field], message: refusal.message });
}

/**
 * The booking form, shared by the page, the legacy JSON endpoint and the tests. Dates and times
 * are checked against the shop's clock at parse time; the day's hours (statutory holidays, the
 * owner's closures and special hours) and slot capacity need the database and are checked when
 * the booking is stored.
 */
export const bookingSchema = z
  .object({
    firstName: requiredText(
      50,
      "Please enter your first name.",
      "Please keep your first name under 50 characters.",
    ),
    lastName: requiredText(
      50,
      "Please enter your last name.",
      "Please keep your last name under 50 characters.",
    ),
    email: emailField,
    phone: phoneField,
    deviceCategory: deviceCategoryField,
    deviceBrand: optionalText(100),
    deviceModel: optionalText(150),
    issueType: requiredText(
      200,
      "Please choose the issue.",
      "Please keep the issue under 200 characters.",
    ),
    issueDescription: optionalText(2000, "Please keep the description under 2,000 characters."),
    ...appointmentFields,
    urgency: z
      .enum(urgencies.map((u) => u.value) as [string, ...string[]], {
        message: "Please choose an urgency from the list.",
      })
      .default("normal")
      .transform((value) => value as (typeof urgencies)[number]["value"]),
    ...contactConsentFields,
    submissionKey: submissionKeyField,
    website: honeypotField,
  })
  .superRefine((value, ctx) => {
    refineContactConsent(value, ctx);
    refineAppointment(value, ctx);
  });

export type BookingInput = z.infer<typeof bookingSchema>;
