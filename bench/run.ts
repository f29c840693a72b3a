// npm run bench: page weight against the budget, Lighthouse scores, then HTTP throughput of the production build
// side by side with a bare node:http server sending the same bytes, in one run on this machine.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServer } from "../tests/e2e/support/server-process";
import { lighthouseCategories, scorePage } from "./support/lighthouse";
import { runLoad } from "./support/load";

const budget = { jsKb: 100, cssKb: 20 };
const weighedRoutes = ["/", "/about", "/services", "/services/mobile", "/price-list/mobile", "/price-list/laptop", "/book-appointment", "/contact", "/faq", "/track-repair", "/blog", "/terms", "/privacy-policy"];
const lighthouseRoutes = ["/", "/services/mobile", "/price-list/laptop", "/book-appointment", "/faq", "/blog/top-7-signs-phone-needs-repair", "/contact"];
const lighthouseTarget = 95;
const loadRoutes = ["/", "/services/mobile", "/faq"];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

if (!existsSync("build/start-server.js")) {
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

const server = await startServer({ PGLITE_DIR: "memory://", NODE_ENV: "production", SESSION_SECRET: "bench-secret-bench-secret", LOG_LEVEL: "silent" });
let failed = false;
try {
  console.log(`\n## Page weight (gzipped; budget ${budget.jsKb} KB JS, ${budget.cssKb} KB CSS)\n`);
  console.log("| route | JS KB | CSS KB | HTML KB |\n|---|---:|---:|---:|");
  const gz = async (href: string) => gzipSync(Buffer.from(await (await fetch(new URL(href, server.url))).arrayBuffer())).length / 1024;
  for (const route of weighedRoutes) {
    const html = await (await fetch(`${server.url}${route}`)).text();
    const scripts = new Set([...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!));
    for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(m[1]!);
    for (const m of html.matchAll(/import [^"]*"([^"]+\.js)"/g)) scripts.add(m[1]!);
    const styles = new Set([...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)].map((m) => m[1]!));
    let js = 0;
    for (const href of scripts) js += await gz(href);
    let css = 0;
    for (const href of styles) css += await gz(href);
    const over = js > budget.jsKb || css > budget.cssKb;
    failed ||= over;
    console.log(`| ${route} | ${js.toFixed(1)} | ${css.toFixed(1)} | ${(gzipSync(html).length / 1024).toFixed(1)} |${over ? " OVER BUDGET" : ""}`);
  }

  console.log(`\n## Lighthouse 12, mobile (target ${lighthouseTarget} in every category; the LCP image and every image sized)\n`);
  console.log(`| route | ${lighthouseCategories.join(" | ")} | LCP image sized |\n|---|${lighthouseCategories.map(() => "---:").join("|")}|---|`);
  const unsized: string[] = [];
  for (const route of lighthouseRoutes) {
    const { scores, images } = await scorePage(`${server.url}${route}`);
    const below = lighthouseCategories.some((name) => scores[name] < lighthouseTarget);
    const sized = !images.lcpImageUnsized && images.unsizedImages.length === 0;
    failed ||= below || !sized;
    if (images.lcpImageUnsized) unsized.push(`${route}: the LCP element ${images.lcpImageUnsized} has no width and height attributes`);
    for (const image of images.unsizedImages) unsized.push(`${route}: unsized image ${image}`);
    const lcpTag = /^<(\w+)/.exec(images.lcpElement ?? "")?.[1];
    const lcpColumn = !sized ? "NO" : lcpTag === "img" ? "yes" : `yes (LCP is ${lcpTag ? `<${lcpTag}>` : "unknown"})`;
    console.log(`| ${route} | ${lighthouseCategories.map((name) => scores[name]).join(" | ")} | ${lcpColumn} |${below ? " BELOW TARGET" : ""}`);
  }
  for (const line of unsized) console.log(`  ${line}`);

  const recorded: Record<string, { headers: Record<string, string>; body: string }> = {};
  for (const route of loadRoutes) {
    const response = await fetch(`${server.url}${route}`, { headers: { "accept-encoding": "identity" } });
    recorded[route] = { headers: { "content-type": response.headers.get("content-type") ?? "text/html" }, body: Buffer.from(await response.arrayBuffer()).toString("base64") };
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "wefix-bench-")), "pages.json");
  writeFileSync(file, JSON.stringify(recorded));
  const baseline = spawn(process.execPath, ["bench/support/static-server.mjs", file], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const baselinePort = await new Promise<number>((resolve) => baseline.once("message", (m: { port: number }) => resolve(m.port)));

  console.log(`\n## HTTP throughput (${connections} keep-alive connections, ${seconds} s per row, load generator on the same 2 cores)\n`);
  console.log("| route | app req/s | app p99 ms | node:http req/s | node:http p99 ms | app / node:http |\n|---|---:|---:|---:|---:|---:|");
  for (const route of loadRoutes) {
    await runLoad(`${server.url}${route}`, { connections, seconds: 1 }); // warm-up
    const app = await runLoad(`${server.url}${route}`, { connections, seconds });
    const bare = await runLoad(`http://127.0.0.1:${baselinePort}${route}`, { connections, seconds });
    console.log(
      `| ${route} | ${app.rps.toFixed(0)} | ${app.p99.toFixed(1)} | ${bare.rps.toFixed(0)} | ${bare.p99.toFixed(1)} | ${((app.rps / bare.rps) * 100).toFixed(1)}% |`,
    );
    if (app.errors) console.log(`  ${app.errors} failed requests on ${route}`);
  }
  baseline.kill("SIGTERM");
} finally {
  await server.stop();
}
if (failed) {
  console.error("\nA page is over its JavaScript or CSS budget, below the Lighthouse target, or has an image without a size.");
  process.exit(1);
}
