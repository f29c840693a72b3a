import { faqCategories, faqItems } from "~/content/faq";
import { faqCountText } from "~/utils/faq-match";
import { matchingFaqItems, type FaqCategoryFilter } from "~/utils/faq-search";
import { FaqAccordion } from "./faq-accordion";

/**
 * Search and category filter over the FAQ: a GET form (`q`, `category`) the server answers by
 * hiding the items that do not match. With JavaScript the page script filters the same items as
 * the visitor types and the address follows a moment later, so the result stays shareable.
 */
export function FaqBrowser({ query, category }: { query: string; category: FaqCategoryFilter }) {
  const shown = new Set(matchingFaqItems(query, category));

  return (
    <div data-faq-filter>
      <form method="get" action="/faq" role="search" className="flex flex-wrap items-end gap-4">
        <div className="min-w-0 flex-[2_1_16rem]">
          <label htmlFor="faq-search" className="font-medium text-slate-900">
            Search questions
          </label>
          <input
            id="faq-search"
            type="search"
            name="q"
            defaultValue={query}
            placeholder="e.g. warranty, battery, water damage"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <div className="flex-[1_1_10rem]">
          <label htmlFor="faq-category" className="font-medium text-slate-900">
            Category
          </label>
          <select
            id="faq-category"
            name="category"
            defaultValue={category}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
          >
            <option value="all">All categories</option>
            {faqCategories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Search
          </button>
        </noscript>
      </form>
      <p aria-live="polite" className="mt-6 text-sm text-slate-600" data-testid="faq-count">
        {faqCountText(shown.size, faqItems.length)}
      </p>
      <div className="mt-4" hidden={!shown.size} data-faq-list>
        <FaqAccordion items={faqItems} group="faq" shown={shown} />
      </div>
      <p
        className="mt-4 rounded-lg bg-slate-50 p-6 text-slate-700"
        hidden={!!shown.size}
        data-faq-none
      >
        Try a different word or another category, or ask us directly below.
      </p>
    </div>
  );
}
