import { z } from "zod";
import { categorySlugs } from "~/config/shop";
import { parseStatus, type BookingStatus } from "~/utils/booking-status";
import { isValidDate } from "~/utils/shop-time";
import { capped, shortValueMax } from "./fields";

/**
 * Which statuses the agenda shows: "active" (the default) leaves out cancelled bookings, "all"
 * shows every status, or one status alone.
 */
export type AgendaStatusFilter = "active" | "all" | BookingStatus;

/**
 * /admin/agenda?view=&date=&status=&category=&urgency= — a malformed value falls back to its
 * default.
 */
export const agendaQuerySchema = z.object({
  view: z.enum(["day", "week"]).catch("day").default("day"),
  date: capped(shortValueMax, z.string().trim().refine(isValidDate)).optional().catch(undefined),
  status: capped(shortValueMax, z.string())
    .optional()
    .transform((value): AgendaStatusFilter =>
      value === "all" ? "all" : (value && parseStatus(value)) || "active",
    )
    .catch("active"),
  category: z.enum(categorySlugs).optional().catch(undefined),
  urgency: z.enum(["normal", "urgent", "emergency"]).optional().catch(undefined),
});
