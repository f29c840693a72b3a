/** The repair list's sortable columns, shared by its URL schema, its headers and its queries. */
export const repairListSorts = [
  "reference",
  "customer",
  "device",
  "appointment",
  "status",
  "delivery",
  "created",
] as const;
export type RepairListSort = (typeof repairListSorts)[number];
export type SortDirection = "asc" | "desc";
