// Bundles server/index.ts and the mail thread's entry (and the app modules they use) next to
// the Remix build.
import { build } from "esbuild";

await build({
  entryPoints: { "start-server": "server/index.ts", "mail-thread": "server/mail-thread.ts" },
  outdir: process.env.BUILD_DIR ?? "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
