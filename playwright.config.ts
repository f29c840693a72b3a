import { defineConfig, devices } from "@playwright/test";
import { e2ePort } from "./tests/support/e2e-port";
import { testBrowserArgs, testBrowserPath } from "./tests/support/chromium";
import { e2eMailDir } from "./tests/e2e/support/mail";
import { serverStartMs } from "./tests/e2e/support/server-process";

const port = e2ePort;
const buildDir = process.env.BUILD_DIR ?? "build";

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: testBrowserPath, args: testBrowserArgs },
  // The service worker would answer page loads that tests intercept; the offline specs allow it.
  serviceWorkers: "block" as const,
};

const serverSpecs = /server-.*\.spec\.ts$/;

/** Every end-to-end test runs twice: once as most visitors browse, once with JavaScript off. */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/database-template.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [["list"]],
  // Most tests take seconds; the bound is for a machine running other test runs beside this one,
  // where an axe sweep at two widths has taken over 30 s.
  timeout: 60_000,
  // An expectation waits for what a page does next (a redirect, a hydrated button): well under a
  // second here, but over 5 s (Playwright's default) on a machine running three suites at once.
  expect: { timeout: 15_000 },
  // Recording a trace costs a tenth of the run; `--trace retain-on-failure` records one when needed.
  use: { baseURL: `http://localhost:${port}`, trace: "off" },
  projects: [
    { name: "js-enabled", testIgnore: serverSpecs, use: { ...browser, javaScriptEnabled: true } },
    // Tests tagged @js-only check what exists only with JavaScript (progress labels, axe's script).
    {
      name: "js-disabled",
      testIgnore: serverSpecs,
      grepInvert: /@js-only/,
      use: { ...browser, javaScriptEnabled: false },
    },
    // Specs that start and stop their own server processes; no browser involved.
    { name: "server", testMatch: serverSpecs, timeout: serverStartMs + 120_000 },
    // The server's HTML read as a browser without JavaScript reads it, without a browser
    // (tests/html/support/html-page.ts).
    { name: "html", testDir: "tests/html" },
  ],
  webServer: {
    command: `node ${buildDir}/start-server.js`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: serverStartMs,
    env: {
      PORT: String(port),
      PGLITE_DIR: "memory://",
      ADMIN_USERNAME: "e2e-admin",
      ADMIN_PASSWORD: "e2e-password-long-enough",
      LOG_LEVEL: "silent",
      // Every test comes from 127.0.0.1; the limits themselves are tested on servers of their own.
      RATE_LIMIT_SUBMIT_PER_MIN: "100000",
      RATE_LIMIT_TRACK_PER_MIN: "100000",
      RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "100000",
      RATE_LIMIT_LOGIN_PER_MIN: "100000",
      BOOKING_SLOT_CAPACITY: "100000",
      // Many specs book as one customer; the per-customer and per-recipient limits are tested
      // in tests/integration/recipient-limits.test.ts.
      BOOKING_LIMIT_PER_CUSTOMER: "100000",
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "100000",
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_DAY: "100000",
      // No SMTP server: e-mails become .eml files that the mail specs read.
      MAIL_DIR: e2eMailDir,
      // No Twilio settings: texts become .txt files beside them.
      SMS_DIR: `${e2eMailDir}-sms`,
    },
  },
});
