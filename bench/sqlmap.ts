// npm run bench:sqlmap — Debian's sqlmap against the tracking lookup and the booking endpoints
// of the production build (both doors of each: the legacy JSON/GET one and the HTML form), with
// the rate limits raised so sqlmap's hundreds of requests are answered. Fails on any parameter
// sqlmap reports as injectable.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../tests/e2e/support/server-process";
import { bookingPayload } from "../tests/e2e/support/api";
import { renderedSubmissionKey } from "../tests/e2e/support/server-http";

if (spawnSync("sqlmap", ["--version"]).status !== 0) {
  console.error("sqlmap is not installed: apt-get install -y sqlmap");
  process.exit(1);
}
if (
  !existsSync("build/start-server.js") &&
  spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0
)
  process.exit(1);

const level = process.env.SQLMAP_LEVEL ?? "3";
const risk = process.env.SQLMAP_RISK ?? "2";
const unlimited = "1000000000";
const server = await startServer({
  PGLITE_DIR: "memory://",
  LOG_LEVEL: "silent",
  RATE_LIMIT_SUBMIT_PER_MIN: unlimited,
  RATE_LIMIT_TRACK_PER_MIN: unlimited,
  BOOKING_SLOT_CAPACITY: unlimited,
});

const booking = bookingPayload();
const booked = await fetch(`${server.url}/api/endpoints/submit_booking.php`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(booking),
});
const { reference } = (await booked.json()) as { reference: string };
const formKey = await renderedSubmissionKey(server.url, "/book-appointment");

const targets: { name: string; args: string[] }[] = [
  {
    name: "GET /api/endpoints/track_repair.php",
    args: [
      "-u",
      `${server.url}/api/endpoints/track_repair.php?id=${reference}&phone=${encodeURIComponent(booking.phone)}`,
    ],
  },
  {
    name: "POST /track-repair (form)",
    args: [
      "-u",
      `${server.url}/track-repair`,
      "--data",
      `repairId=${reference}&phoneNumber=${encodeURIComponent(booking.phone)}`,
    ],
  },
  {
    name: "POST /api/endpoints/submit_booking.php (JSON)",
    args: [
      "-u",
      `${server.url}/api/endpoints/submit_booking.php`,
      "--data",
      JSON.stringify(booking),
    ],
  },
  {
    name: "POST /book-appointment (form)",
    args: [
      "-u",
      `${server.url}/book-appointment`,
      "--data",
      new URLSearchParams({
        ...(booking as Record<string, string>),
        submissionKey: formKey,
      }).toString(),
    ],
  },
];

let injectable = 0;
const version = spawnSync("sqlmap", ["--version"], { encoding: "utf8" })
  .stdout.split("\n")[0]!
  .trim();
console.log(`\n## sqlmap ${version} (level ${level}, risk ${risk}, PostgreSQL payloads)\n`);
console.log("| target | techniques tried | injectable parameters |\n|---|---:|---:|");
const output = mkdtempSync(path.join(os.tmpdir(), "wefix-sqlmap-"));
try {
  for (const target of targets) {
    const run = spawnSync(
      "sqlmap",
      [
        ...target.args,
        "--batch",
        `--level=${level}`,
        `--risk=${risk}`,
        "--dbms=PostgreSQL",
        "--flush-session",
        "--output-dir",
        output,
        "--disable-coloring",
        "-v",
        "1",
        "--headers",
        `Origin: ${server.url}`,
      ],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const text = `${run.stdout}${run.stderr}`;
    const found = [...text.matchAll(/Parameter: (.+?) \(/g)].map((m) => m[1]);
    const techniques = text.match(/\[INFO\] testing '/g)?.length ?? 0;
    const finished =
      /do not appear to be injectable|is not injectable|all tested parameters/.test(text) ||
      found.length > 0;
    if (!finished) {
      console.error(text.slice(-3000));
      throw new Error(`sqlmap did not finish testing ${target.name}`);
    }
    injectable += found.length;
    console.log(
      `| ${target.name} | ${techniques} | ${found.length}${found.length ? ` (${found.join(", ")})` : ""} |`,
    );
  }
} finally {
  rmSync(output, { recursive: true, force: true });
  await server.stop();
}
if (injectable) {
  console.error("\nsqlmap found injectable parameters.");
  process.exit(1);
}
