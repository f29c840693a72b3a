import { getTableName, isTable } from "drizzle-orm";
import * as schema from "#db/schema";
import { settings } from "./env.server";

const levels = { info: 0, warn: 1, error: 2, silent: 3 } as const;

/** What a log line carries besides its message: words and numbers, never an object to serialise. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/**
 * One JSON line per event on stdout (errors on stderr). Callers pass only fields that hold no
 * personal data; an error goes through `logError`, never as a field.
 */
export function log(level: "info" | "warn" | "error", message: string, fields: LogFields = {}) {
  if (levels[level] < levels[settings().logLevel]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

/** The app's tables: the only names a log line takes from a failed statement. */
const tableNames = new Set<string>(
  Object.values(schema).flatMap((value) => (isTable(value) ? [getTableName(value)] : [])),
);
const statementKeywords = new Set(["select", "insert", "update", "delete", "with", "listen"]);

/**
 * "insert bookings": a failed statement's first keyword and the first of the app's tables it
 * names, both from fixed lists. Never more of its text, and never its parameters.
 */
function statementOf(query: string): string | undefined {
  const keyword = /^\s*([a-z]+)/i.exec(query)?.[1]?.toLowerCase();
  if (!keyword || !statementKeywords.has(keyword)) return undefined;
  const table = /\b(?:into|update|from)\s+"?(\w+)/i.exec(query)?.[1];
  return table && tableNames.has(table) ? `${keyword} ${table}` : keyword;
}

/**
 * An identifier-like code: a SQLSTATE (`53100`), an errno (`ENOSPC`), a driver's or library's own
 * (`CONNECTION_CLOSED`, `EENVELOPE`), a provider's (`HTTP503`), or a number (an SMTP reply).
 */
const codeOf = (code: unknown) =>
  (typeof code === "string" && /^[A-Z0-9_]{2,40}$/i.test(code)) ||
  (typeof code === "number" && Number.isInteger(code))
    ? code
    : undefined;

/** The error's class: its name, or its constructor's where the name is Error's own. */
function nameOf(error: Error) {
  const name = error.name === "Error" ? error.constructor.name : error.name;
  return typeof name === "string" && /^\w{2,60}$/.test(name) ? name : "Error";
}

/**
 * What may be said of an error: its class, its code (the first along its causes), the failed
 * statement's kind and table, and a thrown answer's status. Never its message, detail, stack or
 * the query's parameters: a failed query's message lists its parameters (names, e-mails, tokens),
 * Postgres quotes the offending row in its detail, and an SMTP reply quotes the address.
 */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) {
    // React Router hands on the error responses it made of a 5xx answer.
    const status = (error as { status?: unknown } | null)?.status;
    return typeof status === "number"
      ? { error: "ErrorResponse", status }
      : { error: "non-error thrown" };
  }
  const fields: LogFields = { error: nameOf(error) };
  const seen = new Set<unknown>();
  for (let current: unknown = error; current instanceof Error && !seen.has(current);) {
    seen.add(current);
    const { code, query } = current as { code?: unknown; query?: unknown };
    fields.code ??= codeOf(code);
    if (typeof query === "string") fields.statement ??= statementOf(query);
    current = current instanceof AggregateError ? current.errors[0] : current.cause;
  }
  return fields;
}

/** A failure, by `errorFields` only, with the caller's fields (the request id, an outbox id…). */
export function logError(
  message: string,
  error: unknown,
  fields: LogFields = {},
  level: "warn" | "error" = "error",
) {
  log(level, message, { ...fields, ...errorFields(error) });
}
