// npm run bench: page weight against the budget and Lighthouse scores of the production build
// (bench/throughput.ts, next in npm run bench, measures requests per second).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase } from "../db/client";
import { seedShopDevices } from "../seeds/shop-devices";
import { startServer } from "../tests/e2e/support/server-process";
import { lighthouseCategories, scorePage } from "./support/lighthouse";

const budget = { jsKb: 100, cssKb: 20 };
const weighedRoutes = [
  "/",
  "/about",
  "/services",
  "/services/mobile",
  "/price-list/mobile",
  "/price-list/laptop",
  "/book-appointment",
  "/contact",
  "/sell",
  "/faq",
  "/track-repair",
  "/blog",
  "/terms",
  "/privacy-policy",
  "/shop",
];
const lighthouseRoutes = [
  "/",
  "/services/mobile",
  "/price-list/laptop",
  "/book-appointment",
  "/faq",
  "/blog/top-7-signs-phone-needs-repair",
  "/contact",
  "/sell",
  "/shop",
];
const lighthouseTarget = 95;

/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`, as minified code writes them. */
const staticImport = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+\.js)["']/g;
const dynamicImport = /\bimport\(\s*["']([^"']+\.js)["']\s*\)/g;

/**
 * The scripts a page loads before it is ready: its own and every chunk they import statically
 * (the public page script's split-off chunks), followed recursively; and, apart, the chunks its
 * code may fetch later with import(), with what those import in turn.
 */
async function scriptGraph(entries: string[]) {
  const sources = new Map<string, string>();
  const read = async (href: string) => {
    if (!sources.has(href)) sources.set(href, await (await fetch(href)).text());
    return sources.get(href)!;
  };
  const closure = async (start: Iterable<string>) => {
    const seen = new Set<string>();
    const dynamic = new Set<string>();
    const queue = [...start];
    for (let href = queue.pop(); href; href = queue.pop()) {
      if (seen.has(href)) continue;
      seen.add(href);
      const source = await read(href);
      for (const m of source.matchAll(staticImport)) queue.push(new URL(m[1]!, href).href);
      for (const m of source.matchAll(dynamicImport)) dynamic.add(new URL(m[1]!, href).href);
    }
    return { seen, dynamic };
  };
  const eager = await closure(entries);
  const later = new Set<string>();
  let pending = [...eager.dynamic];
  while (pending.length) {
    const next = await closure(pending);
    for (const href of next.seen) if (!eager.seen.has(href)) later.add(href);
    pending = [...next.dynamic].filter((href) => !later.has(href) && !eager.seen.has(href));
  }
  return { eager: eager.seen, later };
}

if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/start-server.js`)) {
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

// A production server lists no sample devices; /shop and a device's page are measured with them.
const dataDir = await mkdtemp(path.join(os.tmpdir(), "wefix-bench-"));
const seeded = await openDatabase({ driver: "pglite", dir: dataDir });
try {
  await seeded.migrate();
  await seedShopDevices(seeded.db);
} finally {
  await seeded.close();
}

const server = await startServer({
  PGLITE_DIR: dataDir,
  NODE_ENV: "production",
  SESSION_SECRET: "bench-secret-bench-secret",
  LOG_LEVEL: "silent",
});
let failed = false;
try {
  console.log(
    `\n## Page weight (gzipped; budget ${budget.jsKb} KB JS, ${budget.cssKb} KB CSS; later JS is what the page's script may fetch after load with import(), not counted)\n`,
  );
  console.log("| route | JS KB | later JS KB | CSS KB | HTML KB |\n|---|---:|---:|---:|---:|");
  const gz = async (href: string) =>
    gzipSync(Buffer.from(await (await fetch(new URL(href, server.url))).arrayBuffer())).length /
    1024;
  for (const route of weighedRoutes) {
    const html = await (await fetch(`${server.url}${route}`)).text();
    const entries = [
      ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
    ].map((m) => new URL(m[1]!, server.url).href);
    const { eager, later } = await scriptGraph(entries);
    const styles = new Set(
      [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)].map((m) => m[1]!),
    );
    let js = 0;
    for (const href of eager) js += await gz(href);
    let laterJs = 0;
    for (const href of later) laterJs += await gz(href);
    let css = 0;
    for (const href of styles) css += await gz(href);
    const over = js > budget.jsKb || css > budget.cssKb;
    failed ||= over;
    console.log(
      `| ${route} | ${js.toFixed(1)} | ${laterJs.toFixed(1)} | ${css.toFixed(1)} | ${(gzipSync(html).length / 1024).toFixed(1)} |${over ? " OVER BUDGET" : ""}`,
    );
  }

  console.log(
    `\n## Lighthouse 12, mobile, the median of five runs (target ${lighthouseTarget} in every category; the LCP image and every image sized)\n`,
  );
  console.log(
    `| route | ${lighthouseCategories.join(" | ")} | LCP image sized |\n|---|${lighthouseCategories.map(() => "---:").join("|")}|---|`,
  );
  const unsized: string[] = [];
  const shop = await (await fetch(`${server.url}/shop`)).text();
  const devicePage = /href="(\/shop\/[^"/]+-[^"/]+)"/.exec(shop)?.[1];
  if (!devicePage) throw new Error("/shop lists no device to measure");
  for (const route of [...lighthouseRoutes, devicePage]) {
    const { scores, images } = await scorePage(`${server.url}${route}`);
    const below = lighthouseCategories.some((name) => scores[name] < lighthouseTarget);
    const sized = !images.lcpImageUnsized && images.unsizedImages.length === 0;
    failed ||= below || !sized;
    if (images.lcpImageUnsized)
      unsized.push(
        `${route}: the LCP element ${images.lcpImageUnsized} has no width and height attributes`,
      );
    for (const image of images.unsizedImages) unsized.push(`${route}: unsized image ${image}`);
    const lcpTag = /^<(\w+)/.exec(images.lcpElement ?? "")?.[1];
    const lcpColumn = !sized
      ? "NO"
      : lcpTag === "img"
        ? "yes"
        : `yes (LCP is ${lcpTag ? `<${lcpTag}>` : "unknown"})`;
    console.log(
      `| ${route} | ${lighthouseCategories.map((name) => scores[name]).join(" | ")} | ${lcpColumn} |${below ? " BELOW TARGET" : ""}`,
    );
  }
  for (const line of unsized) console.log(`  ${line}`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(
    "\nA page is over its JavaScript or CSS budget, below the Lighthouse target, or has an image without a size.",
  );
  process.exit(1);
}
