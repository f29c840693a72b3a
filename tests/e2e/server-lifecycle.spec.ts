import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { count } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "../../db/client";
import { contactMessages, repairItems } from "../../db/schema";
import { sendContactMessage, startServer, type ServerProcess } from "./support/server-process";

test.describe.configure({ mode: "serial" });

test("PGlite: a second start on the same folder keeps the data and seeds nothing twice; SIGTERM exits 0", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "wefix-lifecycle-"));
  const dir = path.join(root, "data", "pglite");
  try {
    const first = await startServer({ PGLITE_DIR: dir });
    expect(first.output()).toMatch(/"seededRepairItems":\d{3,}/);
    expect((await sendContactMessage(first.url, "Kept across restarts")).status).toBe(303);
    expect(await first.stop()).toBe(0);
    // Idle connections closed at once: nothing waited for the 10 s that cut requests short.
    expect(first.output()).toContain('"stopping"');
    expect(first.output()).not.toContain("connections closed");

    const second = await startServer({ PGLITE_DIR: dir });
    expect(second.output()).toContain('"seededRepairItems":0');
    expect(await second.stop("SIGINT")).toBe(0);

    const handle = await openDatabase({ driver: "pglite", dir });
    const [messages] = await handle.db.select({ n: count() }).from(contactMessages);
    const [items] = await handle.db.select({ n: count() }).from(repairItems);
    await handle.close();
    expect(messages!.n).toBe(1);
    expect(items!.n).toBeGreaterThan(400);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("PGlite: a second server on a folder in use refuses to start", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "wefix-lifecycle-"));
  const dir = path.join(root, "pglite");
  const first = await startServer({ PGLITE_DIR: dir });
  try {
    // The log names the failure by its code (it prints no error's message).
    await expect(startServer({ PGLITE_DIR: dir })).rejects.toThrow(/"code":"PGLITE_DIR_IN_USE"/);
  } finally {
    expect(await first.stop()).toBe(0);
    await rm(root, { recursive: true, force: true });
  }
});

/** Whether a new TCP connection to the server's port is accepted. */
function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/**
 * SIGTERM while a slow client is still sending its contact message: the server stops taking
 * connections at once, lets that request finish and store the message, then exits 0.
 */
async function stopDuringSlowRequest(server: ServerProcess) {
  const body = JSON.stringify({
    name: "Slow Sender",
    email: "slow@example.com",
    message: "Sent over a slow line",
  });
  const { port } = new URL(server.url);
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/endpoints/send_contact_message.php",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, 10));
    setTimeout(() => request.end(body.slice(10)), 1500);
  });
  await new Promise((r) => setTimeout(r, 300));
  const stopped = server.stop();
  await new Promise((r) => setTimeout(r, 300));
  expect(await accepts(server.url)).toBe(false);
  const response = await answered;
  expect(response.status, response.body).toBe(201);
  const startedExit = Date.now();
  expect(await stopped).toBe(0);
  expect(Date.now() - startedExit).toBeLessThan(10_000);
}

test("PGlite: SIGTERM refuses new connections, finishes the request in flight, closes the database, exits 0", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "wefix-graceful-"));
  const dir = path.join(root, "pglite");
  try {
    await stopDuringSlowRequest(await startServer({ PGLITE_DIR: dir }));
    // Closed cleanly: the folder opens again (its lock released) and holds the message.
    const handle = await openDatabase({ driver: "pglite", dir });
    const [messages] = await handle.db.select({ n: count() }).from(contactMessages);
    await handle.close();
    expect(messages!.n).toBe(1);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.warn(
    "!! TEST_DATABASE_URL is not set: the server lifecycle on real Postgres is NOT tested.",
  );

async function withFreshPostgresDatabase(run: (url: string, sql: postgres.Sql) => Promise<void>) {
  const name = `wefix_e2e_${Date.now()}`;
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await run(url.toString(), sql);
  } finally {
    await sql.end();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (serverUrl) {
  test("Postgres: the same app on DATABASE_URL migrates, seeds once, serves, and stops cleanly", async () => {
    await withFreshPostgresDatabase(async (url, sql) => {
      const first = await startServer({ DATABASE_URL: url });
      expect(first.output()).toContain('"driver":"postgres"');
      expect((await fetch(`${first.url}/services/mobile`)).status).toBe(200);
      expect((await sendContactMessage(first.url, "Stored in Postgres")).status).toBe(303);
      expect(await first.stop()).toBe(0);

      const second = await startServer({ DATABASE_URL: url });
      expect(second.output()).toContain('"seededRepairItems":0');
      expect(await second.stop()).toBe(0);

      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from contact_messages`;
      expect(row!.n).toBe(1);
    });
  });

  test("Postgres: SIGTERM refuses new connections, finishes the request in flight, closes the pool, exits 0", async () => {
    await withFreshPostgresDatabase(async (url, sql) => {
      await stopDuringSlowRequest(await startServer({ DATABASE_URL: url }));
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from contact_messages`;
      expect(row!.n).toBe(1);
      // The app's pool is gone: only this test's own connection remains.
      const [sessions] = await sql<
        { n: number }[]
      >`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
      expect(sessions!.n).toBe(0);
    });
  });
}

test("a wrong setting stops the server at start with what to fix, and no stack trace", async () => {
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/start-server.js`], {
    env: {
      ...process.env,
      PGLITE_DIR: "memory://",
      RATE_LIMIT_TRACK_PER_MIN: "ten",
      PAGE_CACHE: "maybe",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(output).toBe(
    [
      "The server cannot start: fix these environment variables.",
      '  RATE_LIMIT_TRACK_PER_MIN must be a whole number of at least 1, not "ten"',
      '  PAGE_CACHE must be "on" or "off", not "maybe"',
      "",
    ].join("\n"),
  );
});
