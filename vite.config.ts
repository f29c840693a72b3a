import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // `npm start`'s first build shows warnings and errors only, not the progress and the file table.
  logLevel: process.env.BUILD_QUIET ? "warn" : "info",
  server: { port: 3000 },
  build: {
    target: "es2022",
    // terser packs the browser's JavaScript a few KB smaller than esbuild (gzipped), which the
    // public pages' 100 KB budget needs; the build takes a few seconds longer.
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    // Remix preloads each route's modules itself; Vite's helper for the lazily loaded ones (form
    // checks, the offline side) would cost every page 0.6 KB for chunks fetched after load anyway.
    modulePreload: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // A resource route (an API door, a CSV, the sitemap) has no browser code, yet Remix lists
        // a browser module for every route: those modules are empty by design.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  ssr: { external: ["@electric-sql/pglite", "postgres"] },
  optimizeDeps: {
    include: [
      "@conform-to/react",
      "@conform-to/zod",
      "zod",
      "@nivo/core",
      "@nivo/pie",
      "@nivo/bar",
    ],
  },
  plugins: [
    tailwindcss(),
    remix({
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
});
