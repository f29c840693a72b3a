/**
 * How the FAQ search matches, shared by the server (which answers the search form) and the
 * public page script (which filters the same items as the visitor types), so both agree.
 */

/**
 * How much of a query a search reads: every word is looked for in every item, so a query is cut
 * to more than anyone types rather than let a long one cost the page its time.
 */
const maxQueryLength = 100;

/** The query's words, in lower case. */
export const queryWords = (query: string) =>
  query.slice(0, maxQueryLength).toLowerCase().split(/\s+/).filter(Boolean);

/** Whether an item's question and answer (`text`) contain every word, in any case. */
export const matchesWords = (text: string, words: readonly string[]) => {
  const lower = text.toLowerCase();
  return words.every((word) => lower.includes(word));
};

/** "Showing 3 of 18 questions", or that none match. */
export const faqCountText = (shown: number, total: number) =>
  shown ? `Showing ${shown} of ${total} questions` : "No questions found";
