/**
 * A staff table whose rows read as two-column cards on a phone (what the row is on the left, its
 * amounts on the right), so nothing hides off to the side; from `sm` up, a table. Each cell names
 * its place in the card; a cell's `label` says what an amount is where the heads are hidden.
 * Whole class names, as Tailwind finds them in the source.
 */
export const phoneCards = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:py-3",
  cell: "max-sm:block max-sm:p-0",
  left: {
    1: "max-sm:col-start-1 max-sm:row-start-1",
    2: "max-sm:col-start-1 max-sm:row-start-2",
    3: "max-sm:col-start-1 max-sm:row-start-3",
  },
  right: {
    1: "max-sm:col-start-2 max-sm:row-start-1 max-sm:text-right",
    2: "max-sm:col-start-2 max-sm:row-start-2 max-sm:text-right",
    3: "max-sm:col-start-2 max-sm:row-start-3 max-sm:text-right",
  },
  label: "sm:hidden",
} as const;
