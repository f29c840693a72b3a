/**
 * Whether an insert or update broke a unique index. Both drivers report Postgres's SQLSTATE;
 * Drizzle may wrap the driver's error in its own.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === "object" && "code" in e ? e.code : undefined);
  return code(error) === "23505" || code((error as { cause?: unknown } | null)?.cause) === "23505";
}
