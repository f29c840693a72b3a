import type { FaqItem } from "~/content/faq";
import { PhoneText } from "../phone-text";
import { ChevronDownIcon } from "../icons";

/**
 * Questions that open one at a time (an exclusive <details name> group); opening another closes
 * the first and clicking the open one closes it. Native disclosure elements, so no script is
 * involved. Items not in `shown` are rendered hidden, for a filter to show again.
 */
export function FaqAccordion({
  items,
  group,
  shown,
}: {
  items: readonly FaqItem[];
  group: string;
  shown?: ReadonlySet<FaqItem>;
}) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details
          key={item.id}
          id={item.id}
          name={group}
          hidden={shown ? !shown.has(item) : undefined}
          data-category={item.category}
          className="group scroll-mt-24"
        >
          <summary className="flex cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50">
            {item.question}
            <ChevronDownIcon className="shrink-0 text-xl text-brand-700 transition-transform group-open:rotate-180" />
          </summary>
          <p className="px-5 pb-5 whitespace-pre-line text-slate-700">
            <PhoneText text={item.answer} />
          </p>
        </details>
      ))}
    </div>
  );
}
