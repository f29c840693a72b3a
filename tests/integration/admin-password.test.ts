import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { auditEvents, staffSessions, staffUsers } from "../../db/schema";
import { staffForToken, startSession } from "~/models/staff-session.server";
import { hashPassword, verifyPassword } from "~/server/password.server";
import { resetPasswordOnServer } from "~/models/staff-user.server";
import { createTestStaff, staffPassword } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

const run = promisify(execFile);
const newPassword = "a brand new password";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

async function account(db: Database, username: string) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.username, username));
  return row!;
}

async function resetsOf(db: Database, id: number) {
  return db
    .select({
      staffUserId: auditEvents.staffUserId,
      summary: auditEvents.summary,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, id));
}

describe(`resetting a password on the server on ${testDriver}`, () => {
  it("sets the password, ends every session and records the reset with no staff author", async () => {
    const { id } = await createTestStaff(handle.db, "forgetful");
    const cookie = await startSession(id, "cookie");
    const token = await startSession(id, "bearer");

    expect(await resetPasswordOnServer("FORGETFUL", newPassword, false)).toEqual({
      username: "forgetful",
      disabled: false,
    });

    const row = await account(handle.db, "forgetful");
    expect(await verifyPassword(newPassword, row.passwordHash)).toBe(true);
    expect(await verifyPassword(staffPassword, row.passwordHash)).toBe(false);
    expect(await staffForToken(cookie, "cookie")).toBeUndefined();
    expect(await staffForToken(token, "bearer")).toBeUndefined();
    expect(
      await handle.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, id)),
    ).toEqual([]);
    expect(await resetsOf(handle.db, id)).toEqual([
      {
        staffUserId: null,
        summary: "Reset the password of forgetful on the server",
        details: { generated: false },
      },
    ]);
  });

  it("says when there is no such account, and changes nothing for a short password", async () => {
    expect(await resetPasswordOnServer("nobody-here", newPassword, false)).toBeUndefined();
    const { id } = await createTestStaff(handle.db, "short-pw");
    await expect(resetPasswordOnServer("short-pw", "too short", false)).rejects.toThrow(
      "Password: at least 12 characters",
    );
    expect(
      await verifyPassword(staffPassword, (await account(handle.db, "short-pw")).passwordHash),
    ).toBe(true);
    expect(await resetsOf(handle.db, id)).toEqual([]);
  });
});

// A process of its own (tsx, then the database's start-up) takes seconds on a busy machine.
describe(`npm run admin:password on ${testDriver}`, { timeout: 120_000 }, () => {
  /** The command's own process on a database of this driver that it can open. */
  async function commandDatabase(): Promise<{
    env: Record<string, string>;
    db(): Promise<Database>;
    done(): Promise<void>;
  }> {
    if (testDriver === "postgres")
      return {
        env: { DATABASE_URL: handle.url! },
        db: async () => handle.db,
        done: async () => {},
      };
    // An in-memory PGlite belongs to this process: the command gets a folder of its own.
    const dir = await mkdtemp(path.join(os.tmpdir(), "wefix-admin-password-"));
    const seeded = await openDatabase({ driver: "pglite", dir });
    await seeded.migrate();
    await seeded.db
      .insert(staffUsers)
      .values({ username: "locked-out", passwordHash: await hashPassword(staffPassword) });
    await seeded.close();
    let reopened: Awaited<ReturnType<typeof openDatabase>> | undefined;
    return {
      env: { PGLITE_DIR: dir },
      async db() {
        reopened = await openDatabase({ driver: "pglite", dir });
        return reopened.db;
      },
      async done() {
        await reopened?.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  it("prints a generated password once when there is no terminal to ask on", async () => {
    if (testDriver === "postgres") await createTestStaff(handle.db, "locked-out");
    const target = await commandDatabase();
    try {
      const { stdout } = await run(
        process.execPath,
        ["--import", "tsx", "scripts/admin-password.ts", "locked-out"],
        { env: { ...process.env, ...target.env, LOG_LEVEL: "silent" } },
      );
      const printed = /New password \(shown once\): (\S+)/.exec(stdout)?.[1];
      expect(stdout).toContain('Password of "locked-out" reset; every session it had has ended.');
      expect(printed).toMatch(/^[\w-]{16}$/);
      const db = await target.db();
      const row = await account(db, "locked-out");
      expect(await verifyPassword(printed!, row.passwordHash)).toBe(true);
      expect(await resetsOf(db, row.id)).toEqual([
        expect.objectContaining({ staffUserId: null, details: { generated: true } }),
      ]);
    } finally {
      await target.done();
    }
  });

  it("exits 1 naming an unknown account", async () => {
    const target = await commandDatabase();
    try {
      const failed = await run(
        process.execPath,
        ["--import", "tsx", "scripts/admin-password.ts", "no-such-person"],
        { env: { ...process.env, ...target.env, LOG_LEVEL: "silent" } },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1, stderr: 'No staff account "no-such-person".\n' });
    } finally {
      await target.done();
    }
  });
});
