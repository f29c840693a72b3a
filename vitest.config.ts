import { availableParallelism } from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

const integration = (driver: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${driver}`,
    include: ["tests/integration/**/*.test.ts"],
    env: {
      TEST_DRIVER: driver,
      // Most tests book again and again as one customer; the limits themselves are tested by
      // tests/integration/recipient-limits.test.ts, which sets them.
      BOOKING_LIMIT_PER_CUSTOMER: "1000000",
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "1000000",
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_DAY: "1000000",
    },
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/msw-setup.ts", "tests/support/settings.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const inputCost = "tests/unit/schema-input-cost.test.ts";

/** Integration tests run on PGlite always, and on real Postgres when TEST_DATABASE_URL is set. */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // One test file per core: Vitest's default leaves one core idle, a third of the run on two.
    maxWorkers: availableParallelism(),
    // Each file starts in a fresh worker thread rather than a fresh child process: the whole run
    // takes about a fifth less on two cores (docs/testing.md, "Round nine").
    pool: "threads",
    // A worker thread runs file after file in one module graph instead of loading the app afresh
    // for each: a third less time (decision 0064). The database each file installs, the settings
    // and MSW are set per file by the setup files; nothing else in the app keeps state between
    // requests.
    isolate: false,
    // The site address the domain functions write into links during tests (testOrigin).
    env: { LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          exclude: [inputCost],
          setupFiles: ["tests/support/msw-setup.ts", "tests/support/settings.ts"],
          // A few compress pages or run ESLint: seconds on a busy machine, not a failure.
          testTimeout: 30_000,
        },
      },
      // What one hostile field costs, in processor time: a process of its own, so the count is
      // this file's alone (a worker thread shares its process with another file's tests).
      {
        extends: true,
        test: {
          name: "input-cost",
          include: [inputCost],
          pool: "forks",
          isolate: true,
          setupFiles: ["tests/support/settings.ts"],
          testTimeout: 30_000,
        },
      },
      integration("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
