import { Link } from "@remix-run/react";
import { deviceCategories, type CategorySlug } from "~/config/shop";

/**
 * Links to the same page for each device category, the current one marked. On a phone they stay
 * one short row that scrolls sideways inside itself (bleeding to the screen's edges, so the cut-off
 * pill shows there is more), rather than wrapping into a block above the page's task.
 */
export function CategoryTabs({ current, basePath, label }: { current: CategorySlug; basePath: string; label: string }) {
  return (
    <nav aria-label={label} className="-mx-4 sm:mx-0">
      <ul className="flex gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:none] sm:flex-wrap sm:overflow-visible sm:px-0">
        {deviceCategories.map((category) => (
          <li key={category.slug} className="shrink-0">
            <Link
              to={`${basePath}/${category.slug}`}
              aria-current={category.slug === current ? "page" : undefined}
              className={`inline-block whitespace-nowrap rounded-full border px-4 py-2 text-sm font-medium ${
                category.slug === current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700"
              }`}
            >
              {category.shortName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
