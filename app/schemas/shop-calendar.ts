import { z } from "zod";
import { normaliseTime } from "~/schemas/booking";
import { addDays, isValidDate, minutesOf, shopToday } from "~/utils/shop-time";
import { capped, optionalText, requiredText, shortValueMax, versionField } from "./fields";

/*
 * The forms of the Hours & Closures page (decision 0054): a closure, a date's special hours, and
 * the removal of either. An edit sends the entry's id and the version it was read at; a new entry
 * sends neither.
 */

const dateMessage = "Please enter the date as YYYY-MM-DD.";
const timeMessage = "Please enter a time such as 10:00 or 2:30 PM.";
const entryMessage = "That entry is not on this page. Reload the page and try again.";

/** How far ahead a closure or special hours can be set, and how long one closure can last. */
export const calendarLimits = { daysAhead: 2 * 365, closureDays: 366 } as const;

const dateField = (missing: string) =>
  capped(
    shortValueMax,
    z
      .string({ required_error: missing, invalid_type_error: missing })
      .trim()
      .min(1, missing)
      .refine(isValidDate, dateMessage),
    dateMessage,
  );

const timeField = (missing: string) =>
  capped(
    shortValueMax,
    z
      .string({ required_error: missing, invalid_type_error: missing })
      .trim()
      .min(1, missing)
      .transform((value, ctx) => {
        const time = normaliseTime(value);
        if (time) return time;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: timeMessage });
        return z.NEVER;
      }),
    timeMessage,
  );

const entryId = capped(
  shortValueMax,
  z
    .string({ invalid_type_error: entryMessage })
    .regex(/^[1-9]\d{0,8}$/, entryMessage)
    .transform(Number),
  entryMessage,
);

const reasonMax = 100;

/** What every entry's dates must keep to: not over before today, not years ahead. */
function refineDates(from: string, to: string, ctx: z.RefinementCtx, path: string) {
  const today = shopToday();
  if (to < today)
    ctx.addIssue({ code: "custom", path: [path], message: "Please choose today or a later date." });
  else if (from > addDays(today, calendarLimits.daysAhead))
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: `Please choose a date within ${calendarLimits.daysAhead / 365} years.`,
    });
}

const entryFields = {
  id: entryId.optional(),
  version: versionField,
  /** The values as the form showed them, as JSON (decision 0039: the typed changes go on top). */
  shown: z.string().max(1000).optional(),
};

/** Closed from one date to another (or one date), with the reason customers are shown. */
export const closureSchema = z
  .object({
    ...entryFields,
    from: dateField("Please choose the first day you're closed."),
    /** Blank for a single day. */
    to: dateField(dateMessage).optional(),
    reason: requiredText(
      reasonMax,
      "Please write the reason customers see, such as Renovation.",
      `Please keep the reason under ${reasonMax} characters.`,
    ),
  })
  .transform((value) => ({ ...value, to: value.to ?? value.from }))
  .superRefine((value, ctx) => {
    if (!isValidDate(value.from) || !isValidDate(value.to)) return;
    if (value.to < value.from) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "The last day can't be before the first.",
      });
      return;
    }
    if (addDays(value.from, calendarLimits.closureDays) <= value.to) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Please keep one closure to ${calendarLimits.closureDays} days or fewer.`,
      });
      return;
    }
    refineDates(value.from, value.to, ctx, value.to === value.from ? "from" : "to");
  });

/** One date's own hours: how a statutory holiday is opened, or a day opened late or shut early. */
export const specialHoursSchema = z
  .object({
    ...entryFields,
    date: dateField("Please choose the date."),
    opens: timeField("Please enter the opening time."),
    closes: timeField("Please enter the closing time."),
    reason: optionalText(reasonMax, `Please keep the note under ${reasonMax} characters.`),
  })
  .superRefine((value, ctx) => {
    if (typeof value.opens !== "string" || typeof value.closes !== "string") return;
    if (minutesOf(value.closes) <= minutesOf(value.opens))
      ctx.addIssue({
        code: "custom",
        path: ["closes"],
        message: "The closing time must be after the opening time.",
      });
    if (isValidDate(value.date)) refineDates(value.date, value.date, ctx, "date");
  });

/** Removes an entry as the page showed it. */
export const calendarRemovalSchema = z.object({
  id: entryId,
  version: versionField.unwrap(),
});

export type ClosureInput = z.output<typeof closureSchema>;
export type SpecialHoursInput = z.output<typeof specialHoursSchema>;
