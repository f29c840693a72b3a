import { Section } from "~/components/admin/repair-detail-sections";

export type RecentChange = { at: string; atLabel: string; by: string; summary: string };

/** The latest changes to a page's shop-wide rules: what, when and who, newest first. */
export function RecentChanges({ id, changes }: { id: string; changes: RecentChange[] }) {
  return (
    <Section title="Recent Changes" id={id}>
      {changes.length ? (
        <ul className="divide-y divide-slate-200 text-sm">
          {changes.map((change) => (
            <li key={`${change.at}|${change.summary}`} className="py-2">
              <p className="[overflow-wrap:anywhere] text-slate-900">{change.summary}</p>
              <p className="text-xs text-slate-600">
                <time dateTime={change.at}>{change.atLabel}</time> · {change.by}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No changes yet.</p>
      )}
    </Section>
  );
}
