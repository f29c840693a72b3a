import { z } from "zod";
import { categorySlugs, urgencies, type Urgency } from "~/config/shop";
import { parseStatus } from "~/utils/booking-status";
import {
  repairListSorts,
  type RepairListSort,
  type SortDirection,
} from "~/utils/repair-list-sorts";
import { stockStates } from "~/types/trade";
import { isValidDate } from "~/utils/shop-time";
import { capped, hasNoControlCharacters, shortValueMax } from "./fields";

/** Filters in a page's URL: anything malformed falls back to "no filter" rather than an error. */
const page = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const search = capped(100, z.string().trim().refine(hasNoControlCharacters))
  .optional()
  .transform((value) => value || undefined)
  .catch(undefined);
const urgencyValues = urgencies.map((u) => u.value) as [Urgency, ...Urgency[]];
const status = capped(shortValueMax, z.string())
  .optional()
  .transform((value) => (value ? parseStatus(value) : undefined))
  .catch(undefined);

const filterDate = capped(shortValueMax, z.string())
  .optional()
  .transform((value) => (value && isValidDate(value) ? value : undefined))
  .catch(undefined);

/** The sort a column header starts with: the newest created first, everything else A to Z. */
export const defaultSortDirection = (sort: RepairListSort): SortDirection =>
  sort === "created" ? "desc" : "asc";

/**
 * /admin/repairs and /admin/repairs.csv: ?q=&status=&category=&urgency=&dates=appointment|created
 * &from=&to=&sort=&dir=&page=
 */
export const repairListQuerySchema = z
  .object({
    q: search,
    status,
    category: z.enum(categorySlugs).optional().catch(undefined),
    urgency: z.enum(urgencyValues).optional().catch(undefined),
    dates: z.enum(["appointment", "created"]).catch("appointment"),
    from: filterDate,
    to: filterDate,
    sort: z.enum(repairListSorts).catch("created"),
    dir: z.enum(["asc", "desc"]).optional().catch(undefined),
    page,
  })
  .transform(({ dir, ...query }) => ({ ...query, dir: dir ?? defaultSortDirection(query.sort) }));
export type RepairListQuery = z.infer<typeof repairListQuerySchema>;

/** /admin/customers?q=&page= */
export const customerListQuerySchema = z.object({ q: search, page });

/** /admin/invoices?q=&page= (q: an invoice number, or the name it is made out to) */
export const invoiceListQuerySchema = customerListQuerySchema;

/** /admin/repair-items?q=&category=&brand=&page=&highlight= (highlight: the entry just saved) */
export const repairItemListQuerySchema = z.object({
  q: search,
  category: z.enum(categorySlugs).optional().catch(undefined),
  brand: search,
  page,
  highlight: z.coerce.number().int().positive().optional().catch(undefined),
});

const dateMessage = "Please give a real date as YYYY-MM-DD.";
const dateParam = capped(shortValueMax, z.string().trim(), dateMessage)
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isValidDate(value), dateMessage);

/**
 * The legacy get_bookings.php query: created-date range (shop time zone, inclusive) and a status
 * in any spelling. Unlike a page's filters, a bad value is an error the caller should see.
 */
export const legacyBookingsQuerySchema = z.object({
  start_date: dateParam,
  end_date: dateParam,
  status: capped(shortValueMax, z.string(), "Unknown status.")
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return undefined;
      const parsed = parseStatus(value);
      if (!parsed) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Unknown status." });
      return parsed ?? z.NEVER;
    }),
  limit: z.coerce
    .number({ message: "limit must be a whole number from 1 to 1000." })
    .int()
    .min(1)
    .max(1000)
    .default(1000),
  offset: z.coerce
    .number({ message: "offset must be a whole number from 0 to 1000000000." })
    .int("offset must be a whole number from 0 to 1000000000.")
    .min(0, "offset must be a whole number from 0 to 1000000000.")
    .max(1_000_000_000, "offset must be a whole number from 0 to 1000000000.")
    .default(0),
});

/** /admin/purchases?q=&on=&page= (q: a name, phone, IMEI or serial; on: the day bought) */
export const purchaseListQuerySchema = z.object({ q: search, on: filterDate, page });

/** /admin/stock?q=&state=&category=&page= */
export const stockListQuerySchema = z.object({
  q: search,
  state: z.enum(stockStates).optional().catch(undefined),
  category: z.enum(categorySlugs).optional().catch(undefined),
  page,
});
