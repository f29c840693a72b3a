import { z } from "zod";
import { parseCents } from "~/utils/invoice-totals";
import { addDays, isValidDate } from "~/utils/shop-time";
import { capped, optionalText, requiredText, shortValueMax } from "./fields";

const dateMessage = "Please give the date as YYYY-MM-DD, like 2026-11-28.";
const countMessage = "Please enter the cash counted in dollars, like 412.35.";

/** The longest range the bookkeeper's files cover: a year, leap day included. */
const bookkeeperRangeMaxDays = 366;

/** A shop date as YYYY-MM-DD, within the years the records can hold. */
const shopDate = capped(
  shortValueMax,
  z.string({ invalid_type_error: dateMessage }).trim().refine(isValidDate, dateMessage),
  dateMessage,
);

/** The close page's `?date=`: today's without one. */
export const closeDayQuerySchema = z.object({ date: shopDate.optional() });

/** The bookkeeper's files' `?from=&to=`: one day without `to`, a year at most. */
export const bookkeeperRangeSchema = z
  .object({ from: shopDate, to: shopDate.optional() })
  .transform(({ from, to = from }) => ({ from, to }))
  .refine(({ from, to }) => from <= to, "The range ends before it starts: swap the two dates.")
  .refine(
    ({ from, to }) => to <= addDays(from, bookkeeperRangeMaxDays - 1),
    `Please ask for at most ${bookkeeperRangeMaxDays} days at once.`,
  );

/** The cash count that closes a day: the day, the cash in the drawer in dollars, a note. */
export const dayCloseSchema = z.object({
  date: shopDate,
  counted: requiredText(20, countMessage, countMessage).transform((text, ctx) => {
    const cents = parseCents(text);
    if (cents !== undefined) return cents;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: countMessage });
    return z.NEVER;
  }),
  note: optionalText(500),
});
