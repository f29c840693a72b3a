// Load on real Postgres: booking POSTs and tracking lookups under wrk (closed loop, keep-alive),
// then a soak at a steady rate that reports errors and the app's memory (RSS) over time.
// Idempotency and rate limiting stay on (every booking has its own key; the limits are raised so
// one load generator on 127.0.0.1 is not refused).
//
// Requests per second depend on whatever else the machine runs; CPU time per request does not, so
// each row also reports the CPU milliseconds the app, Postgres and wrk spent per request (from
// /proc, before and after the row) and the SQL statements per request (pg_stat_statements), and
// projects the throughput of two otherwise idle cores from them.
//
// Postgres: a throwaway server of our own, started with pg_stat_statements, so that every Postgres
// process's CPU time belongs to this bench; BENCH_DATABASE_URL instead uses that server (a fresh
// database, dropped afterwards), counting only the app's backends and statements when it can.
// LOAD_SECONDS (default 10) per wrk run; BOOKING_RUNS (default 3) booking rows, of which the
// median counts; SOAK_SECONDS (default 600), SOAK_RATE (req/s, default 50) and SOAK_WARMUP_SECONDS
// (default a quarter of the soak, at most 60) for the soak, whose RSS growth compares the floors
// of the two halves after its warm-up. Fails on any error.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";
import { bookingPayload } from "../tests/e2e/support/api";
import { freePort, startServer } from "../tests/e2e/support/server-process";
import { futureWeekday } from "../tests/support/forms";
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "../tests/support/throwaway-postgres";
import { childCpuMsOf, cpuMsOf, runWrk, type WrkResult } from "./support/wrk";

const loadSeconds = Number(process.env.LOAD_SECONDS ?? 10);
const bookingRuns = Number(process.env.BOOKING_RUNS ?? 3);
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const soakRate = Number(process.env.SOAK_RATE ?? 50);
const soakWarmupSeconds = Number(process.env.SOAK_WARMUP_SECONDS ?? Math.min(60, soakSeconds / 4));
const connections = 16;
/** One closed-loop wrk row of this bench. */
const wrk = (url: string, lua: string) => runWrk(url, { lua, connections, seconds: loadSeconds });

if (!existsSync("build/start-server.js")) {
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

/**
 * Valid bookings spread over ten weekdays, every slot and a mix of devices and issues, as real
 * traffic is: bookings of one slot serialise on its lock, and bookings of one device, brand and
 * issue on their dashboard counter row (decisions 0005 and 0006).
 */
const devices = [
  ["Mobile Repair Service", "Apple", "iPhone 13", "Screen Replacement"],
  ["Mobile Repair Service", "Samsung", "Galaxy S22", "Battery Replacement"],
  ["Mobile Repair Service", "Google", "Pixel 7", "Charging Port Repair"],
  ["Tablet Repair", "Apple", "iPad Air", "Screen Replacement"],
  ["Laptop Repair", "Apple", "MacBook Air", "Keyboard Replacement"],
  ["Laptop Repair", "Dell", "XPS 13", "Battery Replacement"],
  ["Smart Watch Repair", "Apple", "Watch Series 8", "Screen Replacement"],
  ["Gaming Console Repair", "Sony", "PlayStation 5", "HDMI Port Repair"],
] as const;

function bookingBodies(): string[] {
  const slots = [
    "10:00",
    "10:30",
    "11:00",
    "11:30",
    "12:00",
    "12:30",
    "13:00",
    "13:30",
    "14:00",
    "14:30",
    "15:00",
    "15:30",
    "16:00",
    "16:30",
    "17:00",
  ];
  const bodies: string[] = [];
  let date = futureWeekday(3);
  for (let day = 0; day < 10; day += 1) {
    for (const [i, time] of slots.entries()) {
      const [deviceCategory, deviceBrand, deviceModel, issueType] =
        devices[(day + i) % devices.length]!;
      bodies.push(
        JSON.stringify(
          // The request script makes each booking a customer of its own, as at the shop: one
          // mailbox or number shared by many bookings would make the per-customer counts
          // (decision 0032) grow with the run.
          bookingPayload({
            email: "customer-WHO@example.com",
            phone: "905-7NUMBER",
            preferredDate: date,
            preferredTime: time,
            deviceCategory,
            deviceBrand,
            deviceModel,
            issueType,
          }),
        ),
      );
    }
    date = futureWeekday(
      Math.round((new Date(`${date}T12:00:00Z`).getTime() - Date.now()) / 86_400_000) + 2,
    );
  }
  return bodies;
}

/** A booking body as the customer `who` with a number of their own, as the request script does. */
const asCustomer = (body: string, who: string, n: number) =>
  body.replace("WHO", who).replace("NUMBER", String(n % 1_000_000).padStart(6, "0"));

const luaString = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

const bookingLua = (bodies: string[], prefix: string) => `
local bodies = { ${bodies.map(luaString).join(",\n")} }
local threads = 0
setup = function(thread) threads = threads + 1; thread:set("tid", threads) end
local n = 0
request = function()
  n = n + 1
  local key = string.format("${prefix}-%d-%09d", tid, n)
  local who = n * 16 + tid
  local body = bodies[(n % #bodies) + 1]:gsub("WHO", "${prefix}-" .. who):gsub("NUMBER", string.format("%06d", who % 1000000))
  return wrk.format("POST", "/api/endpoints/submit_booking.php",
    { ["Content-Type"] = "application/json", ["Idempotency-Key"] = key }, body)
end
`;

const trackingLua = (ids: number[]) => `
local ids = { ${ids.join(",")} }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", string.format("/api/endpoints/track_repair.php?repairId=WF-%05d", ids[(n % #ids) + 1]))
end
`;

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);

/**
 * Open loop: a request every 1/rate s whatever the answers, half bookings and half lookups. The
 * app's RSS is sampled every second: a fresh process grows while V8 sizes its heap and compiles
 * the hot code, so only growth after the warm-up, once that has levelled off, would be a leak.
 * RSS then saws up and down with garbage collection, so one sample against another measures
 * where each fell on the saw. The peaks follow V8's heap-growth heuristics (two heaps: the main
 * thread's and the mail thread's) and swing by tens of MB from one collection to the next; what
 * a leak raises is the floor, the memory still held after collection. So the floors of the two
 * halves after the warm-up are compared, and the peaks are reported beside them.
 */
async function soak(baseUrl: string, bodies: string[], ids: number[], pid: number) {
  // Idle connections are closed here after 4 s, before the server's 5 s keep-alive timeout: a
  // request written just as the server closes an idle connection is lost, a race of the
  // client's making that browsers answer by retrying.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
  const target = new URL(baseUrl);
  /** What went wrong, by kind: a status or a socket error's code. */
  const errors = new Map<string, number>();
  const failed = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  let sent = 0;
  const latencies: number[] = [];
  const send = (i: number) =>
    new Promise<void>((resolve) => {
      const booking = i % 2 === 0;
      const started = performance.now();
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          agent,
          method: booking ? "POST" : "GET",
          path: booking
            ? "/api/endpoints/submit_booking.php"
            : `/api/endpoints/track_repair.php?repairId=WF-${String(ids[i % ids.length]).padStart(5, "0")}`,
          headers: booking
            ? {
                "content-type": "application/json",
                "idempotency-key": `soak-${randomBytes(12).toString("hex")}`,
              }
            : {},
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== (booking ? 201 : 200))
              failed(`${booking ? "booking" : "lookup"} ${res.statusCode}`);
            else latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => {
        failed(`${booking ? "booking" : "lookup"} ${error.code ?? error.message}`);
        resolve();
      });
      req.end(booking ? asCustomer(bodies[i % bodies.length]!, `soak-${i}`, i) : undefined);
    });
  const pending: Promise<void>[] = [];
  const rss: number[] = [rssKb(pid)];
  const began = performance.now();
  while (performance.now() - began < soakSeconds * 1000) {
    const elapsed = (performance.now() - began) / 1000;
    const due = Math.floor(elapsed * soakRate);
    while (sent < due) pending.push(send(sent++));
    if (elapsed >= rss.length) rss.push(rssKb(pid));
    await sleep(5);
  }
  await Promise.all(pending);
  rss.push(rssKb(pid));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    errors: [...errors.values()].reduce((sum, n) => sum + n, 0),
    errorKinds: [...errors].map(([what, n]) => `${n} × ${what}`),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    rss,
  };
}

const configured = process.env.BENCH_DATABASE_URL;
const throwaway: ThrowawayPostgres | undefined = configured
  ? undefined
  : await startThrowawayPostgres(await freePort(), {
      shared_preload_libraries: "pg_stat_statements",
    });
const adminUrl = configured ?? throwaway!.url;
const name = `wefix_load_${randomBytes(4).toString("hex")}`;
const adminSql = postgres(adminUrl, { max: 1, onnotice: () => {} });
await adminSql.unsafe(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const benchSql = postgres(url.toString(), { max: 1, onnotice: () => {} });
const [{ adminPid }] = await adminSql<
  [{ adminPid: number }]
>`select pg_backend_pid() as "adminPid"`;
// Statement counts need the extension preloaded (our throwaway server does it); without, none.
const countsStatements = await adminSql`create extension if not exists pg_stat_statements`.then(
  () => adminSql`select 1 from pg_stat_statements limit 1`.then(() => true),
  () => false,
);

/**
 * CPU time used so far by the Postgres processes that serve the bench's database. On our own
 * server: every process (the postmaster, which has also collected its exited children's time, and
 * each live backend, WAL writer and checkpointer), except this script's own connection. On a
 * configured server: the backends connected to the bench's database only.
 */
async function postgresCpuMs(): Promise<number> {
  if (throwaway) {
    const postmaster = throwaway.postmasterPid();
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)], {
      encoding: "utf8",
    })
      .split("\n")
      .map(Number);
    return children
      .filter((pid) => pid && pid !== adminPid)
      .reduce((sum, pid) => sum + cpuMsOf(pid), cpuMsOf(postmaster) + childCpuMsOf(postmaster));
  }
  const backends = await adminSql<
    { pid: number }[]
  >`select pid from pg_stat_activity where datname = ${name}`;
  return backends.reduce((sum, { pid }) => sum + cpuMsOf(pid), 0);
}

async function statementsSoFar(): Promise<number> {
  if (!countsStatements) return NaN;
  const [row] = await adminSql<[{ n: string }]>`
    select coalesce(sum(calls), 0) as n from pg_stat_statements where dbid = (select oid from pg_database where datname = ${name})`;
  return Number(row.n);
}

type Row = WrkResult & { appMs: number; postgresMs: number; wrkMs: number; statements: number };

/** E-mails not sent yet: the outbox absorbs a burst's mail and the mail thread catches up after. */
async function unsentMail(): Promise<number> {
  const [row] = await benchSql<
    [{ n: number }]
  >`select count(*)::int as n from outbox where status <> 'sent'`;
  return row.n;
}

/** Waits until every queued e-mail is sent: how many were waiting, and how long they took. */
async function drainMail(): Promise<{ backlog: number; seconds: number }> {
  const backlog = await unsentMail();
  const started = performance.now();
  while ((await unsentMail()) > 0) {
    if (performance.now() - started > 300_000)
      throw new Error("the outbox did not drain within 5 minutes");
    await sleep(100);
  }
  return { backlog, seconds: (performance.now() - started) / 1000 };
}

/** A wrk run with the CPU time and SQL statements it cost, per request. */
async function measured(appPid: number, run: () => WrkResult): Promise<Row> {
  const before = {
    app: cpuMsOf(appPid),
    postgres: await postgresCpuMs(),
    statements: await statementsSoFar(),
  };
  const result = run();
  const after = {
    app: cpuMsOf(appPid),
    postgres: await postgresCpuMs(),
    statements: await statementsSoFar(),
  };
  const per = (total: number) => total / result.requests;
  return {
    ...result,
    appMs: per(after.app - before.app),
    postgresMs: per(after.postgres - before.postgres),
    wrkMs: per(result.cpuMs),
    statements: per(after.statements - before.statements),
  };
}

const mb = (kb: number) => Math.round(kb / 1024);

let failed = false;
try {
  const server = await startServer({
    DATABASE_URL: url.toString(),
    NODE_ENV: "production",
    SESSION_SECRET: "bench-secret-bench-secret",
    LOG_LEVEL: "silent",
    RATE_LIMIT_SUBMIT_PER_MIN: "10000000",
    RATE_LIMIT_TRACK_PER_MIN: "10000000",
    // Lookups by the reference alone count toward it; the load comes from one address.
    RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "10000000",
    BOOKING_SLOT_CAPACITY: "10000000",
  });
  const pid = server.child.pid!;
  try {
    const bodies = bookingBodies();
    console.log(
      `\nLoad on Postgres (${configured ? "configured server" : "throwaway server"}), ${connections} connections, ${loadSeconds} s per row, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" / ")} (1 / 5 / 15 min) on ${os.cpus().length} cores:`,
    );
    wrk(server.url, bookingLua(bodies, `warm-${Date.now()}`)); // warm-up: JIT, pool, prepared statements
    await drainMail();
    // The host's other guests slow some rows by a third or more (CPU per request rises with them),
    // so the booking row runs several times and the median by req/s is the result.
    const bookingRows: { row: Row; mail: Awaited<ReturnType<typeof drainMail>> }[] = [];
    for (let run = 0; run < bookingRuns; run++) {
      const row = await measured(pid, () =>
        wrk(server.url, bookingLua(bodies, `load-${run}-${Date.now()}`)),
      );
      bookingRows.push({ row, mail: await drainMail() });
    }
    const { row: booking, mail } = [...bookingRows].sort((a, b) => a.row.rps - b.row.rps)[
      Math.floor(bookingRows.length / 2)
    ]!;
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    const tracking = await measured(pid, () => wrk(server.url, trackingLua(ids)));
    const rows: [string, Row][] = [
      ...bookingRows.map(({ row }, i): [string, Row] => [
        `booking POST (submit_booking.php), run ${i + 1}${row === booking ? ": the median" : ""}`,
        row,
      ]),
      ["tracking lookup (track_repair.php)", tracking],
    ];
    console.log(
      "| request | req/s | p50 ms | p99 ms | errors | CPU ms/req: app | Postgres | wrk | SQL statements/req | req/s on 2 idle cores |\n" +
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const [label, r] of rows) {
      // Two cores give 2,000 CPU ms a second; app, Postgres and the load generator share them.
      const capacity = 2000 / (r.appMs + r.postgresMs + r.wrkMs);
      console.log(
        `| ${label} | ${Math.round(r.rps)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.non2xx + r.socketErrors} | ` +
          `${r.appMs.toFixed(2)} | ${r.postgresMs.toFixed(2)} | ${r.wrkMs.toFixed(2)} | ${Number.isNaN(r.statements) ? "n/a" : r.statements.toFixed(1)} | ${Math.round(capacity)} |`,
      );
    }
    const meets =
      booking.rps >= 400 && booking.p99 < 150 && booking.non2xx + booking.socketErrors === 0;
    console.log(
      `booking target (≥ 400 req/s, p99 < 150 ms, no errors), median run: ${meets ? "met" : "NOT met"} at this load average`,
    );
    // Each booking queues two e-mails; those still waiting when the row ended went out after it.
    const queued = booking.requests * 2;
    console.log(
      `E-mails of the booking row: ${queued} queued, ${queued - mail.backlog} sent during the row, the other ${mail.backlog} in the ` +
        `${mail.seconds.toFixed(1)} s after it; bookings stored and their e-mails sent: ` +
        `${Math.round(booking.requests / (booking.seconds + mail.seconds))} a second over the row and the catching up together`,
    );
    if (rows.some(([, r]) => r.non2xx + r.socketErrors > 0)) failed = true;

    const soaked = await soak(server.url, bodies, ids, pid);
    const afterWarmup = soaked.rss.slice(
      Math.min(Math.round(soakWarmupSeconds), soaked.rss.length - 2),
    );
    const half = Math.ceil(afterWarmup.length / 2);
    const [first, last] = [afterWarmup.slice(0, half), afterWarmup.slice(half)];
    const end = soaked.rss.at(-1)!;
    const percent = (from: number, to: number) =>
      `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;
    const [firstFloor, lastFloor] = [Math.min(...first), Math.min(...last)];
    const [firstPeak, lastPeak] = [Math.max(...first), Math.max(...last)];
    const growth = ((lastFloor - firstFloor) / firstFloor) * 100;
    const series = Array.from({ length: 11 }, (_, i) =>
      mb(soaked.rss[Math.round((i / 10) * (soaked.rss.length - 1))]!),
    );
    console.log(
      `\nSoak: ${soakSeconds} s at ${soakRate} req/s (half bookings, half lookups): ${soaked.sent} requests, ${soaked.errors} errors, ` +
        `p99 ${soaked.p99.toFixed(1)} ms, RSS ${mb(soaked.rss[0]!)} MB at start and ${mb(end)} MB at the end; after ${soakWarmupSeconds} s of warm-up, ` +
        `floor ${mb(firstFloor)} MB in the first half and ${mb(lastFloor)} MB in the second (${percent(firstFloor, lastFloor)}), ` +
        `peaks ${mb(firstPeak)} and ${mb(lastPeak)} MB (${percent(firstPeak, lastPeak)}); ` +
        `every tenth of the soak: ${series.join(" → ")} MB`,
    );
    const soakMail = await drainMail();
    if (soaked.errors) console.log(`Soak errors: ${soaked.errorKinds.join(", ")}`);
    console.log(
      `E-mails still unsent when the soak ended: ${soakMail.backlog} (all sent ${soakMail.seconds.toFixed(1)} s later)`,
    );
    if (soaked.errors > 0) failed = true;
    if (growth >= 10)
      console.log("The RSS floor grew by 10% or more after the warm-up: NOT within the target.");
  } finally {
    await server.stop();
  }
} finally {
  await benchSql.end();
  await adminSql.unsafe(`drop database if exists ${name} with (force)`);
  await adminSql.end();
  await throwaway?.destroy();
}
if (failed) {
  console.error("Errors under load.");
  process.exit(1);
}
