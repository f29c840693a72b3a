import { Form, useNavigationType, useSearchParams } from "react-router";
import { useEffect, useState } from "react";
import { faqCategories, faqItems } from "~/content/faq";
import { faqCategoryFrom, matchingFaqItems, type FaqCategoryFilter } from "~/utils/faq-search";
import { FaqAccordion } from "./faq-accordion";

function searchFor(query: string, category: FaqCategoryFilter) {
  const params = new URLSearchParams();
  if (query.trim()) params.set("q", query.trim());
  if (category !== "all") params.set("category", category);
  return params;
}

/**
 * Search and category filter over the FAQ. A GET form (`q`, `category`) the server answers
 * without JavaScript; with it the list filters as the visitor types and the address follows a
 * moment later, so the result stays shareable.
 */
export function FaqBrowser() {
  const [params, setParams] = useSearchParams();
  const navigationType = useNavigationType();
  const urlQuery = params.get("q") ?? "";
  const urlCategory = faqCategoryFrom(params.get("category"));
  const [query, setQuery] = useState(urlQuery);
  const [category, setCategory] = useState(urlCategory);

  // A link or Back/Forward changed the address: follow it. Our own replacements are already shown.
  // Followed while rendering, so the list never shows the old search for a frame.
  const address = `${navigationType} ${urlCategory} ${urlQuery}`;
  const [followed, setFollowed] = useState(address);
  if (address !== followed) {
    setFollowed(address);
    if (navigationType !== "REPLACE") {
      setQuery(urlQuery);
      setCategory(urlCategory);
    }
  }

  useEffect(() => {
    if (query.trim() === urlQuery.trim() && category === urlCategory) return;
    const timer = setTimeout(
      () => setParams(searchFor(query, category), { replace: true, preventScrollReset: true }),
      400,
    );
    return () => clearTimeout(timer);
  }, [query, category, urlQuery, urlCategory, setParams]);

  const items = matchingFaqItems(query, category);

  return (
    <>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-4">
        <div className="min-w-0 flex-[2_1_16rem]">
          <label htmlFor="faq-search" className="font-medium text-slate-900">
            Search questions
          </label>
          <input
            id="faq-search"
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
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
            value={category}
            onChange={(event) => setCategory(faqCategoryFrom(event.target.value))}
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
      </Form>
      <p aria-live="polite" className="mt-6 text-sm text-slate-600" data-testid="faq-count">
        {items.length
          ? `Showing ${items.length} of ${faqItems.length} questions`
          : "No questions found"}
      </p>
      {items.length ? (
        <div className="mt-4">
          <FaqAccordion items={items} group="faq" />
        </div>
      ) : (
        <p className="mt-4 rounded-lg bg-slate-50 p-6 text-slate-700">
          Try a different word or another category, or ask us directly below.
        </p>
      )}
    </>
  );
}
