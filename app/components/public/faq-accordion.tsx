import type { SyntheticEvent } from "react";
import type { FaqItem } from "~/content/faq";
import { ChevronDownIcon } from "../icons";

/**
 * Browsers without exclusive <details name> groups: opening one closes the others. Where the
 * browser does it natively this finds nothing left to close.
 */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  opened.parentElement?.querySelectorAll("details[open]").forEach((other) => {
    if (other !== opened) (other as HTMLDetailsElement).open = false;
  });
}

/**
 * Questions that open one at a time; opening another closes the first and clicking the open one
 * closes it. Native disclosure elements, so it works the same without JavaScript.
 */
export function FaqAccordion({ items, group }: { items: readonly FaqItem[]; group: string }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details
          key={item.id}
          id={item.id}
          name={group}
          onToggle={closeOthers}
          className="group scroll-mt-24"
        >
          <summary className="flex cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50">
            {item.question}
            <ChevronDownIcon className="shrink-0 text-xl text-brand-700 transition-transform group-open:rotate-180" />
          </summary>
          <p className="px-5 pb-5 whitespace-pre-line text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
