import { Link, useLocation } from "@remix-run/react";

/** "Showing 21–40 of 135" and Previous/Next links that keep the page's other filters. */
export function Pagination({ page, pageSize, total, noun }: { page: number; pageSize: number; total: number; noun: string }) {
  const { pathname, search } = useLocation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target > 1) params.set("page", String(target));
    else params.delete("page");
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}`;
  };
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        Showing {first}–{last} of {total} {noun} · Page {Math.min(page, pageCount)} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(Math.min(page - 1, pageCount))} className={linkClass} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
