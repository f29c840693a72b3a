// `npm start`: build once if there is no build yet, then serve it (migrate and seed happen at start).
// A first start on a developer's machine prints a few lines: that it is building, the development
// password, the address. Warnings and errors still show; LOG_LEVEL=info brings the JSON log back.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/start-server.js") || !existsSync("build/server/index.js")) {
  console.info("Building the site (the first start only; this takes a few minutes)…");
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_QUIET: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!process.env.LOG_LEVEL && process.env.NODE_ENV !== "production") process.env.LOG_LEVEL = "warn";
await import("../build/start-server.js");
