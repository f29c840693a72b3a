import { z } from "zod";
import { categorySlugs } from "~/config/shop";
import { deviceGrades } from "~/types/trade";
import { capped } from "./fields";

/** Devices on one page of the listing. */
export const shopPageSize = 12;

export const shopSorts = ["newest", "price_asc", "price_desc"] as const;
export type ShopSort = (typeof shopSorts)[number];

/** Whole dollars, as typed in the price boxes; anything else is no bound. */
const dollars = capped(
  20,
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/)
    .transform(Number),
)
  .optional()
  .catch(undefined);

/**
 * The /shop filter form's query (a GET form that works without JavaScript). A value that is not
 * one of the choices is treated as "any", never as an error: a shared or edited address still
 * shows a listing.
 */
export const shopFiltersSchema = z.object({
  category: z.enum(categorySlugs).optional().catch(undefined),
  brand: capped(100, z.string().trim().max(100))
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  grade: z.enum(deviceGrades).optional().catch(undefined),
  min: dollars,
  max: dollars,
  sort: z.enum(shopSorts).catch("newest").default("newest"),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});

export type ShopFilters = z.infer<typeof shopFiltersSchema>;

/** The filters an address's query names. */
export const shopFiltersOf = (search: URLSearchParams): ShopFilters =>
  shopFiltersSchema.parse(Object.fromEntries(search));
