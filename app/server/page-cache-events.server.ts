import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { Database, DatabaseConfig } from "#db/client";
import { connectDatabase } from "~/server/db.server";
import { settings } from "~/server/env.server";
import { log, logError } from "~/server/log.server";

/**
 * The Postgres notification channel of changes to what kept pages show (the price catalogue, and
 * the shop's closures and special hours, decision 0055); every instance listens on it.
 */
export const catalogueChannel = "wefix_catalogue_changed";

type Executor = Pick<Database, "execute">;

/**
 * Called inside every transaction that writes what kept pages show from the database: the price
 * catalogue, the shop's calendar (app/models/shop-calendar.server.ts), and the shop's photos on
 * the home and About pages (decision 0062; the channel keeps the catalogue's name). Postgres
 * delivers the notification to every listening instance when the transaction commits, and never
 * when it rolls back, so no instance drops its pages for a change that did not happen or keeps
 * them after one that did.
 */
export async function announceCatalogueChange(tx: Executor) {
  await tx.execute(sql`select pg_notify(${catalogueChannel}, '')`);
}

export type CatalogueWatch = {
  /** True while changes are heard; pages built from the catalogue may be kept only then. */
  live(): boolean;
  stop(): Promise<void>;
};

const relistenMs = 1_000;

/**
 * A connection of its own that listens on Postgres (not one of the pool's, which are recycled).
 * Notifications sent while it is down are lost, so losing it and getting it back both count as a
 * change; in between it retries every second and `live()` is false.
 */
async function watchPostgres(url: string, onChange: () => void): Promise<CatalogueWatch> {
  let live = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // postgres.js's own listen() stops re-listening if the server is down when the connection
  // drops; this connection takes notifications itself (an option postgres.js's types omit).
  const options: postgres.Options<Record<string, never>> & { onnotify(channel: string): void } = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: 3,
    fetch_types: false,
    onnotice: () => {},
    onnotify: (channel) => {
      if (channel === catalogueChannel) onChange();
    },
    onclose: () => {
      if (stopped) return;
      if (live) {
        live = false;
        onChange();
        log(
          "warn",
          "catalogue changes unheard; pages are rendered afresh until they are heard again",
        );
      }
      listenSoon();
    },
  };
  const client = postgres(url, options);
  const listen = async () => {
    try {
      await client.unsafe(`listen ${catalogueChannel}`);
      if (stopped) return;
      live = true;
      onChange();
    } catch (error) {
      logError("could not listen for catalogue changes", error, {}, "warn");
      listenSoon();
    }
  };
  function listenSoon() {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, relistenMs).unref();
  }
  // The first attempt is waited for, so a server starts with its pages kept when the database
  // answers.
  await listen();
  return {
    live: () => live,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client.end({ timeout: 1 });
    },
  };
}

/** PGlite runs in this process: its notifications cannot be lost, so it is live once it listens. */
async function watchPglite(client: PGlite, onChange: () => void): Promise<CatalogueWatch> {
  const unlisten = await client.listen(catalogueChannel, onChange);
  return {
    live: () => !client.closed,
    async stop() {
      if (!client.closed) await unlisten();
    },
  };
}

/**
 * Calls `onChange` after each committed catalogue change on any instance, and whenever one may
 * have been missed. PGlite: the process's own database; Postgres: the configured server.
 */
export async function watchCatalogue(
  onChange: () => void,
  config: DatabaseConfig = settings().database,
): Promise<CatalogueWatch> {
  if (config.driver === "postgres") return watchPostgres(config.url, onChange);
  const handle = await connectDatabase();
  // drizzle keeps the driver's client as $client; its type is not on the shared Database type.
  return watchPglite((handle.db as unknown as { $client: PGlite }).$client, onChange);
}
