import type { ReactNode } from "react";
import type { AgendaCardItem } from "~/utils/agenda";
import { AgendaCard } from "./agenda-item";
import { panel } from "./ui";

/**
 * A list of repairs that need someone's attention (late, or not picked up), with the number in
 * all when more exist than are shown. `id` is the anchor the dashboard links to.
 */
export function FlaggedList<T extends AgendaCardItem>({
  id,
  title,
  description,
  total,
  items,
  today,
  empty,
  extra,
}: {
  id: string;
  title: string;
  description: string;
  total: number;
  items: T[];
  today: string;
  empty: string;
  extra: (item: T) => ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${panel} scroll-mt-4`}>
      <h2
        id={`${id}-heading`}
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        {title}
        <span
          data-testid={`${id}-count`}
          className={`rounded-full px-2.5 py-0.5 text-sm tabular-nums ${total ? "bg-red-100 text-red-900" : "bg-slate-100 text-slate-700"}`}
        >
          {total}
        </span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      {items.length ? (
        <ul className="mt-4 grid gap-2">
          {items.map((item) => (
            <AgendaCard key={item.id} item={item} place={id} today={today} extra={extra(item)} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">{empty}</p>
      )}
      {total > items.length ? (
        <p className="mt-3 text-sm text-slate-600">
          The {items.length} longest waiting of {total} are shown.
        </p>
      ) : null}
    </section>
  );
}
