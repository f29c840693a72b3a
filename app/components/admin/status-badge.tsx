import { statusLabels, type BookingStatus } from "~/lib/booking-status";

/** The spec's badge colours: Completed green, In Progress yellow, every other status blue. */
const colours: Partial<Record<BookingStatus, string>> = {
  completed: "bg-green-100 text-green-900",
  in_progress: "bg-yellow-100 text-yellow-900",
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      data-testid="status-badge"
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[status] ?? "bg-blue-100 text-blue-900"}`}
    >
      {statusLabels[status]}
    </span>
  );
}
