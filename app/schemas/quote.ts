import { z } from "zod";
import { addDays, isValidDate, shopToday } from "~/utils/shop-time";
import { requiredText } from "./fields";
import { parseQuote } from "./intake";

const amountMessage = "Please enter the amount in dollars, like 129.99 (0 to 99,999.99).";
const dateMessage = "Please enter the date as YYYY-MM-DD.";
/** How far ahead a quote may stay open. */
const quoteMaxValidDays = 90;

/** Staff record a quote on a repair's page: the price, what it covers, until when it stands. */
export const quoteSchema = z.object({
  amount: requiredText(20, amountMessage, amountMessage).transform((value, ctx) => {
    const amount = parseQuote(value);
    if (amount === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: amountMessage });
    return amount ?? z.NEVER;
  }),
  covers: requiredText(
    500,
    "Please say what the quote covers.",
    "Please keep what it covers under 500 characters.",
  ),
  validUntil: requiredText(10, dateMessage, dateMessage).superRefine((value, ctx) => {
    if (!isValidDate(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: dateMessage });
    else if (value < shopToday())
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "A quote cannot end before today." });
    else if (value > addDays(shopToday(), quoteMaxValidDays)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `A quote can stand for ${quoteMaxValidDays} days at most.`,
      });
    }
  }),
});

export type QuoteInput = z.infer<typeof quoteSchema>;

/** The customer's answer on the tracking page, one button each. */
export const quoteAnswerSchema = z.object({
  quoteId: z.coerce
    .number({ message: "That quote is not known." })
    .int()
    .positive()
    .max(2_147_483_647),
  answer: z.enum(["approve", "decline"], { message: "Please choose Approve or Decline." }),
});

export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>["answer"];
