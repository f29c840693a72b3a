// Runs a server-side command (`npm run admin:password`, …): the built one in build/scripts/ when
// there is a build, the same code the server runs and all a production install has; otherwise the
// TypeScript source through tsx (a development install).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const [name, ...args] = process.argv.slice(2);
const built = `build/scripts/${name}.js`;
const [program, ...programArgs] = existsSync(built)
  ? [process.execPath, built]
  : ["tsx", `scripts/${name}.ts`];
const result = spawnSync(program, [...programArgs, ...args], { stdio: "inherit" });
if (result.error) {
  console.error(`${name}: no build to run (npm run build) and no tsx: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
