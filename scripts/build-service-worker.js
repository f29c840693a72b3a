// Builds the service worker after the app build and the public page script: bundles
// app/sw/service-worker.ts, lists what it precaches with workbox-build (what public pages load:
// their own script and its parts, their styles, fonts, the offline page, the app icons; never
// React Router's browser build, which only the staff admin loads), and draws the app icons from
// the favicon.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import sharp from "sharp";
import { injectManifest } from "workbox-build";

const buildDir = process.env.BUILD_DIR ?? "build";
const clientDir = path.join(buildDir, "client");
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

/**
 * The scripts and styles in assets/ that public pages load: the public page script with its parts
 * (scripts/build-public-script.js), the root's stylesheet (app/styles/app.css, linked by
 * app/root.tsx; Vite keeps its name) and the styles of every route outside the staff admin and the
 * API. Everything else there (the router's browser build, the admin's code, the print styles of
 * tickets and labels) stays off visitors' phones.
 */
function publicAssets(manifest) {
  const { files } = JSON.parse(readFileSync(path.join(buildDir, "public-script.json"), "utf8"));
  const isStaff = (route) =>
    /^\/?(admin|api)\b/.test(route.path ?? "") || /^routes\/(admin|api)[._]/.test(route.id);
  const styles = Object.values(manifest.routes)
    .filter((route) => !isStaff(route))
    .flatMap((route) => route.css ?? [])
    .map((file) => file.replace(/^\//, ""));
  const root = readdirSync(assetsDir).filter((name) => /^app-[\w-]+\.css$/.test(name));
  if (root.length !== 1) throw new Error(`Expected one app-*.css in ${assetsDir}.`);
  return new Set([...files, ...styles, `assets/${root[0]}`]);
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
const forVisitors = publicAssets(manifest);
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
      manifest: entries.filter(
        (entry) => !/^assets\/.*\.(js|css)$/.test(entry.url) || forVisitors.has(entry.url),
      ),
      warnings: [],
    }),
  ],
  // The offline page is rendered by the app: its revision is the build's (the router's manifest
  // and the public page script both change with it).
  additionalManifestEntries: [
    {
      url: "/offline",
      revision: createHash("sha256")
        .update(manifestFile)
        .update(readFileSync(path.join(buildDir, "public-script.json")))
        .digest("hex")
        .slice(0, 16),
    },
  ],
  // Hashed file names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
});
rmSync(bundled);
for (const warning of warnings) console.warn(`service worker: ${warning}`);
if (!process.env.BUILD_QUIET)
  console.info(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KB)`);
