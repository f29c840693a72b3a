import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction` callback gets: models pass it to the helpers that write with them. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseConfig =
  | { driver: "postgres"; url: string; poolSize?: number }
  | { driver: "pglite"; dir: string; loadDataDir?: Blob };

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseConfig["driver"];
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, to clone a prepared database quickly. */
  dumpDataDir(): Promise<Blob>;
};

const migrationsFolder = path.resolve("drizzle");

/** Serialises migrations when several instances start at once on one Postgres. */
const migrationLockId = 727_431_001;

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.driver === "postgres" ? openPostgres(config) : openPglite(config);
}

/**
 * drizzle-orm sends every query through postgres.js's `unsafe()` unprepared (drizzle-orm#6096;
 * since 0.45 it passes `prepare: false` unless the query is named, so ours is set last): each
 * statement with parameters then costs an extra round trip (postgres.js asks the server for the
 * parameter types first) and a fresh parse and plan.
 * This hands drizzle a client whose `unsafe()` prepares, in transactions too: a statement is
 * described and planned once per connection, then only bound and executed. The app has a fixed
 * set of statement shapes, and postgres.js replaces connections after `max_lifetime` anyway, so
 * the per-connection statement cache stays small.
 */
function preparingStatements(sql: postgres.Sql): postgres.Sql {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (
          query: string,
          parameters?: postgres.ParameterOrJSON<never>[],
          options?: postgres.UnsafeQueryOptions,
        ) => target.unsafe(query, parameters, { ...options, prepare: true });
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: postgres.Sql) => unknown;
          const open = Reflect.get(target, property) as (...a: unknown[]) => unknown;
          return open.apply(target, [...args, (tx: postgres.Sql) => body(preparingStatements(tx))]);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

function openPostgres({ url, poolSize = 10 }: { url: string; poolSize?: number }): DatabaseHandle {
  const client = postgres(url, {
    max: poolSize,
    // A request must fail within 5 s when the database is down or stuck (decision 0006): 3 s to
    // connect, 4 s for one statement (a lock wait included) whatever the server is doing.
    connect_timeout: 3,
    connection: { statement_timeout: 4000 },
    // postgres.js waits longer and longer (up to 20 s) before each new connection attempt after
    // failures, so requests during and just after an outage would wait far past 5 s. A short,
    // constant pause fails them quickly and lets the first request after recovery through.
    backoff: () => 0.1,
    idle_timeout: 60,
    onnotice: () => {},
  });
  const db = drizzlePostgres(preparingStatements(client), { schema });
  return {
    db,
    driver: "postgres",
    async migrate() {
      // One connection, so the session-level advisory lock covers every migration statement.
      const single = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(${migrationLockId})`;
        await migratePostgres(drizzlePostgres(single, { schema }), { migrationsFolder });
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    async close() {
      await client.end({ timeout: 5 });
    },
    dumpDataDir() {
      return Promise.reject(new Error("dumpDataDir needs PGlite"));
    },
  };
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it: claim the folder
 * with a pid file beside it, taking over only from a process that no longer runs.
 */
function lockDataFolder(dir: string): () => void {
  const lockFile = `${path.resolve(dir)}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  try {
    writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch {
    const holder = Number(readFileSync(lockFile, "utf8"));
    if (holder !== process.pid && isRunning(holder)) {
      // The code is what the server's log shows of it (it logs no error's message).
      throw Object.assign(
        new Error(
          `The PGlite folder ${dir} is in use by process ${holder}; stop it or set another PGLITE_DIR.`,
        ),
        { code: "PGLITE_DIR_IN_USE" },
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

async function openPglite(
  config: Extract<DatabaseConfig, { driver: "pglite" }>,
): Promise<DatabaseHandle> {
  const inMemory = config.dir.startsWith("memory://");
  const unlock = inMemory ? () => {} : lockDataFolder(config.dir);
  const client = await PGlite.create(inMemory ? "memory://" : config.dir, {
    loadDataDir: config.loadDataDir,
    extensions: { pg_trgm },
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: "pglite",
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
    async dumpDataDir() {
      return client.dumpDataDir("gzip");
    },
  };
}

/**
 * Whether the database answers and can write. A read answers while a full disk refuses every
 * booking, and an update of a row mostly fits in the page it is on, so this writes what a booking
 * needs room for: a sort made to spill to a temporary file (about 50 KB of new space, removed at
 * once) in the database's own storage, and a commit with a transaction id of its own, which goes
 * to the write-ahead log. No row changes; a few milliseconds.
 */
export async function pingDatabase(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = db
    .transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64kB'`);
      await tx.execute(
        sql`select txid_current(), count(*) from (select g from generate_series(1, 5000) g order by g desc offset 0) spilled`,
      );
    })
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
