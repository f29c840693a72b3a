import type { RepairHistoryLine } from "~/types/repairs";
import { StatusBadge } from "./status-badge";

/**
 * The repair's history, oldest first: status changes with the note the customer saw, and the
 * corrections only staff see, each with who made it and when.
 */
export function RepairHistory({ items }: { items: RepairHistoryLine[] }) {
  if (!items.length) return <p className="text-sm text-slate-600">No history recorded yet.</p>;
  return (
    <ol className="relative space-y-5 border-l-2 border-slate-200 pl-5">
      {items.map((item) => (
        <li key={item.id} data-testid="history-entry" className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full border-2 border-white bg-brand-700"
          />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {item.status ? (
              <StatusBadge status={item.status} />
            ) : (
              <span className="text-sm font-semibold text-slate-900">{item.title}</span>
            )}
            <span className="text-sm text-slate-700">
              by <span className="font-semibold text-slate-900">{item.by}</span>
            </span>
            <time dateTime={item.iso} className="text-sm text-slate-600">
              {item.at}
            </time>
          </div>
          {item.lines.map((line, index) => (
            <p
              key={index}
              className="mt-1 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-700"
            >
              {line}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
