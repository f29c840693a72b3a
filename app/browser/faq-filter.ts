import { faqCountText, matchesWords, queryWords } from "~/utils/faq-match";
import { refineView } from "./page-analytics";

/** How long the address waits for the visitor to stop typing before it follows. */
const addressDelayMs = 400;

/**
 * The FAQ's search and category filter (components/public/faq-browser.tsx) over the items the
 * server drew: the list filters as the visitor types, and the address follows a moment later
 * (replaced, not pushed), so the result stays shareable; Back or Forward to another address of
 * this page shows its result. Matching is the server's own (utils/faq-match.ts).
 */
export function faqFilter(page: Document) {
  const root = page.querySelector<HTMLElement>("[data-faq-filter]");
  const form = root?.querySelector("form");
  const list = root?.querySelector<HTMLElement>("[data-faq-list]");
  const none = root?.querySelector<HTMLElement>("[data-faq-none]");
  const count = root?.querySelector<HTMLElement>('[data-testid="faq-count"]');
  if (!root || !form || !list || !none || !count) return;
  const query = form.elements.namedItem("q") as HTMLInputElement;
  const category = form.elements.namedItem("category") as HTMLSelectElement;
  const items = [...list.querySelectorAll<HTMLDetailsElement>("details")].map((details) => ({
    details,
    text: `${details.querySelector("summary")?.textContent ?? ""} ${details.querySelector("p")?.textContent ?? ""}`,
  }));

  const filter = () => {
    const words = queryWords(query.value);
    let shown = 0;
    for (const { details, text } of items) {
      const match =
        (category.value === "all" || details.dataset.category === category.value) &&
        matchesWords(text, words);
      details.hidden = !match;
      if (match) shown += 1;
    }
    list.hidden = !shown;
    none.hidden = !!shown;
    const text = faqCountText(shown, items.length);
    if (count.textContent !== text) count.textContent = text;
  };

  /** The address for what the form shows: the same one a search sent without JavaScript gets. */
  const search = () => {
    const params = new URLSearchParams();
    if (query.value.trim()) params.set("q", query.value.trim());
    if (category.value !== "all") params.set("category", category.value);
    const text = params.toString();
    return text ? `?${text}` : "";
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const followAddress = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (search() === location.search) return;
      const path = `${location.pathname}${search()}`;
      history.replaceState(history.state, "", path);
      refineView(path);
    }, addressDelayMs);
  };

  const onChange = () => {
    filter();
    followAddress();
  };
  query.addEventListener("input", onChange);
  category.addEventListener("change", onChange);
  // Enter shows what is already shown; without this the form would load the page again.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onChange();
  });
  addEventListener("popstate", () => {
    const params = new URLSearchParams(location.search);
    query.value = params.get("q") ?? "";
    const wanted = params.get("category") ?? "all";
    category.value = [...category.options].some((o) => o.value === wanted) ? wanted : "all";
    filter();
  });
  // A browser may restore what was typed before a reload; show what the fields say.
  filter();
}
