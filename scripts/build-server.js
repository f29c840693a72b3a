// Bundles server/index.ts (and the app/lib modules it uses) next to the Remix build.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: `${process.env.BUILD_DIR ?? "build"}/start-server.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
