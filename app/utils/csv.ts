import { plainDollars } from "~/utils/invoice-totals";
import { privateCacheControl } from "~/utils/private-page";

/**
 * CSV files staff open in a spreadsheet: RFC 4180 quoting, CRLF line ends, a byte-order mark so
 * Excel reads the UTF-8 accents right, and cells that a spreadsheet would run as a formula
 * ("=HYPERLINK(…)" typed into a form) neutralised with a leading apostrophe (OWASP's advice).
 */

/** Excel takes a file without it for its local code page and shows "Ã©" for "é". */
export const csvBom = "\uFEFF";

/** An amount of money, written as dollars with two decimals ("-23.00"): a number, not text. */
type CsvCents = { cents: number };

export type CsvValue = string | number | CsvCents | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;

/**
 * One cell: numbers as they are, money in dollars, text apostrophe-prefixed if it could start a formula, quoted when
 * needed.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "object") return plainDollars(value.cents);
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * A download streamed as the rows arrive, so a long list is never held whole in memory. The
 * first row is the header; the filename is reduced to plain ASCII (it goes into a header). Staff
 * exports hold customers' data: never cached.
 */
export function csvResponse(filename: string, rows: AsyncIterable<readonly CsvValue[]>): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const prefix = started ? "" : csvBom;
      started = true;
      const next = await iterator.next();
      if (next.done) {
        if (prefix) controller.enqueue(encoder.encode(prefix));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(prefix + csvLine(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const headers = new Headers();
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Cache-Control", privateCacheControl);
  headers.set("Content-Disposition", `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`);
  return new Response(body, { headers });
}
