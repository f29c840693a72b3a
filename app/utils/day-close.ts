import { formatCents } from "~/utils/invoice-totals";

/** The close page of a shop date; today's without one. */
export const closePath = (date?: string) =>
  date ? `/admin/close?${new URLSearchParams({ date })}` : "/admin/close";

/** A shop date's Z report, the printable page. */
export const zReportPath = (date: string) => `/admin/close/${date}/report`;

/** The bookkeeper's files for shop dates `from` to `to`. */
export const bookkeeperCsvPath = (file: "invoices" | "payments", from: string, to = from) =>
  `/admin/close/${file}.csv?${new URLSearchParams({ from, to })}`;

/** Counted minus expected in words: "over by $2.00", "short by $0.50", "even". */
export const overShortWords = (cents: number) =>
  cents === 0
    ? "even"
    : cents > 0
      ? `over by ${formatCents(cents)}`
      : `short by ${formatCents(-cents)}`;
