import { spawnSync } from "node:child_process";

/**
 * The test server's port: E2E_PORT, or one no other process holds, found once by Playwright's
 * runner and inherited by its workers through E2E_PORT (they load the config again), so that two
 * checkouts can test at once.
 */
process.env.E2E_PORT ??= spawnSync(
  process.execPath,
  [
    "-e",
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
  ],
  { encoding: "utf8" },
).stdout.trim();

export const e2ePort = Number(process.env.E2E_PORT);
