/**
 * A database id from a URL or JSON body: a positive number or a string of digits; else undefined.
 */
export function parseRecordId(raw: unknown): number | undefined {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}
