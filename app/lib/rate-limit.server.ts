import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { database } from "./db.server";
import { positiveIntFromEnv } from "./env.server";

export const rateLimitSettings = {
  track: () => positiveIntFromEnv("RATE_LIMIT_TRACK_PER_MIN", 10),
  submit: () => positiveIntFromEnv("RATE_LIMIT_SUBMIT_PER_MIN", 5),
  login: () => positiveIntFromEnv("RATE_LIMIT_LOGIN_PER_MIN", 10),
  /** Analytics beacons: one per page hidden, so a visitor reading quickly stays well under it. */
  analytics: () => positiveIntFromEnv("RATE_LIMIT_ANALYTICS_PER_MIN", 60),
  /** Failed logins one staff account may take in an hour, whoever makes them. */
  loginFailuresPerAccount: () => positiveIntFromEnv("RATE_LIMIT_LOGIN_FAILURES_PER_HOUR", 100),
} as const;

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

function currentWindow(windowSeconds: number, now: number) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
  return { windowStart, retryAfterSeconds };
}

/**
 * Counts one attempt against `key` in a fixed window, in the database so every app instance
 * shares the count. The upsert is atomic: concurrent attempts cannot both slip under the limit.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds = 60, now = Date.now()): Promise<RateLimitResult> {
  const db = await database();
  const { windowStart, retryAfterSeconds } = currentWindow(windowSeconds, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 24 * 60 * 60 * 1000)));
  }
  return { allowed: (row?.count ?? 1) <= limit, retryAfterSeconds };
}

/** Whether `key` is still under `limit` in the current window, without counting an attempt. */
export async function peekRateLimit(key: string, limit: number, windowSeconds = 60, now = Date.now()): Promise<RateLimitResult> {
  const db = await database();
  const { windowStart, retryAfterSeconds } = currentWindow(windowSeconds, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  return { allowed: (row?.count ?? 0) < limit, retryAfterSeconds };
}
