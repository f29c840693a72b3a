import type { BookingStatus } from "~/types/booking";
import type { QuoteStatus } from "~/types/tracking";

/** The steps a repair goes through, as the customer's tracking page draws them. */
export const progressSteps = ["Received", "Diagnosing", "Repairing", "Ready", "Picked up"] as const;

/**
 * Where a repair is among `progressSteps`: the index of the step it is at (every one before it is
 * done; at the last, all are), or none for a cancelled one, which is no step of the way
 * (docs/decisions/0057). The statuses say where the work is; a quote says the diagnosis is made
 * and waits for the customer's go-ahead:
 * - Pending: Received, or Diagnosing once a quote was sent;
 * - In Progress: Repairing, or Diagnosing while the quote waits for an answer or was declined;
 * - Waiting for Parts: Repairing (the part is what it waits for);
 * - Ready for Pickup: Ready; Completed: Picked up (the handover, decision 0041).
 */
export function progressStep(status: BookingStatus, quote: QuoteStatus | null): number | null {
  const diagnosed = quote === "approved";
  switch (status) {
    case "pending":
      return quote ? 1 : 0;
    case "in_progress":
      return quote && !diagnosed ? 1 : 2;
    case "waiting_parts":
      return 2;
    case "ready_for_pickup":
      return 3;
    case "completed":
      return 4;
    case "cancelled":
      return null;
  }
}
