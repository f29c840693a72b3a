/** Socket errors of a database that is down, unreachable or restarting. */
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** postgres.js's own codes for a connection that could not be made or was lost. */
const driverCodes = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/**
 * SQLSTATEs that say "try again": connection exceptions (08), insufficient resources (53), a
 * server shutting down or starting (57P01–57P03), a statement timeout (57014), a serialisation
 * failure or deadlock (40001, 40P01).
 */
function isTransientSqlState(code: string) {
  return (
    code.startsWith("08") ||
    code.startsWith("53") ||
    /^57P0[1-3]$/.test(code) ||
    code === "57014" ||
    code === "40001" ||
    code === "40P01"
  );
}

function isOutageItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (networkCodes.has(code) || driverCodes.has(code))) return true;
  if (error.name === "PostgresError" && typeof code === "string") return isTransientSqlState(code);
  // PGlite, embedded in this process, fails only when it has been closed (a stop in progress).
  if (/PGlite is closed/i.test(error.message)) return true;
  if (error instanceof AggregateError) return error.errors.some(isOutageItself);
  return false;
}

/**
 * Whether an error means the database did not answer (down, unreachable, overloaded, timed out)
 * rather than a fault of ours. Drizzle wraps driver errors, so the causes are followed. Only these
 * become the 503 "back soon" answer; anything else is a bug, logged and answered as one.
 */
export function isDatabaseOutage(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (isOutageItself(current)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** For a `.catch` where "nothing" is the right answer during an outage; any other error is a bug. */
export function nothingOnOutage(error: unknown): undefined {
  if (!isDatabaseOutage(error)) throw error;
  return undefined;
}
