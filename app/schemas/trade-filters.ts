import { z } from "zod";
import { categorySlugs } from "~/config/shop";
import { offerStates } from "~/utils/offer-state";
import { capped, hasNoControlCharacters } from "./fields";

/** Filters in a page's address: anything malformed falls back to no filter, as on the other lists. */
const search = capped(100, z.string().trim().refine(hasNoControlCharacters))
  .optional()
  .transform((value) => value || undefined)
  .catch(undefined);
const page = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** /admin/trade-ins/grid?category=&brand=&q=&highlight= */
export const gridListQuerySchema = z.object({
  q: search,
  category: z.enum(categorySlugs).optional().catch(undefined),
  brand: search,
  highlight: z.coerce.number().int().positive().optional().catch(undefined),
});

/** /admin/trade-ins?state=&q=&page= */
export const offerListQuerySchema = z.object({
  q: search,
  state: z.enum(offerStates).optional().catch(undefined),
  page,
});
