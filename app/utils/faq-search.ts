import { faqCategories, faqItems, type FaqCategory } from "~/content/faq";
import { matchesWords, queryWords } from "./faq-match";

export type FaqCategoryFilter = FaqCategory | "all";

/** A category the FAQ has, or "all" for anything else. */
export const faqCategoryFrom = (value: string | null): FaqCategoryFilter =>
  faqCategories.find((c) => c.value === value)?.value ?? "all";

/** Items of the category whose question or answer contains every word of the query, in any case. */
export function matchingFaqItems(query: string, category: FaqCategoryFilter) {
  const words = queryWords(query);
  return faqItems.filter(
    (item) =>
      (category === "all" || item.category === category) &&
      matchesWords(`${item.question} ${item.answer}`, words),
  );
}
