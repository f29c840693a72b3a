import { Link, useLocation } from "react-router";

/**
 * The pages to offer: the first, the last, and two either side of the current one; gaps as null.
 */
function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown = new Set(
    [1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter(
      (n) => n >= 1 && n <= pageCount,
    ),
  );
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? [null, n] : [n]));
}

const linkClass =
  "inline-flex min-h-9 min-w-9 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50";

/**
 * "Showing 21–40 of 135", Previous/Next and page numbers, as links that keep the page's other
 * filters.
 */
export function Pagination({
  page,
  pageSize,
  total,
  noun,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: string;
}) {
  const { pathname, search } = useLocation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pageCount);
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target > 1) params.set("page", String(target));
    else params.delete("page");
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}`;
  };
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p>
        Showing {first}–{last} of {total} {noun} · Page {current} of {pageCount}
      </p>
      {pageCount > 1 ? (
        <ul className="flex flex-wrap items-center gap-1">
          {current > 1 ? (
            <li>
              <Link to={hrefFor(current - 1)} className={linkClass} rel="prev">
                Previous
              </Link>
            </li>
          ) : null}
          {pageWindow(current, pageCount).map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1">
                …
              </li>
            ) : (
              <li key={n}>
                {n === current ? (
                  <span
                    aria-current="page"
                    className={`${linkClass} border-brand-700 bg-brand-700 text-white hover:bg-brand-700`}
                  >
                    <span className="sr-only">Page </span>
                    {n}
                  </span>
                ) : (
                  <Link to={hrefFor(n)} className={linkClass}>
                    <span className="sr-only">Page </span>
                    {n}
                  </Link>
                )}
              </li>
            ),
          )}
          {current < pageCount ? (
            <li>
              <Link to={hrefFor(current + 1)} className={linkClass} rel="next">
                Next
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </nav>
  );
}
