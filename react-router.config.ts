import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    // The v8 behaviours, each named so the move to v8 is a list of flags to turn on.
    v8_middleware: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
