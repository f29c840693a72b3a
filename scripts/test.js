// `npm test`: unit and integration tests (PGlite, and real Postgres when TEST_DATABASE_URL is set),
// then a production build driven end to end by Playwright with JavaScript on and off. One stage at
// a time: each keeps both cores busy (the build beside Vitest made the two together slower).
import { spawnSync } from "node:child_process";

const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  ["unit + integration", bin("vitest"), ["run"]],
  ["build", "npm", ["run", "build"]],
  ["end-to-end", bin("playwright"), ["test"]],
];

if (!process.env.TEST_DATABASE_URL) {
  const line = "!".repeat(78);
  console.warn(
    `\n${line}\n!! TEST_DATABASE_URL is not set: the integration tests run on PGlite ONLY.\n` +
      `!! Real Postgres is NOT tested. Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\n${line}\n`,
  );
}

const failed = [];
const times = [];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, CI: process.env.CI ?? "" },
  });
  times.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failed.push(name);
  if (name === "build" && result.status !== 0) break;
}

console.log(`\nTook: ${times.join(", ")}.`);
if (failed.length) {
  console.error(`Failed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log("All test stages passed.");
