// npm run bench (analytics section): what counting a page view costs a page, and the beacon
// endpoint under load. Fails when recording one view costs 1 ms or more.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { openDatabase } from "../db/client";
import { flushAnalytics, recordPageView } from "../app/models/analytics.server";
import { installDatabase } from "../app/server/db.server";
import { documentView, type ServedDocument } from "../app/server/visits.server";
import { startServer, type ServerProcess } from "../tests/e2e/support/server-process";

const samples = Number(process.env.BENCH_SAMPLES ?? 300);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const budgetMs = 1;
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";
const page = "/services/mobile?brand=Apple";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => value.toFixed(3);

/** In process: the work the server does per served document, and the flush that writes it. */
async function recordCost() {
  const handle = await openDatabase({ driver: "pglite", dir: "memory://" });
  await handle.migrate();
  installDatabase(handle);
  const served = (i: number): ServedDocument => ({
    method: "GET",
    url: `/services/mobile?brand=Apple&model=iPhone%20${i % 40}&utm_source=news`,
    status: 200,
    contentType: "text/html; charset=utf-8",
    headers: {
      host: "localhost",
      "user-agent": userAgent,
      referer: i % 3 ? "" : "https://www.google.com/search",
    },
  });
  const record = (i: number) => {
    const view = documentView(served(i));
    if (view) recordPageView(view);
  };
  for (let i = 0; i < 2_000; i++) record(i);
  await flushAnalytics();

  const views = 50_000;
  let started = performance.now();
  for (let i = 0; i < views; i++) record(i);
  const perView = (performance.now() - started) / views;
  started = performance.now();
  await flushAnalytics();
  const flushTypical = performance.now() - started;
  // The worst case: every view a different row, flushed at the 500 keys that start a flush early.
  for (let i = 0; i < 500; i++)
    recordPageView({ path: `/blog/post-${i}`, query: "", referrerHost: "", device: "desktop" });
  started = performance.now();
  await flushAnalytics();
  const flushWorst = performance.now() - started;
  await handle.close();
  return { views, perView, flushTypical, flushWorst };
}

/** Sequential requests for one page, alternating between two servers, timed to the last byte. */
async function alternate(on: ServerProcess, off: ServerProcess) {
  const time = async (server: ServerProcess) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${page}`, { headers: { "user-agent": userAgent } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await Promise.all([time(on), time(off)]);
  const result = { on: [] as number[], off: [] as number[] };
  for (let i = 0; i < samples; i++) {
    // Alternating the order too, so neither server always goes first.
    for (const which of i % 2 ? (["on", "off"] as const) : (["off", "on"] as const))
      result[which].push(await time(which === "on" ? on : off));
  }
  return result;
}

/** Closed-loop POSTs of a typical beacon from `connections` clients. */
async function beaconLoad(server: ServerProcess) {
  const body = JSON.stringify({
    views: [{ path: "/about" }],
    vitals: [
      { path: "/", name: "LCP", value: 1200 },
      { path: "/", name: "CLS", value: 0.02 },
    ],
  });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/analytics`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "user-agent": userAgent },
      }).catch(() => null);
      await response?.arrayBuffer();
      if (response?.status === 204) latencies.push(performance.now() - started);
      else errors += 1;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  return {
    rps: latencies.length / ((performance.now() - began) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** The web-vitals chunk: fetched when the page is idle, so outside the page-load budget. */
function webVitalsChunkKb() {
  const dir = "build/client/assets";
  const file = readdirSync(dir).find((name) => /^web-vitals-.*\.js$/.test(name));
  return file ? gzipSync(readFileSync(`${dir}/${file}`)).length / 1024 : undefined;
}

if (!existsSync("build/start-server.js"))
  throw new Error("Run npm run build (or npm run bench) first.");

const cost = await recordCost();
const perViewMs = cost.perView + cost.flushTypical / cost.views;
console.log("\n## Analytics: cost of counting a page view (in process)\n");
console.log("| measure | ms |\n|---|---:|");
console.log(
  `| classify + buffer one served page (mean of ${cost.views.toLocaleString("en")}) | ${ms(cost.perView)} |`,
);
console.log(
  `| flush of those ${cost.views.toLocaleString("en")} views (one upsert) | ${ms(cost.flushTypical)} |`,
);
console.log(`| flush of 500 distinct rows (worst case, per view) | ${ms(cost.flushWorst / 500)} |`);
console.log(`| **per view, all included** | **${ms(perViewMs)}** |`);

const env = {
  PGLITE_DIR: "memory://",
  NODE_ENV: "production",
  SESSION_SECRET: "bench-secret-bench-secret",
  LOG_LEVEL: "silent",
  RATE_LIMIT_ANALYTICS_PER_MIN: "1000000000",
};
const [on, off] = await Promise.all([startServer(env), startServer({ ...env, ANALYTICS: "off" })]);
try {
  const timed = await alternate(on, off);
  console.log(
    `\n## Analytics: the same page with ANALYTICS on and off (${samples} sequential requests each, alternating, to the last byte)\n`,
  );
  console.log("| server | p50 ms | mean ms | p90 ms |\n|---|---:|---:|---:|");
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  for (const [label, values] of [
    ["ANALYTICS on", timed.on],
    ["ANALYTICS=off", timed.off],
  ] as const) {
    console.log(
      `| ${label} | ${percentile(values, 50).toFixed(2)} | ${mean(values).toFixed(2)} | ${percentile(values, 90).toFixed(2)} |`,
    );
  }
  console.log(
    `| difference (on − off) | ${(percentile(timed.on, 50) - percentile(timed.off, 50)).toFixed(2)} | ${(mean(timed.on) - mean(timed.off)).toFixed(2)} | |`,
  );

  const load = await beaconLoad(on);
  console.log(
    `\n## Analytics: POST /api/analytics (${connections} clients, ${seconds} s, one view and two measurements each)\n`,
  );
  console.log("| req/s | p50 ms | p99 ms | errors |\n|---:|---:|---:|---:|");
  console.log(
    `| ${load.rps.toFixed(0)} | ${load.p50.toFixed(1)} | ${load.p99.toFixed(1)} | ${load.errors} |`,
  );
  const chunk = webVitalsChunkKb();
  if (chunk !== undefined)
    console.log(
      `\nweb-vitals chunk: ${chunk.toFixed(1)} KB gzipped, fetched when the page is idle after load (not part of the page-load budget).`,
    );
} finally {
  await Promise.all([on.stop(), off.stop()]);
}

if (perViewMs >= budgetMs) {
  console.error(
    `\nCounting a page view costs ${ms(perViewMs)} ms: over the ${budgetMs} ms budget.`,
  );
  process.exit(1);
}
