// npm run bench: page weight against the budget and Lighthouse scores of the production build
// (bench/throughput.ts, next in npm run bench, measures requests per second).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
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
  "/faq",
  "/track-repair",
  "/blog",
  "/terms",
  "/privacy-policy",
];
const lighthouseRoutes = [
  "/",
  "/services/mobile",
  "/price-list/laptop",
  "/book-appointment",
  "/faq",
  "/blog/top-7-signs-phone-needs-repair",
  "/contact",
];
const lighthouseTarget = 95;

if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/start-server.js`)) {
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

const server = await startServer({
  PGLITE_DIR: "memory://",
  NODE_ENV: "production",
  SESSION_SECRET: "bench-secret-bench-secret",
  LOG_LEVEL: "silent",
});
let failed = false;
try {
  console.log(`\n## Page weight (gzipped; budget ${budget.jsKb} KB JS, ${budget.cssKb} KB CSS)\n`);
  console.log("| route | JS KB | CSS KB | HTML KB |\n|---|---:|---:|---:|");
  const gz = async (href: string) =>
    gzipSync(Buffer.from(await (await fetch(new URL(href, server.url))).arrayBuffer())).length /
    1024;
  for (const route of weighedRoutes) {
    const html = await (await fetch(`${server.url}${route}`)).text();
    const scripts = new Set(
      [
        ...html.matchAll(
          /<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g,
        ),
      ].map((m) => m[1]!),
    );
    for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(m[1]!);
    for (const m of html.matchAll(/import [^"]*"([^"]+\.js)"/g)) scripts.add(m[1]!);
    const styles = new Set(
      [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)].map((m) => m[1]!),
    );
    let js = 0;
    for (const href of scripts) js += await gz(href);
    let css = 0;
    for (const href of styles) css += await gz(href);
    const over = js > budget.jsKb || css > budget.cssKb;
    failed ||= over;
    console.log(
      `| ${route} | ${js.toFixed(1)} | ${css.toFixed(1)} | ${(gzipSync(html).length / 1024).toFixed(1)} |${over ? " OVER BUDGET" : ""}`,
    );
  }

  console.log(
    `\n## Lighthouse 12, mobile (target ${lighthouseTarget} in every category; the LCP image and every image sized)\n`,
  );
  console.log(
    `| route | ${lighthouseCategories.join(" | ")} | LCP image sized |\n|---|${lighthouseCategories.map(() => "---:").join("|")}|---|`,
  );
  const unsized: string[] = [];
  for (const route of lighthouseRoutes) {
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
}
if (failed) {
  console.error(
    "\nA page is over its JavaScript or CSS budget, below the Lighthouse target, or has an image without a size.",
  );
  process.exit(1);
}
