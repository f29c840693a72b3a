import { z } from "zod";
import { addDays, isValidDate, shopToday } from "~/utils/shop-time";
import { capped, shortValueMax } from "./fields";

const day = capped(shortValueMax, z.string().trim().refine(isValidDate))
  .optional()
  .catch(undefined);

/** The longest range the reports sum at once: two years of days. */
const longestRangeDays = 731;

/**
 * /admin/reports?from=&to=&by= — the shop days reported (both inclusive; the last 30 by default,
 * read the right way round, at most two years) and the period revenue is grouped by.
 */
export const ownerReportQuerySchema = z
  .object({
    from: day,
    to: day,
    by: capped(shortValueMax, z.enum(["day", "week", "month"]))
      .optional()
      .catch(undefined),
  })
  .transform(({ from, to, by }) => {
    const last = to ?? shopToday();
    let first = from ?? addDays(last, -29);
    if (first > last) return { from: last, to: first, by: by ?? "week" };
    if (addDays(first, longestRangeDays) < last) first = addDays(last, -longestRangeDays);
    return { from: first, to: last, by: by ?? "week" };
  });

export type OwnerReportQuery = z.output<typeof ownerReportQuerySchema>;
