import { z } from "zod";
import { optionalText, requiredText, versionField } from "./fields";
import { centsOf, identifierMissing, tradeDeviceFields } from "./trade-device";

const batteryMessage = "Please enter the battery's health as a percentage from 0 to 100.";
const warrantyMessage = "Please enter the warranty in months, from 0 to 36.";

const custom = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });

/** A device for sale's details, added as stock or edited: price and cost in dollars as typed. */
export const stockSchema = z
  .object({
    ...tradeDeviceFields,
    batteryHealth: optionalText(3),
    description: optionalText(2000),
    price: requiredText(20, "Please enter the price, like 349.00, or 0 until it is priced."),
    cost: requiredText(20, "Please enter what the shop paid, like 200.00."),
    warrantyMonths: requiredText(2, warrantyMessage),
  })
  .transform(({ price, cost, batteryHealth, warrantyMonths, identifier, ...form }, ctx) => {
    if (!identifier) custom(ctx, "identifier", identifierMissing);
    const battery = batteryHealth === undefined ? undefined : Number(batteryHealth);
    if (battery !== undefined && !(/^\d{1,3}$/.test(batteryHealth!) && battery <= 100))
      custom(ctx, "batteryHealth", batteryMessage);
    const months = Number(warrantyMonths);
    if (!/^\d{1,2}$/.test(warrantyMonths) || months > 36)
      custom(ctx, "warrantyMonths", warrantyMessage);
    return {
      ...form,
      identifier: identifier!,
      batteryHealth: battery,
      warrantyMonths: months,
      priceCents: centsOf(price, ctx, "price", { allowZero: true }),
      costCents: centsOf(cost, ctx, "cost", { allowZero: true }),
    };
  });

export type StockInput = z.output<typeof stockSchema>;

/** The device page's Save form: the details on the version read. */
export const stockEditSchema = z
  .object({ intent: z.literal("save"), version: versionField.unwrap() })
  .and(stockSchema);

/** The device page's move: list it, or take it back to refurbishing. */
export const stockMoveSchema = z.object({
  intent: z.literal("move"),
  version: versionField.unwrap(),
  to: z.enum(["for_sale", "refurbishing"], { message: "Please choose where to move it." }),
});
