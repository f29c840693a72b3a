// `npm run bench:crash`: bookings under load while the database dies. Postgres is SIGKILLed (the
// postmaster and every backend, as in a power cut) and restarted; on PGlite the app process itself
// is SIGKILLed and started again on the same folder. Clients retry every unanswered booking with
// its key. Afterwards every confirmed booking must exist exactly once, under the id the client was
// given, and no submission key may be stored twice. Exits 1 on any violation (CI runs it).
// CRASH_CLIENTS (default 8) and CRASH_SECONDS of load around the crash (default 6) size the run.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";
import { storedSubmissionKey } from "../app/server/submission.server";
import { openDatabase } from "../db/client";
import { bookings } from "../db/schema";
import { bookingPayload } from "../tests/e2e/support/api";
import { freePort, startServer, type ServerProcess } from "../tests/e2e/support/server-process";
import { startThrowawayPostgres } from "../tests/support/throwaway-postgres";

const clients = Number(process.env.CRASH_CLIENTS ?? 8);
const seconds = Number(process.env.CRASH_SECONDS ?? 6);
const appEnv = {
  LOG_LEVEL: "silent",
  RATE_LIMIT_SUBMIT_PER_MIN: "1000000",
  BOOKING_SLOT_CAPACITY: "1000000",
};

type Row = { id: number; submissionKey: string };

/** What the clients saw: the id confirmed for each key, and any key confirmed with two ids. */
class Ledger {
  confirmed = new Map<string, number>();
  /** The body sent with each key: a retry must be the same booking, as a real client's would. */
  payloads = new Map<string, string>();
  pending = new Set<string>();
  violations: string[] = [];
  failures = 0;

  record(key: string, id: number) {
    const earlier = this.confirmed.get(key);
    if (earlier !== undefined && earlier !== id)
      this.violations.push(`key ${key} confirmed as #${earlier} and then as #${id}`);
    this.confirmed.set(key, id);
    this.pending.delete(key);
  }
}

async function submit(baseUrl: () => string, ledger: Ledger, key: string) {
  try {
    const response = await fetch(`${baseUrl()}/api/endpoints/submit_booking.php`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: ledger.payloads.get(key),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { id?: number };
    if (response.status === 201 && body.id) return ledger.record(key, body.id);
    // Only "unavailable" is expected during the crash; anything else is a broken run.
    if (response.status !== 503)
      throw new Error(`submit_booking.php answered ${response.status}: ${JSON.stringify(body)}`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("submit_booking.php")) throw error;
    // Connection refused or reset while the database or the app is down: retried below.
  }
  ledger.failures += 1;
  ledger.pending.add(key);
}

/** Closed-loop clients sending new bookings, and retrying unanswered ones, until `stop` resolves. */
async function load(baseUrl: () => string, ledger: Ledger, stop: Promise<void>) {
  let stopping = false;
  void stop.then(() => (stopping = true));
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stopping) {
        const retry = [...ledger.pending][0];
        if (retry) ledger.pending.delete(retry);
        const key = retry ?? `crash-${randomUUID()}`;
        if (!retry)
          ledger.payloads.set(key, JSON.stringify(bookingPayload({ firstName: "Crash" })));
        await submit(baseUrl, ledger, key);
        if (retry) await sleep(20);
      }
    }),
  );
}

/** After recovery, every key still unanswered is sent again until it is confirmed. */
async function settle(baseUrl: () => string, ledger: Ledger) {
  const deadline = Date.now() + 30_000;
  while (ledger.pending.size && Date.now() < deadline) {
    await Promise.all([...ledger.pending].map((key) => submit(baseUrl, ledger, key)));
    if (ledger.pending.size) await sleep(500);
  }
  if (ledger.pending.size)
    ledger.violations.push(`${ledger.pending.size} bookings never confirmed after recovery`);
}

function verify(label: string, ledger: Ledger, rows: Row[], confirmedBeforeCrash: number) {
  // The app stores a digest of the door and the key; map each digest back to the key sent.
  const sent = new Map(
    [...ledger.payloads.keys()].map((key) => [storedSubmissionKey("api", key)!, key]),
  );
  const byKey = new Map<string, Row[]>();
  for (const row of rows) {
    const key = sent.get(row.submissionKey) ?? row.submissionKey;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  for (const [key, id] of ledger.confirmed) {
    const stored = byKey.get(key) ?? [];
    if (stored.length !== 1) ledger.violations.push(`key ${key}: ${stored.length} rows`);
    else if (stored[0]!.id !== id)
      ledger.violations.push(`key ${key}: confirmed #${id}, stored #${stored[0]!.id}`);
  }
  const ours = rows.filter((row) => sent.has(row.submissionKey));
  const unconfirmed = ours.filter((row) => !ledger.confirmed.has(sent.get(row.submissionKey)!));
  if (unconfirmed.length)
    ledger.violations.push(`${unconfirmed.length} stored bookings were never confirmed to anyone`);
  if (ledger.confirmed.size <= confirmedBeforeCrash)
    ledger.violations.push("no booking was confirmed after the crash");
  const summary = {
    run: label,
    confirmed: ledger.confirmed.size,
    confirmedBeforeCrash,
    failedAttempts: ledger.failures,
    storedRows: ours.length,
    violations: ledger.violations.length,
  };
  console.log(JSON.stringify(summary));
  for (const violation of ledger.violations.slice(0, 20)) console.error(`  ✗ ${violation}`);
  return ledger.violations.length === 0;
}

async function postgresRun(): Promise<boolean> {
  const database = await startThrowawayPostgres(await freePort());
  let app: ServerProcess | undefined;
  try {
    app = await startServer({ ...appEnv, DATABASE_URL: database.url });
    const url = app.url;
    const ledger = new Ledger();
    let confirmedBeforeCrash = 0;
    const crash = (async () => {
      await sleep((seconds * 1000) / 2);
      confirmedBeforeCrash = ledger.confirmed.size;
      database.kill();
      await sleep(1000);
      await database.start();
      await sleep((seconds * 1000) / 2);
    })();
    await load(() => url, ledger, crash);
    await settle(() => url, ledger);
    if (app.child.exitCode !== null)
      ledger.violations.push(`the app died while Postgres was down:\n${app.output().slice(-2000)}`);
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    const rows = await sql<Row[]>`select id, submission_key as "submissionKey" from bookings`;
    await sql.end();
    return verify("postgres: server SIGKILLed and restarted", ledger, rows, confirmedBeforeCrash);
  } finally {
    await app?.stop();
    await database.destroy();
  }
}

async function pgliteRun(): Promise<boolean> {
  const root = await mkdtemp(path.join(os.tmpdir(), "wefix-crash-"));
  const dir = path.join(root, "pglite");
  let app: ServerProcess | undefined;
  try {
    app = await startServer({ ...appEnv, PGLITE_DIR: dir });
    let url = app.url;
    const ledger = new Ledger();
    let confirmedBeforeCrash = 0;
    const crash = (async () => {
      await sleep((seconds * 1000) / 2);
      confirmedBeforeCrash = ledger.confirmed.size;
      await app!.stop("SIGKILL");
      app = await startServer({ ...appEnv, PGLITE_DIR: dir });
      url = app.url;
      await sleep((seconds * 1000) / 2);
    })();
    await load(() => url, ledger, crash);
    await settle(() => url, ledger);
    if ((await app.stop()) !== 0) ledger.violations.push("the restarted app did not stop cleanly");
    const handle = await openDatabase({ driver: "pglite", dir });
    const rows = await handle.db
      .select({ id: bookings.id, submissionKey: bookings.submissionKey })
      .from(bookings);
    await handle.close();
    return verify("pglite: app SIGKILLed and restarted", ledger, rows, confirmedBeforeCrash);
  } finally {
    await app?.stop();
    await rm(root, { recursive: true, force: true });
  }
}

const results = [await postgresRun(), await pgliteRun()];
if (results.includes(false)) {
  console.error("Crash consistency violated.");
  process.exit(1);
}
console.log("Crash consistency held: every confirmed booking stored exactly once.");
