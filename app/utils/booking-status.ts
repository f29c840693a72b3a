import { bookingStatuses, type BookingStatus } from "~/types/booking";

/** One vocabulary for the list, badges, tracking and counts, in workflow order. */
export const statusLabels: Record<BookingStatus, string> = {
  pending: "Pending",
  in_progress: "In Progress",
  waiting_parts: "Waiting for Parts",
  ready_for_pickup: "Ready for Pickup",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * The words customers read for a status (tracking, e-mails, texts): a booking staff have not moved
 * on yet is "Received", the first of the tracking page's steps and the word its confirmation uses
 * (decision 0059). Staff pages keep Pending.
 */
export const customerStatusLabels: Record<BookingStatus, string> = {
  ...statusLabels,
  pending: "Received",
};

/**
 * One colour per status, so a list scans at a glance: green for Completed and yellow for In
 * Progress, and a hue of its own for every other. Each pairs a -100 background with -900 (or -800)
 * text, over 7:1 contrast, past WCAG AA's 4.5:1; the ring keeps pale hues apart on white.
 */
export const statusColours: Record<BookingStatus, string> = {
  pending: "bg-blue-100 text-blue-900 ring-blue-300",
  in_progress: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  waiting_parts: "bg-orange-100 text-orange-900 ring-orange-300",
  ready_for_pickup: "bg-violet-100 text-violet-900 ring-violet-300",
  completed: "bg-green-100 text-green-900 ring-green-300",
  cancelled: "bg-slate-200 text-slate-800 ring-slate-400",
};

/** "Completed", "in-progress", "IN_PROGRESS" and "In Progress" all name the same status. */
export function parseStatus(raw: string): BookingStatus | undefined {
  const folded = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return bookingStatuses.find(
    (s) => s === folded || statusLabels[s].toLowerCase().replace(/\s+/g, "_") === folded,
  );
}

export { bookingStatuses, type BookingStatus };
