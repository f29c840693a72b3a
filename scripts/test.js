// `npm test`: unit and integration tests (PGlite, and real Postgres when TEST_DATABASE_URL is set),
// then a production build driven end to end by Playwright with JavaScript on and off. The build
// runs beside the unit and integration tests: it is mostly one process on one core, and they leave
// a core idle whenever their last file runs alone.
import { spawn } from "node:child_process";

const bin = (name) => `node_modules/.bin/${name}`;
const env = { ...process.env, CI: process.env.CI ?? "" };

if (!process.env.TEST_DATABASE_URL) {
  const line = "!".repeat(78);
  console.warn(
    `\n${line}\n!! TEST_DATABASE_URL is not set: the integration tests run on PGlite ONLY.\n` +
      `!! Real Postgres is NOT tested. Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\n${line}\n`,
  );
}

/** Runs a stage; `quiet` keeps its output until it ends, so two stages never interleave. */
function stage(name, command, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { env, stdio: quiet ? "pipe" : "inherit" });
    let output = "";
    if (quiet) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.once("close", (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n=== ${name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds} s ===`);
      if (quiet) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

console.log("\n=== unit + integration, and the build beside them ===");
const [tested, built] = await Promise.all([
  stage("unit + integration", bin("vitest"), ["run"]),
  stage("build", "npm", ["run", "build"], { quiet: true }),
]);
const failed = [...(tested ? [] : ["unit + integration"]), ...(built ? [] : ["build"])];
if (built) {
  console.log("\n=== end-to-end ===");
  if (!(await stage("end-to-end", bin("playwright"), ["test"]))) failed.push("end-to-end");
}

if (failed.length) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log("\nAll test stages passed.");
