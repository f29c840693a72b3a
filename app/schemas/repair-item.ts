import { z } from "zod";
import { callForPriceLabel } from "~/utils/price";
import {
  capped,
  deviceCategoryField,
  optionalText,
  requiredText,
  shortValueMax,
  versionField,
} from "./fields";

const priceMessage = "Please enter a price like 129.99, or choose Call For Price.";

/** "129.99", 129.99 or "Call For Price" (any case) → the stored price or label; else undefined. */
function parsePrice(raw: unknown): { price: string | null; priceLabel: string | null } | undefined {
  if (raw === null) return { price: null, priceLabel: callForPriceLabel };
  if (typeof raw === "string" && raw.trim().toLowerCase() === callForPriceLabel.toLowerCase()) {
    return { price: null, priceLabel: callForPriceLabel };
  }
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(text)) return undefined;
  return { price: Number(text).toFixed(2), priceLabel: null };
}

/** The brand and series selects' "New…" option: the typed newBrand / newSeries is used instead. */
export const newChoice = "__new";

const collapseSpaces = (text: string) => text.replace(/\s+/g, " ");

/**
 * A price-list entry: the add/edit forms and the legacy add/update_repair_item.php bodies.
 * The form sends a number, or the Call For Price checkbox; JSON may send the label as the price.
 * The form picks brand and series from the existing ones or says "new" and types one; JSON sends
 * the text. Either way repair-items.server.ts matches it to an existing spelling.
 */
export const repairItemSchema = z
  .object({
    deviceCategory: deviceCategoryField,
    brand: requiredText(
      100,
      "Please choose the brand.",
      "Please keep the brand under 100 characters.",
    ),
    newBrand: optionalText(100, "Please keep the brand under 100 characters."),
    series: optionalText(100, "Please keep the series under 100 characters."),
    newSeries: optionalText(100, "Please keep the series under 100 characters."),
    model: requiredText(
      150,
      "Please enter the model.",
      "Please keep the model under 150 characters.",
    ),
    issue: requiredText(
      150,
      "Please enter the issue.",
      "Please keep the issue under 150 characters.",
    ),
    price: capped(
      shortValueMax,
      z.union([z.string(), z.number(), z.null()], { invalid_type_error: priceMessage }),
      priceMessage,
    ).optional(),
    callForPrice: z.union([z.literal("on"), z.boolean()]).optional(),
    /** The entry's version when the edit form was drawn, or the JSON client read it. */
    version: versionField,
    /**
     * The entry as the edit form showed it, as JSON: when it changed meanwhile, what the staff
     * member changed goes on top of the new values, the rest takes them (docs/decisions/0039).
     */
    shown: z.string().max(2000).optional(),
  })
  .transform(
    (
      {
        callForPrice,
        price,
        deviceCategory,
        brand,
        newBrand,
        series,
        newSeries,
        model,
        issue,
        version,
        shown,
      },
      ctx,
    ) => {
      const parsed =
        callForPrice === "on" || callForPrice === true ? parsePrice(null) : parsePrice(price);
      if (!parsed)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: priceMessage });
      if (brand === newChoice && !newBrand)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["newBrand"],
          message: "Please type the new brand.",
        });
      if (series === newChoice && !newSeries)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["newSeries"],
          message: "Please type the new series.",
        });
      if (!parsed || (brand === newChoice && !newBrand) || (series === newChoice && !newSeries))
        return z.NEVER;
      return {
        category: deviceCategory,
        brand: collapseSpaces(brand === newChoice ? newBrand! : brand),
        series:
          series === newChoice
            ? collapseSpaces(newSeries!)
            : series
              ? collapseSpaces(series)
              : null,
        model: collapseSpaces(model),
        repair: collapseSpaces(issue),
        ...parsed,
        version,
        shown,
      };
    },
  );

/** An entry's fields as the price list stores them. */
export type RepairItemInput = Omit<z.infer<typeof repairItemSchema>, "version" | "shown">;
