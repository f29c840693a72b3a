import { createHash } from "node:crypto";
import { eq, inArray, lt, sql } from "drizzle-orm";
import { loginThrottles } from "#db/schema";
import { database } from "~/server/db.server";
import { settings } from "~/server/env.server";
import { hitRateLimit, rateLimitSettings } from "~/models/rate-limit.server";

/**
 * Where an attempt comes from: the client's address, and this device's id when it signed in to the
 * account before.
 */
export type LoginDoor = { clientIp: string; knownDevice: string | undefined };
/** The password and the second-factor code are throttled separately. */
export type LoginStep = "password" | "code";

type Policy = { free: number; baseSeconds: number; maxSeconds: number };
type Key = { key: string; policy: Policy; clearOnSuccess: boolean };

const loginThrottleSettings = {
  /**
   * Failures in a row one account may take from one address (or one known device) before waits
   * begin.
   */
  failuresBeforeBackoff: () => settings().rateLimits.loginFailuresBeforeBackoff,
  /**
   * Failures one account may take in an hour from devices that never signed in to it before waits
   * begin.
   */
  accountFailures: () => rateLimitSettings.loginFailuresPerAccount(),
};

/**
 * The first wait is 30 s and each failure doubles it, up to 15 minutes; an hour without failures
 * forgets them.
 */
const baseSeconds = 30;
const maxSeconds = 15 * 60;
const forgetSeconds = 60 * 60;

const waitSeconds = (policy: Policy, failures: number) =>
  failures < policy.free
    ? 0
    : Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** (failures - policy.free));

// Usernames and addresses are not kept in clear in the table.
const digest = (...parts: string[]) =>
  createHash("sha256").update(parts.join("\n")).digest("base64url");

/**
 * The keys one attempt counts against, narrowest first. A device that signed in to the account
 * before is throttled on its own and is exempt from the account-wide count, so an attacker who
 * hammers the account from elsewhere cannot lock its owner out.
 */
function keysFor(step: LoginStep, account: string, door: LoginDoor): Key[] {
  const failures = loginThrottleSettings.failuresBeforeBackoff();
  const narrow: Policy = { free: failures, baseSeconds, maxSeconds };
  const name = account.toLowerCase();
  const keys: Key[] = [
    door.knownDevice
      ? {
          key: `${step}:device:${digest(name, door.knownDevice)}`,
          policy: narrow,
          clearOnSuccess: true,
        }
      : {
          key: `${step}:account-address:${digest(name, door.clientIp)}`,
          policy: narrow,
          clearOnSuccess: true,
        },
    // Several staff behind one office address each get room for their own typos.
    {
      key: `${step}:address:${digest(door.clientIp)}`,
      policy: { ...narrow, free: failures * 3 },
      clearOnSuccess: true,
    },
  ];
  if (!door.knownDevice) {
    keys.push({
      key: `${step}:account:${digest(name)}`,
      policy: { free: loginThrottleSettings.accountFailures(), baseSeconds, maxSeconds },
      clearOnSuccess: false,
    });
  }
  return keys;
}

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Counts one attempt against `key` in a single statement, before the password or code is checked,
 * unless the key must wait: then nothing is written and no row comes back. Concurrent attempts
 * queue on the row, so no more than the allowed number ever get through to be checked.
 */
async function claim({ key, policy }: Key, now: number): Promise<boolean> {
  const db = await database();
  const forgotten = sql`${loginThrottles.lastAt} < ${at(now - forgetSeconds * 1000)}`;
  const rows = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, lastAt: new Date(now) })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${forgotten} then 1 else ${loginThrottles.failures} + 1 end`,
        prevAt: sql`${loginThrottles.lastAt}`,
        lastAt: new Date(now),
      },
      setWhere: sql`${forgotten} or ${loginThrottles.failures} < ${policy.free} or ${loginThrottles.lastAt} + make_interval(secs => least(${policy.maxSeconds}::int, ${policy.baseSeconds}::int * power(2, ${loginThrottles.failures} - ${policy.free}::int))) <= ${at(now)}`,
    })
    .returning({ failures: loginThrottles.failures });
  return rows.length > 0;
}

/** Takes back one counted attempt: it was refused by another key, or it turned out right. */
async function giveBack(keys: string[]) {
  if (!keys.length) return;
  const db = await database();
  await db
    .update(loginThrottles)
    .set({
      failures: sql`greatest(${loginThrottles.failures} - 1, 0)`,
      lastAt: sql`coalesce(${loginThrottles.prevAt}, ${loginThrottles.lastAt})`,
      prevAt: null,
    })
    .where(inArray(loginThrottles.key, keys));
}

async function secondsToWait({ key, policy }: Key, now: number) {
  const db = await database();
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
  if (!row) return 1;
  return Math.max(
    1,
    Math.ceil((row.lastAt.getTime() + waitSeconds(policy, row.failures) * 1000 - now) / 1000),
  );
}

export type LoginAttempt =
  | {
      allowed: true;
      /** The password or code was right: the failures in a row end. */ succeeded: () => Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Admits one sign-in attempt or says how long to wait. Every attempt from an address counts
 * against RATE_LIMIT_LOGIN_PER_MIN; failures in a row make the next attempt wait longer, per
 * account and address (or known device), per address, and per account for unknown devices.
 */
export async function admitLoginAttempt(
  step: LoginStep,
  account: string,
  door: LoginDoor,
  now = Date.now(),
): Promise<LoginAttempt> {
  const perMinute = await hitRateLimit(
    `login:${door.clientIp}`,
    rateLimitSettings.login(),
    60,
    now,
  );
  if (!perMinute.allowed) return { allowed: false, retryAfterSeconds: perMinute.retryAfterSeconds };

  const keys = keysFor(step, account, door);
  const claimed: Key[] = [];
  for (const key of keys) {
    if (!(await claim(key, now))) {
      await giveBack(claimed.map((k) => k.key));
      return { allowed: false, retryAfterSeconds: await secondsToWait(key, now) };
    }
    claimed.push(key);
  }
  if (Math.random() < 0.01) await forgetOldFailures(now);
  return {
    allowed: true,
    succeeded: async () => {
      const db = await database();
      const cleared = claimed.filter((k) => k.clearOnSuccess).map((k) => k.key);
      await db.delete(loginThrottles).where(inArray(loginThrottles.key, cleared));
      await giveBack(claimed.filter((k) => !k.clearOnSuccess).map((k) => k.key));
    },
  };
}

async function forgetOldFailures(now: number) {
  const db = await database();
  await db
    .delete(loginThrottles)
    .where(lt(loginThrottles.lastAt, new Date(now - forgetSeconds * 1000)));
}
