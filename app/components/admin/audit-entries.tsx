import { Link } from "react-router";
import { cell, headCell, tableClass } from "./ui";

export type AuditEntryView = {
  id: number;
  at: string;
  who: string;
  change: string;
  summary: string;
  record: { to: string; label: string } | null;
};

function RecordLink({ record }: { record: AuditEntryView["record"] }) {
  return record ? (
    <Link to={record.to} className="font-semibold text-brand-700 hover:underline">
      {record.label}
    </Link>
  ) : (
    <span className="text-slate-500">—</span>
  );
}

/** Cards on a phone, a table from `md` up; the summary wraps, so neither scrolls sideways. */
export function AuditEntries({ entries }: { entries: AuditEntryView[] }) {
  return (
    <>
      <ol className="mt-6 space-y-3 md:hidden" aria-label="Audit trail">
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="audit-card"
            className="rounded-lg border border-slate-200 bg-white p-3"
          >
            <p className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
              <span>{entry.at}</span>
              <span className="font-semibold text-slate-800">{entry.who}</span>
            </p>
            <p className="mt-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {entry.change}
            </p>
            <p className="mt-1 text-sm break-words text-slate-900">{entry.summary}</p>
            {entry.record ? (
              <p className="mt-2 text-sm">
                <RecordLink record={entry.record} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <table className={`${tableClass} mt-6 hidden table-fixed md:table`}>
        <caption className="sr-only">Audit trail, newest first</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${headCell} w-44`}>
              When
            </th>
            <th scope="col" className={`${headCell} w-32`}>
              Who
            </th>
            <th scope="col" className={headCell}>
              What
            </th>
            <th scope="col" className={`${headCell} w-36`}>
              Record
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td className={`${cell} text-slate-700 tabular-nums`}>{entry.at}</td>
              <td className={`${cell} font-medium break-words text-slate-900`}>{entry.who}</td>
              <td className={`${cell} break-words`}>
                <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {entry.change}
                </span>
                {entry.summary}
              </td>
              <td className={cell}>
                <RecordLink record={entry.record} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
