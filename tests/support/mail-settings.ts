import type { MailSettings } from "~/server/mail-worker.server";
import { parseSettings } from "~/server/env.server";

/**
 * Worker settings for tests: quick retries and polls, files for both channels unless overridden.
 */
export const testMailSettings = (overrides: Partial<MailSettings> = {}): MailSettings => ({
  smtpUrl: undefined,
  from: "WeFix <info@wefix.example>",
  dir: "unused",
  maxAttempts: 3,
  retryBaseMs: 1,
  leaseMs: 60_000,
  // Messages whose outcome is unknown are taken again at once, unless a test says otherwise.
  settleMs: 0,
  markRetryMaxMs: 50,
  pollMs: 50,
  gatherMs: 10,
  recordEveryMs: 100,
  batchSize: 20,
  scheduleEveryMs: 60_000,
  sms: parseSettings({}).sms,
  ...overrides,
});
