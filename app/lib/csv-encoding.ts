/** A byte-order mark first, so spreadsheet programs read the file as UTF-8 ("Zoë Côté", not "ZoÃ«"). */
export const csvByteOrderMark = "\uFEFF";

/**
 * One RFC 4180 cell. A cell a spreadsheet would run as a formula (=, +, -, @, tab or carriage
 * return first) gets a leading apostrophe, so a customer's "=HYPERLINK(…)" stays text.
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? "";
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export const csvLine = (cells: readonly (string | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;
