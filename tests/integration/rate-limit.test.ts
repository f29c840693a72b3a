import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit, peekRateLimit, refundRateLimitHit } from "~/models/rate-limit.server";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

/** The start of a fixed one-minute window, a little ahead so nothing else has counted in it. */
const minute = (n: number) => (Math.floor(Date.now() / 60_000) + n) * 60_000;
let keys = 0;
const freshKey = () => `test:${testDriver}:${++keys}`;

async function burst(key: string, times: number, at: number, limit = 10) {
  const results = [];
  for (let i = 0; i < times; i += 1) results.push(await hitRateLimit(key, limit, 60, at + i));
  return results;
}

describe(`sliding-window rate limits on ${testDriver}`, () => {
  it("a burst at the end of one window and one at the start of the next do not get twice the limit", async () => {
    const key = freshKey();
    const boundary = minute(2);
    const late = await burst(key, 10, boundary - 1_000);
    const early = await burst(key, 10, boundary + 1_000);
    expect(late.every((r) => r.allowed)).toBe(true);
    expect(early.filter((r) => r.allowed)).toHaveLength(0);
  });

  it("lets the previous window's count fade as the window slides past it", async () => {
    const key = freshKey();
    const start = minute(3);
    expect((await burst(key, 10, start)).every((r) => r.allowed)).toBe(true);
    // Half-way through the next minute, half of the last minute's ten still weigh.
    const halfway = await burst(key, 6, start + 90_000);
    expect(halfway.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it("Retry-After names the first moment another attempt fits", async () => {
    const key = freshKey();
    const start = minute(5);
    await burst(key, 10, start + 10_000);
    const refused = await hitRateLimit(key, 10, 60, start + 20_000);
    expect(refused.allowed).toBe(false);
    const retryAt = start + 20_000 + refused.retryAfterSeconds * 1000;
    expect((await peekRateLimit(key, 10, 60, retryAt - 1_000)).allowed).toBe(false);
    expect((await peekRateLimit(key, 10, 60, retryAt)).allowed).toBe(true);
    expect((await hitRateLimit(key, 10, 60, retryAt)).allowed).toBe(true);
  });

  it("counts concurrent attempts atomically: thirty at once against a limit of five let five through", async () => {
    const key = freshKey();
    const at = minute(7) + 5_000;
    const results = await Promise.all(
      Array.from({ length: 30 }, () => hitRateLimit(key, 5, 60, at)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds > 0)).toBe(true);
  });

  it("peeking counts nothing, and a refunded attempt no longer counts", async () => {
    const key = freshKey();
    const at = minute(9) + 1_000;
    for (let i = 0; i < 3; i += 1) expect((await peekRateLimit(key, 2, 60, at)).allowed).toBe(true);
    await hitRateLimit(key, 2, 60, at);
    await hitRateLimit(key, 2, 60, at);
    expect((await peekRateLimit(key, 2, 60, at)).allowed).toBe(false);
    await refundRateLimitHit(key, 60, at);
    expect((await peekRateLimit(key, 2, 60, at)).allowed).toBe(true);
  });

  it("slides hour-long windows the same way", async () => {
    const key = freshKey();
    const hour = (Math.floor(Date.now() / 3_600_000) + 2) * 3_600_000;
    for (let i = 0; i < 30; i += 1)
      expect((await hitRateLimit(key, 30, 3600, hour - 60_000)).allowed).toBe(true);
    const next = await hitRateLimit(key, 30, 3600, hour + 60_000);
    expect(next.allowed).toBe(false);
    expect(next.retryAfterSeconds).toBeGreaterThan(60);
  });
});
