import { Link } from "react-router";
import type { BookingStatus } from "~/types/booking";
import { StatusBadge } from "./status-badge";

type RepairLine = {
  id: number;
  reference: string;
  status: BookingStatus;
  createdAt: string;
  /** What the line says after the reference: the device and issue, or the issue and customer. */
  summary: string;
};

/** Repairs as the customer and device pages list them: reference, what, when, status. */
export function RepairLines({ repairs }: { repairs: RepairLine[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {repairs.map((repair) => (
        <li key={repair.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <Link
              to={`/admin/repairs/${repair.id}`}
              className="font-mono font-semibold text-brand-700 hover:underline"
            >
              {repair.reference}
            </Link>{" "}
            {repair.summary}
            <span className="block text-xs text-slate-600">{repair.createdAt}</span>
          </span>
          <StatusBadge status={repair.status} />
        </li>
      ))}
    </ul>
  );
}
