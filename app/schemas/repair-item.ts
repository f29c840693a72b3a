import { z } from "zod";
import { callForPriceLabel } from "~/lib/price-label";
import { categorySlugFrom } from "./booking";
import { optionalText, requiredText } from "./fields";


const categoryMessage = "Please choose a device category.";
const priceMessage = "Please enter a price like 129.99, or choose Call For Price.";

/** "129.99", 129.99 or "Call For Price" (any case) → the stored price or label; else undefined. */
export function parsePrice(raw: unknown): { price: string | null; priceLabel: string | null } | undefined {
  if (raw === null) return { price: null, priceLabel: callForPriceLabel };
  if (typeof raw === "string" && raw.trim().toLowerCase() === callForPriceLabel.toLowerCase()) {
    return { price: null, priceLabel: callForPriceLabel };
  }
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(text)) return undefined;
  return { price: Number(text).toFixed(2), priceLabel: null };
}

/**
 * A price-list entry: the add/edit forms and the legacy add/update_repair_item.php bodies.
 * The form sends a number, or the Call For Price checkbox; JSON may send the label as the price.
 */
export const repairItemSchema = z
  .object({
    deviceCategory: z.string({ required_error: categoryMessage, invalid_type_error: categoryMessage }).transform((value, ctx) => {
      const slug = categorySlugFrom(value);
      if (!slug) ctx.addIssue({ code: z.ZodIssueCode.custom, message: categoryMessage });
      return slug ?? z.NEVER;
    }),
    brand: requiredText(100, "Please enter the brand.", "Please keep the brand under 100 characters."),
    series: optionalText(100, "Please keep the series under 100 characters."),
    model: requiredText(150, "Please enter the model.", "Please keep the model under 150 characters."),
    issue: requiredText(150, "Please enter the issue.", "Please keep the issue under 150 characters."),
    price: z.union([z.string(), z.number(), z.null()], { invalid_type_error: priceMessage }).optional(),
    callForPrice: z.union([z.literal("on"), z.boolean()]).optional(),
  })
  .transform(({ callForPrice, price, deviceCategory, series, issue, ...item }, ctx) => {
    const parsed = callForPrice === "on" || callForPrice === true ? parsePrice(null) : parsePrice(price);
    if (!parsed) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: priceMessage });
      return z.NEVER;
    }
    return { category: deviceCategory, ...item, series: series ?? null, repair: issue, ...parsed };
  });

export type RepairItemInput = z.infer<typeof repairItemSchema>;
