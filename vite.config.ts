import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

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
    // The router preloads each route's modules itself; Vite's helper for the lazily loaded ones (form
    // checks, the offline side) would cost every page 0.6 KB for chunks fetched after load anyway.
    modulePreload: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // A resource route (an API door, a CSV, the sitemap) has no browser code, yet the router lists
        // a browser module for every route: those modules are empty by design.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  ssr: { external: ["@electric-sql/pglite", "postgres"] },
  optimizeDeps: {
    include: ["@conform-to/react", "@conform-to/zod", "zod"],
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
});
