import { z } from "zod";
import {
  intakeCheckResults,
  intakeChecks,
  type IntakeCheck,
  type IntakeCheckResult,
} from "~/types/intake";
import { checkField, type CheckField } from "~/utils/intake-checklist";
import { parseCents } from "~/utils/invoice-totals";
import { optionalText, requiredText } from "./fields";

const priceMessage =
  "Please enter the quote in dollars, like 129.99 (0 to 99,999.99), or leave it empty.";
const checkMessage = "Please choose pass, fail or not tested.";

/** "$1,299.5" → "1299.50"; a negative, a third decimal or 100,000 and more → undefined. */
export function parseQuote(raw: string): string | undefined {
  const cents = parseCents(raw);
  return cents !== undefined && cents < 10_000_000 ? (cents / 100).toFixed(2) : undefined;
}

/** The price quoted at the counter: dollars, or empty while it is still to be quoted. */
const quotedPriceField = optionalText(20, priceMessage).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const quote = parseQuote(value);
  if (quote === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: priceMessage });
  return quote ?? z.NEVER;
});

export const passcodeChoices = ["withheld", "given"] as const;

const checkResult = z.enum(intakeCheckResults, { message: checkMessage }).default("untested");

/** The pre-repair checklist's fields, one per check; a check not sent was not tested. */
const intakeChecklistFields = Object.fromEntries(
  intakeChecks.map((check) => [checkField(check), checkResult]),
) as Record<CheckField, typeof checkResult>;

/**
 * What the counter takes in, as the walk-in form asks it and the repair page corrects it; each
 * form adds the passcode question its own way (required at the counter, not for an online booking).
 */
export const intakeFields = {
  issueType: requiredText(
    200,
    "Please enter the issue.",
    "Please keep the issue under 200 characters.",
  ),
  quotedPrice: quotedPriceField,
  deviceCondition: optionalText(1000, "Please keep the condition under 1,000 characters."),
  accessories: optionalText(500, "Please keep the accessories under 500 characters."),
  ...intakeChecklistFields,
};

/** The checklist as stored (`bookings.intake_checklist`), from a parsed form. */
export const checklistOf = (value: Record<CheckField, IntakeCheckResult>) =>
  Object.fromEntries(intakeChecks.map((check) => [check, value[checkField(check)]])) as Record<
    IntakeCheck,
    IntakeCheckResult
  >;
