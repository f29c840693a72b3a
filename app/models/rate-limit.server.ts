import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { database } from "~/server/db.server";
import { settings } from "~/server/env.server";

export const rateLimitSettings = {
  track: () => settings().rateLimits.track,
  /**
   * Tracking lookups without the reference and its own phone together (by one of them alone, or
   * finding nothing), per address and hour: what trying phones or references costs.
   */
  trackFailures: () => settings().rateLimits.trackFailuresPerHour,
  submit: () => settings().rateLimits.submit,
  login: () => settings().rateLimits.login,
  /** Analytics beacons: one per page hidden, so a visitor reading quickly stays well under it. */
  analytics: () => settings().rateLimits.analytics,
  /** Failed logins one staff account may take in an hour, whoever makes them. */
  loginFailuresPerAccount: () => settings().rateLimits.loginFailuresPerAccount,
} as const;

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

type Windows = { windowMs: number; current: Date; previous: Date; elapsedMs: number };

/** The fixed window `now` falls in, the one before it, and how far into the current one `now` is. */
function windowsAt(windowSeconds: number, now: number): Windows {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    windowMs,
    current: new Date(start),
    previous: new Date(start - windowMs),
    elapsedMs: now - start,
  };
}

/**
 * The approximate sliding window: the attempts of the last `windowSeconds`, taking the previous
 * fixed window's count as spread evenly over it, so only the part still inside the last
 * `windowSeconds` weighs. A burst at the end of one fixed window therefore still counts at the
 * start of the next, and two bursts across the boundary cannot get twice the limit.
 */
function slidingCount(previous: number, current: number, { windowMs, elapsedMs }: Windows): number {
  return previous * (1 - elapsedMs / windowMs) + current;
}

/** Rounding of the weighted count must not refuse an attempt at exactly the advertised moment. */
const fits = (count: number, limit: number) => count <= limit + 1e-9;

/** Seconds until one more attempt fits under `limit`, given the counts now. */
function secondsUntilRoom(
  previous: number,
  current: number,
  limit: number,
  { windowMs, elapsedMs }: Windows,
): number {
  const waitMs =
    current < limit
      ? // The previous window's weight fades until previous × (1 − t / window) + current + 1 ≤ limit.
        previous > 0
        ? windowMs * (1 - (limit - current - 1) / previous) - elapsedMs
        : 0
      : // Only after the turn, when the current count becomes the fading previous one.
        windowMs - elapsedMs + windowMs * (1 - (limit - 1) / current);
  return Math.max(1, Math.ceil(waitMs / 1000));
}

function verdict(
  previous: number,
  current: number,
  limit: number,
  windows: Windows,
  attempt: 0 | 1,
): RateLimitResult {
  return {
    allowed: fits(slidingCount(previous, current + attempt, windows), limit),
    retryAfterSeconds: secondsUntilRoom(previous, current, limit, windows),
  };
}

/**
 * Counts one attempt against `key` in a sliding window of `windowSeconds`, in the database so
 * every app instance shares the count. Refused attempts count too, so hammering keeps a client
 * out. One statement adds the attempt and reads the previous window's count: concurrent attempts
 * cannot both slip under the limit.
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowSeconds = 60,
  now = Date.now(),
): Promise<RateLimitResult> {
  const db = await database();
  const windows = windowsAt(windowSeconds, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windows.current, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({
      count: rateLimits.count,
      previous:
        sql<number>`coalesce((select p.count from ${rateLimits} p where p.key = ${key} and p.window_start = ${windows.previous.toISOString()}::timestamptz), 0)`.mapWith(
          Number,
        ),
    });
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimits)
      .where(
        lt(rateLimits.windowStart, new Date(now - Math.max(24 * 3600, 2 * windowSeconds) * 1000)),
      );
  }
  return verdict(row?.previous ?? 0, row?.count ?? 1, limit, windows, 0);
}

/** Whether one more attempt against `key` would be allowed now, without counting one. */
export async function peekRateLimit(
  key: string,
  limit: number,
  windowSeconds = 60,
  now = Date.now(),
): Promise<RateLimitResult> {
  const db = await database();
  const windows = windowsAt(windowSeconds, now);
  const rows = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        inArray(rateLimits.windowStart, [windows.previous, windows.current]),
      ),
    );
  const countAt = (start: Date) =>
    rows.find((r) => r.windowStart.getTime() === start.getTime())?.count ?? 0;
  return verdict(countAt(windows.previous), countAt(windows.current), limit, windows, 1);
}

/**
 * Takes back an attempt counted by `hitRateLimit` at `hitAt`, for limits that count only some
 * outcomes: the attempt is counted before the outcome is known, so concurrent attempts cannot
 * overrun the limit, and taken back once it turns out not to count.
 */
export async function refundRateLimitHit(
  key: string,
  windowSeconds: number,
  hitAt: number,
): Promise<void> {
  const db = await database();
  const { current } = windowsAt(windowSeconds, hitAt);
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, key),
        eq(rateLimits.windowStart, current),
        sql`${rateLimits.count} > 0`,
      ),
    );
}
