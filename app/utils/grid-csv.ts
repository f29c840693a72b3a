import { gridRowSchema, type GridRowInput } from "~/schemas/buyback-grid";

/** The buyback grid's CSV columns, as the export writes them and the import reads them. */
export const gridCsvHeader = [
  "category",
  "brand",
  "model",
  "storage",
  "excellent",
  "good",
  "fair",
  "broken",
  "battery_deduction",
  "parts_deduction",
  "carrier_lock_deduction",
] as const;

const formField: Record<(typeof gridCsvHeader)[number], string> = {
  category: "deviceCategory",
  brand: "brand",
  model: "model",
  storage: "storage",
  excellent: "excellent",
  good: "good",
  fair: "fair",
  broken: "broken",
  battery_deduction: "battery",
  parts_deduction: "parts",
  carrier_lock_deduction: "carrierLock",
};

/** The most rows an import takes: a grid is a few hundred. */
const gridCsvMaxRows = 5000;

/**
 * RFC 4180 records with the line each starts on (a quoted cell may hold line breaks). A cell our
 * export wrote with an apostrophe before a formula character has it taken off again.
 */
export function csvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const source = text.replace(/^\uFEFF/, "");
  const endCell = () => {
    cells.push(/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (cells.some((c) => c.trim() !== "")) records.push({ line: start, cells });
    cells = [];
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === ",") endCell();
    else if (char === "\r" && source[i + 1] === "\n") continue;
    else if (char === "\n" || char === "\r") {
      endRecord();
      line++;
      start = line;
    } else cell += char;
  }
  endRecord();
  return records;
}

const rowKey = (row: GridRowInput) =>
  [row.category, row.brand, row.model, row.storage].map((part) => part.toLowerCase()).join("\n");

export type GridCsvResult = { ok: true; rows: GridRowInput[] } | { ok: false; errors: string[] };

/**
 * A grid CSV read whole: every row, or every problem, each with its line number. The header
 * must name the columns (in any order); a file with any problem imports nothing.
 */
export function parseGridCsv(text: string): GridCsvResult {
  const [header, ...records] = csvRecords(text);
  if (!header) return { ok: false, errors: ["The file is empty."] };
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const missing = gridCsvHeader.filter((column) => !names.includes(column));
  if (missing.length)
    return {
      ok: false,
      errors: [
        `Line 1: the header is missing the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
      ],
    };
  if (!records.length) return { ok: false, errors: ["The file has a header but no rows."] };
  if (records.length > gridCsvMaxRows)
    return { ok: false, errors: [`The file has more than ${gridCsvMaxRows} rows.`] };
  const errors: string[] = [];
  const rows: GridRowInput[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of records) {
    const fields = Object.fromEntries(
      gridCsvHeader.map((column) => [formField[column], cells[names.indexOf(column)] ?? ""]),
    );
    const parsed = gridRowSchema.safeParse(fields);
    if (!parsed.success) {
      const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      errors.push(`Line ${line}: ${messages.join(" ")}`);
      continue;
    }
    const key = rowKey(parsed.data.input);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push(`Line ${line}: the same device and storage as line ${earlier}.`);
      continue;
    }
    seen.set(key, line);
    rows.push(parsed.data.input);
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}
