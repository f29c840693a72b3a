import { z } from "zod";
import { parseCents } from "~/utils/invoice-totals";
import {
  capped,
  deviceCategoryField,
  optionalText,
  requiredText,
  shortValueMax,
  versionField,
} from "./fields";

/** The amounts of a grid row, in the order the form, the CSV and the table show them. */
export const gridAmountFields = [
  ["excellent", "Excellent"],
  ["good", "Good"],
  ["fair", "Fair"],
  ["broken", "Broken"],
  ["battery", "Battery deduction"],
  ["parts", "Parts deduction"],
  ["carrierLock", "Carrier lock deduction"],
] as const;

const dollars = (label: string) =>
  capped(
    shortValueMax,
    z
      .string()
      .trim()
      .optional()
      .transform((text, ctx) => {
        const cents = !text ? 0 : parseCents(text);
        if (cents === undefined || cents > 10_000_000) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `Please enter the ${label.toLowerCase()} amount in dollars, like 250 or 249.99.`,
          });
          return z.NEVER;
        }
        return cents;
      }),
  );

const gradeOrderMessage =
  "Each grade must pay no more than the one above it: excellent, then good, fair, broken.";

/**
 * One row of the buyback grid: the editor's form and each line of an imported CSV. Amounts are
 * typed in dollars and kept in cents; blank is 0 (the shop does not buy it so, or no deduction).
 */
export const gridRowSchema = z
  .object({
    deviceCategory: deviceCategoryField,
    brand: requiredText(100, "Please enter the brand."),
    model: requiredText(150, "Please enter the model."),
    storage: optionalText(20, "Please keep the storage under 20 characters, like 256 GB."),
    excellent: dollars("Excellent"),
    good: dollars("Good"),
    fair: dollars("Fair"),
    broken: dollars("Broken"),
    battery: dollars("Battery deduction"),
    parts: dollars("Parts deduction"),
    carrierLock: dollars("Carrier lock deduction"),
    version: versionField,
    /**
     * The row as the edit form showed it, as JSON: when it changed meanwhile, what the staff
     * member changed goes on top of the new values, the rest takes them (docs/decisions/0039).
     */
    shown: z.string().max(2000).optional(),
  })
  .superRefine((row, ctx) => {
    if (row.good > row.excellent || row.fair > row.good || row.broken > row.fair)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["good"], message: gradeOrderMessage });
  })
  .transform((row) => ({
    input: {
      category: row.deviceCategory,
      brand: row.brand.replace(/\s+/g, " "),
      model: row.model.replace(/\s+/g, " "),
      storage: (row.storage ?? "").replace(/\s+/g, " "),
      excellentCents: row.excellent,
      goodCents: row.good,
      fairCents: row.fair,
      brokenCents: row.broken,
      batteryDeductionCents: row.battery,
      partsDeductionCents: row.parts,
      carrierLockDeductionCents: row.carrierLock,
    },
    version: row.version,
    shown: row.shown,
  }));

export type GridRowInput = z.output<typeof gridRowSchema>["input"];
