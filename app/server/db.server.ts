import { openDatabase, type Database, type DatabaseHandle } from "#db/client";
import { settings } from "./env.server";

/**
 * One database per process, kept on globalThis: the HTTP server, the app bundle and the Vite
 * dev loader each hold their own copy of this module, and PGlite allows one opener per folder.
 */
const key = Symbol.for("wefix.database");
type Holder = { [key]?: Promise<DatabaseHandle> };
const holder = globalThis as Holder;

export function connectDatabase(): Promise<DatabaseHandle> {
  holder[key] ??= openDatabase(settings().database)
    .then(async (handle) => {
      await handle.migrate().catch(async (error: unknown) => {
        await handle.close().catch(() => {});
        throw error;
      });
      return handle;
    })
    .catch((error: unknown) => {
      // Forget the failure so the next request tries again once the database is back.
      delete holder[key];
      throw error;
    });
  return holder[key];
}

/** Installs an already-open database (tests, or a server that prepared one). */
export function installDatabase(handle: DatabaseHandle) {
  holder[key] = Promise.resolve(handle);
}

export async function database(): Promise<Database> {
  return (await connectDatabase()).db;
}

export async function disconnectDatabase() {
  const pending = holder[key];
  delete holder[key];
  if (pending) await (await pending).close();
}
