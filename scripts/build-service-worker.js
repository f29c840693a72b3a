// Builds the service worker after the app build: bundles app/sw/service-worker.ts, lists what
// it precaches (the public pages' scripts and styles, the offline page, the app icons; never the
// staff admin's code) with workbox-build, and draws the app icons from the favicon.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import sharp from "sharp";
import { injectManifest } from "workbox-build";

const clientDir = path.join(process.env.BUILD_DIR ?? "build", "client");
const assetsDir = path.join(clientDir, "assets");

/** The React Router browser manifest: which files each route needs. */
function browserManifest() {
  const file = readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file)
    throw new Error(`No React Router manifest in ${assetsDir}: run the React Router build first.`);
  const source = readFileSync(path.join(assetsDir, file), "utf8");
  return {
    file,
    manifest: JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)),
  };
}

/** Files that only staff pages load: kept out of every visitor's phone. */
function staffOnlyAssets(manifest) {
  const filesOf = (route) => [route.module, ...(route.imports ?? []), ...(route.css ?? [])];
  const routes = Object.values(manifest.routes);
  const isStaff = (route) =>
    /^\/?(admin|api)\b/.test(route.path ?? "") || /^routes\/(admin|api)[._]/.test(route.id);
  const publicFiles = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes.filter((r) => !isStaff(r)).flatMap(filesOf),
  ]);
  return new Set(
    routes
      .filter(isStaff)
      .flatMap(filesOf)
      .filter((file) => !publicFiles.has(file)),
  );
}

async function drawIcons() {
  const favicon = readFileSync("public/favicon.svg");
  const dir = path.join(clientDir, "icons");
  mkdirSync(dir, { recursive: true });
  for (const size of [192, 512])
    await sharp(favicon, { density: 1200 })
      .resize(size, size)
      .png()
      .toFile(path.join(dir, `icon-${size}.png`));
  // A maskable icon keeps its mark inside the middle 80%, on the brand colour.
  const inner = await sharp(favicon, { density: 1200 }).resize(384, 384).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: "#1e40af" } })
    .composite([{ input: inner }])
    .png()
    .toFile(path.join(dir, "maskable-512.png"));
}

const { file: manifestFile, manifest } = browserManifest();
const staffOnly = staffOnlyAssets(manifest);
await drawIcons();

const bundled = path.join(clientDir, "sw.bundle.js");
await build({
  entryPoints: ["app/sw/service-worker.ts"],
  outfile: bundled,
  bundle: true,
  format: "iife",
  target: "es2022",
  minify: true,
  define: { "process.env.NODE_ENV": '"production"' },
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: path.join(clientDir, "sw.js"),
  globDirectory: clientDir,
  globPatterns: ["assets/**/*.{js,css,woff2}", "icons/*.png", "favicon.svg"],
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.filter((entry) => !staffOnly.has(`/${entry.url}`)),
      warnings: [],
    }),
  ],
  // The offline page is rendered by the app: its revision is the build's.
  additionalManifestEntries: [
    {
      url: "/offline",
      revision: createHash("sha256").update(manifestFile).digest("hex").slice(0, 16),
    },
  ],
  // Hashed file names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
});
rmSync(bundled);
for (const warning of warnings) console.warn(`service worker: ${warning}`);
if (!process.env.BUILD_QUIET)
  console.info(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KB)`);
