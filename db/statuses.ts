/**
 * The booking statuses, in workflow order. Plain data, apart from the Drizzle schema, so pages
 * that show statuses do not ship the schema builder to the browser.
 */
export const bookingStatuses = [
  "pending",
  "in_progress",
  "waiting_parts",
  "completed",
  "ready_for_pickup",
  "cancelled",
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** How a customer asked to hear about their repair: e-mail, text or both (docs/decisions/0025). */
export const notifyChannels = ["email", "sms", "both"] as const;
export type NotifyChannel = (typeof notifyChannels)[number];
