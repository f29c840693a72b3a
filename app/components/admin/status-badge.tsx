import {
  bookingStatuses,
  statusColours,
  statusLabels,
  type BookingStatus,
} from "~/utils/booking-status";

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusColours[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}

/** A status select's options, in workflow order (decision 0041). */
export function StatusOptions() {
  return bookingStatuses.map((status) => (
    <option key={status} value={status}>
      {statusLabels[status]}
    </option>
  ));
}
