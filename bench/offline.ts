// npm run bench (bench:offline): what the service worker costs and gives. Its size, what it
// precaches, and how long a kept page takes to open offline beside the same page online, in one
// run on this machine.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium";
import { startServer } from "../tests/e2e/support/server-process";

const buildDir = process.env.BUILD_DIR ?? "build";
const openings = Number(process.env.BENCH_OFFLINE_OPENINGS ?? 15);
const pages = ["/services/mobile", "/price-list/laptop", "/faq"];

if (!existsSync(path.join(buildDir, "client/sw.js"))) {
  if (
    spawnSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, BUILD_DIR: buildDir },
    }).status !== 0
  )
    process.exit(1);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const worker = readFileSync(path.join(buildDir, "client/sw.js"));
const precached = [
  ...worker.toString().matchAll(/"(assets\/[^"]+|icons\/[^"]+|favicon\.svg)"/g),
].map((m) => m[1]!);
const files = [...new Set(precached)].map((file) =>
  readFileSync(path.join(buildDir, "client", file)),
);
console.log("\n## Service worker\n");
console.log("| measure | value |\n|---|---:|");
console.log(
  `| sw.js (gzipped) | ${kb(gzipSync(worker).length)} KB (${kb(statSync(path.join(buildDir, "client/sw.js")).size)} KB raw) |`,
);
console.log(`| precached files | ${files.length} + the offline page |`);
console.log(
  `| precache (gzipped, as sent) | ${kb(files.reduce((sum, file) => sum + gzipSync(file).length, 0))} KB |`,
);

/** Milliseconds from the start of a full page load to its load event, as the browser counts them. */
async function openingMs(page: Page, route: string) {
  await page.goto(route, { waitUntil: "load" });
  return page.evaluate(() => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return entry!.loadEventEnd - entry!.startTime;
  });
}

const server = await startServer({
  PGLITE_DIR: "memory://",
  NODE_ENV: "production",
  SESSION_SECRET: "bench-secret-bench-secret",
  LOG_LEVEL: "silent",
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "allow" });
  const page = await context.newPage();
  await page.goto("/");
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, {
    timeout: 60_000,
  });
  console.log(
    "\n## Opening a page, online from the server and offline from the service worker (median of",
    openings,
    "loads)\n",
  );
  console.log("| page | online ms | offline ms |\n|---|---:|---:|");
  for (const route of pages) {
    await context.setOffline(false);
    const online: number[] = [];
    for (let n = 0; n < openings; n += 1) online.push(await openingMs(page, route));
    await context.setOffline(true);
    const offline: number[] = [];
    for (let n = 0; n < openings; n += 1) offline.push(await openingMs(page, route));
    console.log(`| ${route} | ${median(online).toFixed(0)} | ${median(offline).toFixed(0)} |`);
  }
} finally {
  await browser.close();
  await server.stop();
}
