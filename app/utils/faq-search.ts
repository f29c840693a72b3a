import { faqCategories, faqItems, type FaqCategory } from "~/content/faq";

export type FaqCategoryFilter = FaqCategory | "all";

/** A category the FAQ has, or "all" for anything else. */
export const faqCategoryFrom = (value: string | null): FaqCategoryFilter =>
  faqCategories.find((c) => c.value === value)?.value ?? "all";

/**
 * How much of a query a search reads: every word is looked for in every item, so a query is cut
 * to more than anyone types rather than let a long one cost the page its time.
 */
const maxQueryLength = 100;

const searchable = faqItems.map((item) => ({
  item,
  text: `${item.question} ${item.answer}`.toLowerCase(),
}));

/** Items of the category whose question or answer contains every word of the query, in any case. */
export function matchingFaqItems(query: string, category: FaqCategoryFilter) {
  const words = query.slice(0, maxQueryLength).toLowerCase().split(/\s+/).filter(Boolean);
  return searchable
    .filter(
      ({ item, text }) =>
        (category === "all" || item.category === category) &&
        words.every((word) => text.includes(word)),
    )
    .map(({ item }) => item);
}
