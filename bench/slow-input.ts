// npm run bench:slow-input — what requests built to make validation slow add to everyone else's
// answers. The production build gets every hostile body at once, round after round, while
// /healthz is asked one check after another; the slowest of 20 checks during the attack is
// compared with the slowest of 20 just before it, so a busy machine slows both sides.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { hostileRequests, underAttack } from "../tests/e2e/support/hostile-input";
import { startServer } from "../tests/e2e/support/server-process";

/** The bar: what hostile requests may add to the slowest health check. */
const healthBudgetMs = 100;
/** A refusal costs far less than this; before the fix, one cost 20 s. */
const hostileBudgetMs = 1_000;
const rows = 3;

if (
  !existsSync("build/start-server.js") &&
  spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0
)
  process.exit(1);

const server = await startServer({
  PGLITE_DIR: "memory://",
  LOG_LEVEL: "silent",
  RATE_LIMIT_SUBMIT_PER_MIN: "1000000",
});
const added: number[] = [];
let failed = false;
try {
  const requests = await hostileRequests(server.url);
  // An unmeasured round first: a page's first render compiles its code.
  for (const { send } of requests) await send();

  console.log(
    `\n## Hostile input (budget: +${healthBudgetMs} ms on the slowest /healthz, each refusal under ${hostileBudgetMs} ms; the median of ${rows} rows is judged)\n`,
  );
  console.log(
    "| row | slowest /healthz quiet ms | slowest during ms | added ms | slowest refusal ms | statuses |\n|---:|---:|---:|---:|---:|---|",
  );
  for (let row = 1; row <= rows; row++) {
    const { quiet, during, answers } = await underAttack(server.url, requests);
    const slowestQuiet = Math.max(...quiet);
    const slowestDuring = Math.max(...during.map(({ ms }) => ms));
    const slowestRefusal = Math.max(...answers.map(({ ms }) => ms));
    const statuses = [...new Set(answers.map(({ status }) => status))].sort().join(", ");
    const refused = answers.every(({ status }) => status >= 400 && status < 500);
    const healthy = during.every(({ status }) => status === 200) && during.length >= 20;
    failed ||= !refused || !healthy || slowestRefusal >= hostileBudgetMs;
    added.push(slowestDuring - slowestQuiet);
    console.log(
      `| ${row} | ${slowestQuiet.toFixed(1)} | ${slowestDuring.toFixed(1)} | ${(slowestDuring - slowestQuiet).toFixed(1)} | ${slowestRefusal.toFixed(1)} | ${statuses} |${refused && healthy ? "" : " FAILED"}`,
    );
  }
} finally {
  await server.stop();
}
const median = added.sort((a, b) => a - b)[Math.floor(added.length / 2)]!;
console.log(`\nMedian added to the slowest /healthz: ${median.toFixed(1)} ms`);
if (failed || median >= healthBudgetMs) {
  console.error("Hostile input slowed the server past its budget, or was not refused.");
  process.exit(1);
}
