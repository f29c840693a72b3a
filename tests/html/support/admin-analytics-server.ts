import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../../db/client";
import { pageViewDays, webVitalSamples } from "../../../db/schema";
import { admin } from "../../e2e/support/admin";
import { startServer } from "../../e2e/support/server-process";

/**
 * The analytics specs' server, at the HTML level (tests/html/admin-analytics.spec.ts) and in the
 * browser (tests/e2e/admin-analytics.spec.ts). Counting is exact only on a database no other test
 * writes to: each starts a server of its own on a PGlite folder seeded beforehand, 61 views in the
 * last 30 days and five LCP samples of the home page.
 */

/** Headless Chromium says "HeadlessChrome", which is rightly taken for a bot. */
export const ordinaryChrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";

const shopDay = (daysAgo: number) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return day.toISOString().slice(0, 10);
};

/** Seeds a fresh PGlite folder and starts a server on it; `stop` ends both. */
export async function startAnalyticsServer() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wefix-analytics-"));
  try {
    const dataDir = path.join(dir, "pglite");
    const handle = await openDatabase({ driver: "pglite", dir: dataDir });
    await handle.migrate();
    const row = (
      daysAgo: number,
      pagePath: string,
      views: number,
      extra: Partial<typeof pageViewDays.$inferInsert> = {},
    ) => ({
      day: shopDay(daysAgo),
      path: pagePath,
      views,
      device: "desktop" as const,
      ...extra,
    });
    await handle.db.insert(pageViewDays).values([
      row(0, "/services/mobile", 40, {
        query: "brand=Apple",
        referrerHost: "google.com",
        device: "mobile",
      }),
      row(0, "/book-appointment", 10),
      row(0, "/book-appointment/confirmation", 4, { device: "tablet" }),
      row(3, "/", 7),
      // Older than 30 days: not on the page.
      row(45, "/", 500),
    ]);
    await handle.db.insert(webVitalSamples).values(
      [1000, 2000, 3000, 4000, 5000].map((value) => ({
        day: shopDay(1),
        path: "/",
        name: "LCP" as const,
        value,
        device: "desktop" as const,
      })),
    );
    await handle.close();
    const server = await startServer({
      PGLITE_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "silent",
      RATE_LIMIT_LOGIN_PER_MIN: "100000",
      RATE_LIMIT_ANALYTICS_PER_MIN: "100000",
    });
    return {
      url: server.url,
      async stop() {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
