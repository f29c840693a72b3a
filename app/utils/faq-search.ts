import { faqCategories, faqItems, type FaqCategory } from "~/content/faq";

export type FaqCategoryFilter = FaqCategory | "all";

/** A category the FAQ has, or "all" for anything else. */
export const faqCategoryFrom = (value: string | null): FaqCategoryFilter =>
  faqCategories.find((c) => c.value === value)?.value ?? "all";

/** Items of the category whose question or answer contains every word of the query, in any case. */
export function matchingFaqItems(query: string, category: FaqCategoryFilter) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return faqItems.filter(
    (item) =>
      (category === "all" || item.category === category) &&
      words.every((word) => `${item.question} ${item.answer}`.toLowerCase().includes(word)),
  );
}
