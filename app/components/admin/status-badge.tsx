import { statusLabels, type BookingStatus } from "~/utils/booking-status";

/**
 * One colour per status, so a list scans at a glance: the spec's green (Completed) and yellow (In
 * Progress), and a hue of its own for every other. Each pairs a -100 background with -900 (or
 * -800) text, over 7:1 contrast, past WCAG AA's 4.5:1; the ring keeps pale hues apart on white.
 */
const colours: Record<BookingStatus, string> = {
  pending: "bg-blue-100 text-blue-900 ring-blue-300",
  in_progress: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  waiting_parts: "bg-orange-100 text-orange-900 ring-orange-300",
  completed: "bg-green-100 text-green-900 ring-green-300",
  ready_for_pickup: "bg-violet-100 text-violet-900 ring-violet-300",
  cancelled: "bg-slate-200 text-slate-800 ring-slate-400",
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${colours[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}
