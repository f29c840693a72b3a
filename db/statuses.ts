/**
 * The booking statuses, in workflow order. Plain data, apart from the Drizzle schema, so pages
 * that show statuses do not ship the schema builder to the browser.
 */
export const bookingStatuses = ["pending", "in_progress", "waiting_parts", "completed", "ready_for_pickup", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
