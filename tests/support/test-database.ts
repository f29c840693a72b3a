import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { installDatabase } from "../../app/server/db.server";
import { postgresServer } from "./postgres-server";

export type TestDriver = "pglite" | "postgres";
export const testDriver = (process.env.TEST_DRIVER ?? "pglite") as TestDriver;

/** `url`: the Postgres test database's address (Postgres only), for a second connection of its own. */
export type TestDatabase = DatabaseHandle & { drop(): Promise<void>; url?: string };

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `wefix_test_${randomBytes(6).toString("hex")}`;
  const { admin, urlOf } = postgresServer();
  await admin.unsafe(`create database ${name} template ${inject("postgresTemplate")}`);
  const url = urlOf(name);
  const handle = await openDatabase({ driver: "postgres", url });
  return {
    ...handle,
    url,
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const template = new Blob([await readFile(inject("pgliteTemplate"))]);
  const handle = await openDatabase({ driver: "pglite", dir: "memory://", loadDataDir: template });
  return { ...handle, drop: () => handle.close() };
}

/** A migrated, empty database of the driver under test, private to the calling test file. */
export function createTestDatabase(): Promise<TestDatabase> {
  return testDriver === "postgres" ? createPostgresDatabase() : createPgliteDatabase();
}

/** Creates the test database and makes it the one the app uses. */
export async function installTestDatabase(): Promise<TestDatabase> {
  const handle = await createTestDatabase();
  installDatabase(handle);
  return handle;
}
