import { bookingStatuses, type BookingStatus } from "#db/statuses";

/** One vocabulary for the list, badges, tracking and counts. */
export const statusLabels: Record<BookingStatus, string> = {
  pending: "Pending",
  in_progress: "In Progress",
  waiting_parts: "Waiting for Parts",
  completed: "Completed",
  ready_for_pickup: "Ready for Pickup",
  cancelled: "Cancelled",
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
