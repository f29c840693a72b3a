// Builds the public pages' one script (app/browser/public-page.ts) after the app build: an ES
// module with the parts it loads later split off, hashed into build/client/assets. It names the
// entry in build/public-script.json, which the server reads at start
// (app/server/public-script.server.ts), with every file of it, which the service worker precaches
// (scripts/build-service-worker.js).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const buildDir = process.env.BUILD_DIR ?? "build";
const entryPoint = "app/browser/public-page.ts";

const { metafile } = await build({
  entryPoints: [entryPoint],
  outdir: path.join(buildDir, "client/assets"),
  entryNames: "[name]-[hash]",
  chunkNames: "public-[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  target: "es2022",
  minify: true,
  metafile: true,
  define: { "process.env.NODE_ENV": '"production"' },
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});

const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith(".js"));
// Parts loaded with import() are entry points of their own; the page's is the one named above.
const entry = outputs.find(([, output]) => output.entryPoint === entryPoint);
if (!entry) throw new Error("The public page script was not built.");
const src = `/assets/${path.basename(entry[0])}`;
const files = outputs.map(([file]) => `assets/${path.basename(file)}`);
writeFileSync(path.join(buildDir, "public-script.json"), JSON.stringify({ src, files }));
console.log(`public page script: ${src}`);
