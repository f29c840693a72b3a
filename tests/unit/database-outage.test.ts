import { messages } from "@electric-sql/pglite";
import { DrizzleQueryError } from "drizzle-orm/errors";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { isDatabaseOutage } from "~/server/database-outage.server";

/**
 * Storage failures as each driver reports them, with the classes the drivers use and the fields
 * they set (seen on a full tmpfs under PGlite 0.3 and Postgres 15), wrapped by Drizzle as the app
 * receives them.
 */
function fromPglite(code: string, message: string, routine: string) {
  const error = new messages.DatabaseError(message, message.length + 20, "error");
  return Object.assign(error, { severity: "ERROR", code, routine });
}
const fromPostgres = (code: string, message: string, routine: string) =>
  new postgres.PostgresError({ severity: "ERROR", code, message, routine } as never);
const failedQuery = (cause: Error) =>
  new DrizzleQueryError('insert into "bookings" ("first_name") values ($1)', ["Ann"], cause);

const storageFailures: [string, string, string][] = [
  ["53100", 'could not extend file "base/1/16477": No space left on device', "mdzeroextend"],
  [
    "53100",
    'could not write to file "pg_wal/xlogtemp.42": No space left on device',
    "XLogFileInitInternal",
  ],
  [
    "53100",
    'could not write to file "base/pgsql_tmp/pgsql_tmp0.42": No space left on device',
    "BufFileDumpBuffer",
  ],
  ["58030", 'could not write block 7 in file "base/1/16477": Input/output error', "mdwrite"],
  ["42501", 'could not extend file "base/1/16477": Read-only file system', "mdzeroextend"],
  ["42501", 'could not open file "base/1/16477": Permission denied', "mdopenfork"],
];

describe("a database that cannot write", () => {
  it.each(storageFailures)("is an outage under PGlite: %s %s", (code, message, routine) =>
    expect(isDatabaseOutage(failedQuery(fromPglite(code, message, routine)))).toBe(true),
  );

  it.each(storageFailures)("is an outage under Postgres: %s %s", (code, message, routine) =>
    expect(isDatabaseOutage(failedQuery(fromPostgres(code, message, routine)))).toBe(true),
  );

  it.each(["ENOSPC", "EDQUOT", "EROFS", "EIO"])("is an outage for the system's %s", (code) =>
    expect(
      isDatabaseOutage(Object.assign(new Error(`${code}: write failed`), { code, errno: -28 })),
    ).toBe(true),
  );

  it.each([
    ["23505", 'duplicate key value violates unique constraint "bookings_submission_key_unique"'],
    ["23514", 'new row for relation "bookings" violates check constraint "x"'],
    ["42501", "permission denied for table bookings"],
    ["58P01", 'could not open file "base/1/16477": No such file or directory'],
    ["22P02", 'invalid input syntax for type integer: "abc"'],
  ])("is a fault of ours for %s %s, under either driver", (code, message) => {
    expect(isDatabaseOutage(failedQuery(fromPglite(code, message, "x")))).toBe(false);
    expect(isDatabaseOutage(failedQuery(fromPostgres(code, message, "x")))).toBe(false);
  });
});
