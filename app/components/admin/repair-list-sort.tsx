import { Link } from "react-router";
import type { RepairListSort } from "~/utils/repair-list-sorts";
import type { RepairListQuery } from "~/schemas/admin-filters";
import { sortHref } from "./repair-list-url";

export const sortLabels: Record<RepairListSort, string> = {
  reference: "Reference",
  customer: "Customer",
  device: "Device",
  appointment: "Appointment",
  status: "Status",
  delivery: "Expected delivery",
  created: "Created",
};

function Arrow({ direction }: { direction?: "asc" | "desc" }) {
  return (
    <span aria-hidden="true" className={direction ? "text-brand-700" : "text-slate-400"}>
      {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
    </span>
  );
}

/** A column header that sorts by its column: a plain link, so it works without JavaScript. */
export function SortHeader({
  query,
  sort,
  className,
}: {
  query: RepairListQuery;
  sort: RepairListSort;
  className: string;
}) {
  const active = query.sort === sort;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={sortHref(query, sort)}
        className="inline-flex min-h-6 items-center gap-1 text-left hover:text-brand-700 hover:underline"
      >
        {sortLabels[sort]}
        <Arrow direction={active ? query.dir : undefined} />
      </Link>
    </th>
  );
}

/** The same choices for the cards on a small screen, where there are no column headers. */
export function SortLinks({ query }: { query: RepairListQuery }) {
  return (
    <nav aria-label="Sort repairs" className="mt-4 xl:hidden">
      <p className="text-sm font-medium text-slate-800">Sort by</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {(Object.keys(sortLabels) as RepairListSort[]).map((sort) => {
          const active = query.sort === sort;
          return (
            <li key={sort}>
              <Link
                to={sortHref(query, sort)}
                aria-current={active ? "true" : undefined}
                className={`inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm ${active ? "border-brand-700 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 bg-white text-slate-700"}`}
              >
                {sortLabels[sort]}
                {active ? (
                  <span className="sr-only">
                    {query.dir === "asc" ? ", ascending" : ", descending"}
                  </span>
                ) : null}
                <Arrow direction={active ? query.dir : undefined} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
