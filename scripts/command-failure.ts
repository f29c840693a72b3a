import { DrizzleQueryError } from "drizzle-orm/errors";
import { errorFields } from "~/server/log.server";

/**
 * What a command prints of a failure: the message of a refusal ("Password: at least 12
 * characters"), but of a failed query only what the log would say, since its message lists the
 * query's parameters (a password's hash among them).
 */
export function commandFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!(error instanceof DrizzleQueryError)) return error.message;
  const { code, statement } = errorFields(error);
  return `A database query failed (${[statement, code].filter(Boolean).join(", ")}).`;
}
