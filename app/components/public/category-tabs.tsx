import { Link } from "react-router";
import { deviceCategories, type CategorySlug } from "~/config/shop";

/**
 * Links to the same page for each device category, the current one marked. On a phone they wrap
 * into two short rows of compact pills: every category stays in sight, with nothing to scroll
 * sideways.
 */
export function CategoryTabs({
  current,
  basePath,
  label,
}: {
  current: CategorySlug;
  basePath: string;
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {deviceCategories.map((category) => (
          <li key={category.slug}>
            <Link
              to={`${basePath}/${category.slug}`}
              aria-current={category.slug === current ? "page" : undefined}
              className={`inline-block rounded-full border px-3 py-2 text-sm font-medium whitespace-nowrap sm:px-4 ${
                category.slug === current
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700"
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
