import type { RepairListSort, SortDirection } from "~/utils/repair-list-sorts";
import { defaultSortDirection, type RepairListQuery } from "~/schemas/admin-filters";

/** The filters of a list URL, without the sort and page: what the CSV export and "Clear" keep. */
function filterParams(query: RepairListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.category) params.set("category", query.category);
  if (query.urgency) params.set("urgency", query.urgency);
  if (query.from || query.to) {
    params.set("dates", query.dates);
    if (query.from) params.set("from", query.from);
    if (query.to) params.set("to", query.to);
  }
  return params;
}

const withQuery = (path: string, params: URLSearchParams) =>
  params.size ? `${path}?${params}` : path;

/**
 * The list sorted by `sort`: a second click on the current column turns the order round, a first
 * click starts with the column's natural order. Back to page 1, since the rows are new.
 */
export function sortHref(query: RepairListQuery, sort: RepairListSort): string {
  const params = filterParams(query);
  const dir: SortDirection =
    query.sort === sort ? (query.dir === "asc" ? "desc" : "asc") : defaultSortDirection(sort);
  params.set("sort", sort);
  params.set("dir", dir);
  return withQuery("/admin/repairs", params);
}

export const csvHref = (query: RepairListQuery) =>
  withQuery("/admin/repairs.csv", filterParams(query));
