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
/** Storage that takes no more writes: full or over quota, read-only, failing. */
const storageCodes = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO"]);
/** postgres.js's own codes for a connection that could not be made or was lost. */
const driverCodes = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/**
 * SQLSTATEs that say "try again": connection exceptions (08), insufficient resources (53: a full
 * disk, no memory, too many connections), a system or I/O error (58000, 58030), a server shutting
 * down or starting (57P01–57P03), a statement timeout (57014), a serialisation failure or deadlock
 * (40001, 40P01). Postgres reports a file it may not write (a read-only or locked-down data
 * folder) as 42501 with the system's reason; a missing privilege on a table reads otherwise.
 */
function isTransientSqlState(code: string, message: string) {
  return (
    code.startsWith("08") ||
    code.startsWith("53") ||
    code === "58000" ||
    code === "58030" ||
    (code === "42501" && /: (?:Read-only file system|Permission denied)$/.test(message)) ||
    /^57P0[1-3]$/.test(code) ||
    code === "57014" ||
    code === "40001" ||
    code === "40P01"
  );
}

/**
 * An error the database server sent: postgres.js's PostgresError, or PGlite's DatabaseError (whose
 * name is the protocol message's, "error"); both carry the severity.
 */
const isServerError = (error: Error, code: unknown): code is string =>
  typeof code === "string" &&
  /^[0-9A-Z]{5}$/.test(code) &&
  (error.name === "PostgresError" ||
    typeof (error as { severity?: unknown }).severity === "string");

function isOutageItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === "string" &&
    (networkCodes.has(code) || storageCodes.has(code) || driverCodes.has(code))
  )
    return true;
  if (isServerError(error, code)) return isTransientSqlState(code, error.message);
  // PGlite, embedded in this process, cannot be unreachable: besides its disk (above, as Postgres
  // reports it), it fails only once closed (a stop in progress).
  if (/PGlite is closed/i.test(error.message)) return true;
  if (error instanceof AggregateError) return error.errors.some(isOutageItself);
  return false;
}

/**
 * Whether an error means the database did not answer (down, unreachable, overloaded, timed out)
 * or cannot write (a full, read-only or failing disk) rather than a fault of ours. Drizzle wraps driver errors, so the causes are followed. Only these
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
