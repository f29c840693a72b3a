// npm run bench:throughput (part of npm run bench): the content pages (served from the page cache,
// decision 0023) side by side with a bare node:http server sending the same bytes, at their peak
// (wrk, closed loop) and at a steady 50 req/s; the booking and contact forms (from the page cache
// with a key of their own, decision 0037) against their budget of CPU per request; then what a
// page rendered per request costs: the content pages with PAGE_CACHE=off and the dynamic pages
// (the forms, tracking), in CPU ms of the app process per request. BEFORE_BUILD_DIR=<an older build> (built beside, e.g. of the
// commit before a change) measures those and a kept page's CPU per request on it as well.
// Everything runs on this machine's cores, the load generator included.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startServer, type ServerProcess } from "../tests/e2e/support/server-process";
import { steadyLoad } from "./support/load";
import { cpuMsOf, runWrk } from "./support/wrk";

const contentRoutes = ["/", "/services/mobile", "/faq", "/price-list/laptop"];
const formRoutes = ["/book-appointment", "/contact"];
const dynamicRoutes = [...formRoutes, "/track-repair"];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const steadyRate = 50;
const steadySeconds = Number(process.env.STEADY_SECONDS ?? 10);
const target = { shareOfNodeHttp: 0.25, steadyP99Ms: 30, formCpuMs: 5 };
/** What browsers send; the app and node:http then send the same brotli bytes. */
const headers = { "accept-encoding": "br, gzip" };
const buildDir = process.env.BUILD_DIR ?? "build";
const beforeBuildDir = process.env.BEFORE_BUILD_DIR;

if (!existsSync(`${buildDir}/start-server.js`)) {
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

const start = (env: Record<string, string> = {}) =>
  startServer({
    PGLITE_DIR: "memory://",
    NODE_ENV: "production",
    SESSION_SECRET: "bench-secret-bench-secret",
    LOG_LEVEL: "silent",
    ...env,
  });

/** A wrk row with the server's CPU time per request. */
function measured(url: string, pid: number) {
  runWrk(url, { connections, seconds: 1, headers }); // warm-up: JIT, and the page cache's first render
  const before = cpuMsOf(pid);
  const row = runWrk(url, { connections, seconds, headers });
  return { ...row, cpuMs: (cpuMsOf(pid) - before) / row.requests };
}

/** A bare node:http server answering each route with the bytes the app sent for it. */
async function nodeHttpBaseline(server: ServerProcess) {
  const recorded: Record<string, { headers: Record<string, string>; body: string }> = {};
  for (const route of contentRoutes) {
    // node:http rather than fetch, which would decode the body.
    const { sent, body } = await new Promise<{ sent: Record<string, string>; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(`${server.url}${route}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              const kept: Record<string, string> = {
                "content-type": res.headers["content-type"] ?? "text/html",
              };
              if (res.headers["content-encoding"])
                kept["content-encoding"] = res.headers["content-encoding"];
              resolve({ sent: kept, body: Buffer.concat(chunks) });
            });
          })
          .on("error", reject);
      },
    );
    recorded[route] = { headers: sent, body: body.toString("base64") };
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "wefix-bench-")), "pages.json");
  writeFileSync(file, JSON.stringify(recorded));
  const child = spawn(process.execPath, ["bench/support/static-server.mjs", file], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve) =>
    child.once("message", (m: { port: number }) => resolve(m.port)),
  );
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
let failed = false;

console.log(
  `\nLoad average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} (1 / 5 / 15 min) on ${os.cpus().length} cores.`,
);
/** A kept page's CPU per request on this build, by route, to set beside an older build's. */
const keptCpuMs = new Map<string, number>();
const server = await start();
try {
  const baseline = await nodeHttpBaseline(server);
  try {
    console.log(
      `\n## Content pages at their peak (${connections} keep-alive connections, ${seconds} s per row, Accept-Encoding: ${headers["accept-encoding"]})\n`,
    );
    console.log(
      "| route | app req/s | app p99 ms | app CPU ms/req | node:http req/s | node:http p99 ms | node:http CPU ms/req | app / node:http |\n|---|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const route of contentRoutes) {
      const app = measured(`${server.url}${route}`, server.child.pid!);
      const bare = measured(`${baseline.url}${route}`, baseline.pid);
      keptCpuMs.set(route, app.cpuMs);
      const share = app.rps / bare.rps;
      const missed = share < target.shareOfNodeHttp || app.non2xx + app.socketErrors > 0;
      failed ||= missed;
      console.log(
        `| ${route} | ${fixed(app.rps, 0)} | ${fixed(app.p99)} | ${fixed(app.cpuMs, 3)} | ${fixed(bare.rps, 0)} | ${fixed(bare.p99)} | ${fixed(bare.cpuMs, 3)} | ${fixed(share * 100)}% |` +
          `${missed ? ` BELOW ${target.shareOfNodeHttp * 100}% OR ERRORS (${app.non2xx} non-2xx, ${app.socketErrors} socket)` : ""}`,
      );
    }
  } finally {
    baseline.stop();
  }

  console.log(
    `\n## Content pages at a steady ${steadyRate} req/s (${steadySeconds} s per row; target p99 <= ${target.steadyP99Ms} ms)\n`,
  );
  console.log("| route | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|");
  for (const route of contentRoutes) {
    const steady = await steadyLoad(`${server.url}${route}`, {
      rate: steadyRate,
      seconds: steadySeconds,
      headers,
    });
    const missed = !(steady.p99 <= target.steadyP99Ms) || steady.errors > 0;
    failed ||= missed;
    console.log(
      `| ${route} | ${fixed(steady.p50)} | ${fixed(steady.p99)} | ${steady.errors} |${missed ? " OVER TARGET OR ERRORS" : ""}`,
    );
  }

  console.log(
    `\n## The forms (${connections} connections, ${seconds} s per row; target CPU <= ${target.formCpuMs} ms per request)\n`,
  );
  console.log("| route | req/s | p99 ms | CPU ms/req |\n|---|---:|---:|---:|");
  for (const route of formRoutes) {
    const row = measured(`${server.url}${route}`, server.child.pid!);
    const missed = !(row.cpuMs <= target.formCpuMs) || row.non2xx + row.socketErrors > 0;
    failed ||= missed;
    console.log(
      `| ${route} | ${fixed(row.rps, 0)} | ${fixed(row.p99)} | ${fixed(row.cpuMs, 3)} |${missed ? " OVER BUDGET OR ERRORS" : ""}`,
    );
  }
} finally {
  await server.stop();
}

if (beforeBuildDir) {
  const before = await start({ BUILD_DIR: beforeBuildDir });
  try {
    console.log(
      `\n## A kept page's CPU per request, this build and ${beforeBuildDir} (${connections} connections, ${seconds} s per row)\n`,
    );
    console.log(
      `| route | this build: CPU ms/req | ${beforeBuildDir}: req/s | CPU ms/req |\n|---|---:|---:|---:|`,
    );
    for (const route of contentRoutes) {
      const row = measured(`${before.url}${route}`, before.child.pid!);
      console.log(
        `| ${route} | ${fixed(keptCpuMs.get(route)!, 3)} | ${fixed(row.rps, 0)} | ${fixed(row.cpuMs, 3)} |`,
      );
    }
  } finally {
    await before.stop();
  }
}

/** Pages rendered for every request: their CPU per request, on this build and optionally on an older one. */
const builds = [
  { label: "this build", env: {} as Record<string, string> },
  ...(beforeBuildDir ? [{ label: beforeBuildDir, env: { BUILD_DIR: beforeBuildDir } }] : []),
];
const rendered = new Map<string, Map<string, ReturnType<typeof measured>>>();
// All builds up at once (started one after the other), each route measured on one and then the
// other: the machine's load drifts less between them.
const uncached: ServerProcess[] = [];
for (const build of builds) uncached.push(await start({ ...build.env, PAGE_CACHE: "off" }));
try {
  for (const route of [...dynamicRoutes, ...contentRoutes]) {
    rendered.set(route, new Map());
    for (const [i, build] of builds.entries()) {
      const app = uncached[i]!;
      rendered.get(route)!.set(build.label, measured(`${app.url}${route}`, app.child.pid!));
    }
  }
} finally {
  await Promise.all(uncached.map((app) => app.stop()));
}
console.log(
  `\n## Pages rendered per request (PAGE_CACHE=off; ${connections} connections, ${seconds} s per row)\n`,
);
console.log(
  `| route | ${builds.map((b) => `${b.label}: req/s | p99 ms | CPU ms/req`).join(" | ")} |\n|---|${builds.map(() => "---:|---:|---:").join("|")}|`,
);
for (const [route, rows] of rendered) {
  console.log(
    `| ${route} | ${builds
      .map((b) => rows.get(b.label)!)
      .map((r) => `${fixed(r.rps, 0)} | ${fixed(r.p99)} | ${fixed(r.cpuMs, 2)}`)
      .join(" | ")} |`,
  );
}

if (failed) {
  console.error(
    `\nA content page reached less than ${target.shareOfNodeHttp * 100}% of node:http, answered an error, or its p99 at ${steadyRate} req/s passed ${target.steadyP99Ms} ms; or a form cost more than ${target.formCpuMs} ms of CPU per request.`,
  );
  process.exit(1);
}
