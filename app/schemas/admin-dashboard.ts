import { z } from "zod";
import { isValidDate } from "~/utils/shop-time";
import { capped, shortValueMax } from "./fields";

const day = capped(shortValueMax, z.string().trim().refine(isValidDate))
  .optional()
  .catch(undefined);

/**
 * /admin/dashboard?from=&to= — the charts' range of created dates (shop days, both inclusive).
 * A missing or malformed end leaves that side open; a reversed range is read the right way round.
 */
export const dashboardRangeSchema = z
  .object({ from: day, to: day })
  .transform(({ from, to }) => (from && to && from > to ? { from: to, to: from } : { from, to }));
