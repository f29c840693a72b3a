// `npm start`: build once if there is no build yet, then serve it (migrate and seed happen at start).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/start-server.js") || !existsSync("build/server/index.js")) {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../build/start-server.js");
