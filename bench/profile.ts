// npm run bench:profile: where a page rendered per request spends its CPU. Starts the production
// build under `node --cpu-prof` with PAGE_CACHE=off, loads each page with wrk in turn, and splits
// the main thread's samples of each row into the stages of a request (CPU ms per request).
// PROFILE_SECONDS (default 5) per page; PROFILE_ROUTES (comma-separated) replaces the pages.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../tests/e2e/support/server-process";
import { runWrk } from "./support/wrk";

const routes = process.env.PROFILE_ROUTES?.split(",") ?? [
  "/book-appointment",
  "/track-repair",
  "/faq",
  "/price-list/laptop",
];
const seconds = Number(process.env.PROFILE_SECONDS ?? 5);
const headers = { "accept-encoding": "br, gzip" };
const buildDir = process.env.BUILD_DIR ?? "build";

if (!existsSync(`${buildDir}/start-server.js`)) {
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

type Frame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/**
 * Stages, most specific first: a sample belongs to the first whose test holds for any frame of
 * its stack. What is left goes to the deepest frame's library.
 */
const stages: [string, (frame: Frame) => boolean][] = [
  ["React rendering (components included)", (f) => f.url.includes("react-dom")],
  [
    "root loader: toast cookie",
    (f) =>
      f.url.includes("react-router") &&
      /^(parse|serialize|getSession|.*[Cc]ookie.*)$/.test(f.functionName),
  ],
  [
    "loaders (database included)",
    (f) => ["callLoaderOrAction", "callDataStrategyImpl"].includes(f.functionName),
  ],
  [
    "route matching",
    (f) =>
      ["matchRoutes", "matchRoutesImpl", "flattenRoutes", "rankRouteBranches"].includes(
        f.functionName,
      ),
  ],
  [
    "loader data encoding (turbo-stream)",
    (f) => f.url.includes("turbo-stream") || /^(encode|flatten|stringify)$/.test(f.functionName),
  ],
  ["gzip/brotli of the response", (f) => f.url.includes("compression") || f.url === "node:zlib"],
  ["web Request/Response and headers (undici)", (f) => f.url.includes("undici")],
];
const libraries: [string, RegExp][] = [
  ["React Router request handling", /react-router/],
  ["our middleware (request id, log, security headers, gate, page views)", /start-server\.js/],
  [
    "Express",
    /node_modules\/(express|send|serve-static|router|finalhandler|on-finished|on-headers|parseurl|accepts|negotiator)/,
  ],
  ["HTTP parsing and socket writes", /^node:(_http|net|internal\/stream_base)/],
];

function stageOf(stack: Frame[]): string {
  for (const [name, test] of stages) if (stack.some(test)) return name;
  for (const frame of stack) {
    if (frame.functionName === "(garbage collector)") return "garbage collection";
    const library = libraries.find(([, pattern]) => pattern.test(frame.url));
    if (library) return library[0];
  }
  return "other: PGlite's engine, promise plumbing, V8";
}

const dir = mkdtempSync(path.join(os.tmpdir(), "wefix-profile-"));
const server = await startServer(
  {
    PGLITE_DIR: "memory://",
    NODE_ENV: "production",
    SESSION_SECRET: "bench-secret-bench-secret",
    LOG_LEVEL: "silent",
    PAGE_CACHE: "off",
  },
  ["--cpu-prof", `--cpu-prof-dir=${dir}`],
);
const windows: { route: string; from: number; to: number; requests: number }[] = [];
try {
  for (const route of routes) {
    runWrk(`${server.url}${route}`, { connections: 16, seconds: 1, headers }); // warm-up
    // The profile's clock is this machine's monotonic clock in microseconds, as hrtime's is.
    const from = Number(process.hrtime.bigint() / 1000n);
    const row = runWrk(`${server.url}${route}`, { connections: 16, seconds, headers });
    windows.push({
      route,
      from,
      to: Number(process.hrtime.bigint() / 1000n),
      requests: row.requests,
    });
  }
} finally {
  await server.stop();
}

// The main thread's profile: thread 0 (the mail thread writes one of its own).
const file = readdirSync(dir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
if (!file) throw new Error(`no main-thread profile in ${dir}`);
const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
rmSync(dir, { recursive: true, force: true });
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);
const stackOf = (id: number) => {
  const stack: Frame[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
    stack.push(nodes.get(at)!.callFrame);
  return stack;
};

const perRoute = new Map(windows.map((w) => [w.route, new Map<string, number>()]));
let time = profile.startTime;
for (const [i, sample] of profile.samples.entries()) {
  const delta = profile.timeDeltas[i] ?? 0;
  time += delta;
  const window = windows.find((w) => time >= w.from && time < w.to);
  const leaf = nodes.get(sample)!.callFrame.functionName;
  if (!window || leaf === "(idle)") continue;
  const stage = stageOf(stackOf(sample));
  const totals = perRoute.get(window.route)!;
  totals.set(stage, (totals.get(stage) ?? 0) + delta / 1000);
}

const overall = (stage: string) =>
  windows.reduce((sum, w) => sum + (perRoute.get(w.route)!.get(stage) ?? 0) / w.requests, 0);
const stageNames = [
  ...new Set([...perRoute.values()].flatMap((totals) => [...totals.keys()])),
].sort((a, b) => overall(b) - overall(a));
console.log(
  `\n## Main-thread CPU per request, by stage (node --cpu-prof, PAGE_CACHE=off, 16 connections, ${seconds} s per page)\n`,
);
console.log(
  `| stage | ${windows.map((w) => w.route).join(" | ")} |\n|---|${windows.map(() => "---:").join("|")}|`,
);
for (const stage of stageNames) {
  console.log(
    `| ${stage} | ${windows.map((w) => ((perRoute.get(w.route)!.get(stage) ?? 0) / w.requests).toFixed(3)).join(" | ")} |`,
  );
}
console.log(
  `| **total (ms per request)** | ${windows.map((w) => `**${([...perRoute.get(w.route)!.values()].reduce((sum, ms) => sum + ms, 0) / w.requests).toFixed(2)}**`).join(" | ")} |`,
);
console.log(`| requests profiled | ${windows.map((w) => w.requests).join(" | ")} |`);
