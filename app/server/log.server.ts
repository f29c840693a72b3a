import { settings } from "./env.server";

const levels = { info: 0, warn: 1, error: 2, silent: 3 } as const;

/** One JSON line per event on stdout. Callers pass only fields that hold no personal data. */
export function log(
  level: "info" | "warn" | "error",
  message: string,
  fields: Record<string, unknown> = {},
) {
  if (levels[level] < levels[settings().logLevel]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

/**
 * An error for a log line: its name and message with quoted values cut, since a database error can
 * quote input.
 */
export function describeError(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message.replace(/(["'])[^"']*\1/g, "$1…$1")}`
    : "non-error thrown";
}
