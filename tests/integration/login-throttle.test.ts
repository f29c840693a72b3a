import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LoginRefused, loginDoor, verifyCredentials } from "~/server/auth.server";
import type { LoginDoor } from "~/models/login-throttle.server";
import { action as loginAction } from "~/routes/admin_.login";
import { action as jsonLoginAction } from "~/routes/api.admin.login[.php]";
import { cookiesFrom, createTestStaff, staffPassword } from "../support/admin";
import { rejectionOf } from "../support/answers";
import { formPost, testContext, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { useSettings } from "../support/settings";

// Each password check is real scrypt (about 100 ms, 32 MiB); a test here makes dozens, which on a
// machine busy with other tests takes longer than the usual 30 seconds.
vi.setConfig({ testTimeout: 120_000 });

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

let accounts = 0;
/** An account of its own for each test, so no test's failures touch another's. */
async function account() {
  const username = `owner-${++accounts}`;
  await createTestStaff(handle.db, username);
  return username;
}
let addresses = 0;
const address = () => `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const unknownDevice = (clientIp = address()): LoginDoor => ({ clientIp, knownDevice: undefined });

/** 401 (the password was checked and wrong), 429 (refused before checking) or "ok". */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => "ok" as const,
    (error: unknown) => (error instanceof LoginRefused ? error.status : Promise.reject(error)),
  );

const seconds = (n: number) => n * 1000;

describe(`login throttles on ${testDriver}`, () => {
  it("lets 30 concurrent wrong passwords from one address reach the password check at most N times", async () => {
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF: "5" });
    const username = await account();
    const door = unknownDevice();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => outcome(verifyCredentials(username, "wrong guess", door))),
    );
    expect(results.filter((r) => r === 401)).toHaveLength(5);
    expect(results.filter((r) => r === 429)).toHaveLength(25);
  });

  it("lets 30 concurrent wrong passwords through at most RATE_LIMIT_LOGIN_PER_MIN times", async () => {
    useSettings({ RATE_LIMIT_LOGIN_PER_MIN: "4" });
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF: "1000" });
    const username = await account();
    const door = unknownDevice();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => outcome(verifyCredentials(username, "wrong guess", door))),
    );
    expect(results.filter((r) => r === 401).length).toBeLessThanOrEqual(4);
    expect(results.filter((r) => r === 429).length).toBeGreaterThanOrEqual(26);
  });

  it("makes one address wait longer after each failure in a row, and forgets after a right password", async () => {
    // Eleven attempts in two minutes: the per-minute limit on the address is not what this is
    // about.
    useSettings({ RATE_LIMIT_LOGIN_PER_MIN: "1000" });
    const username = await account();
    const door = unknownDevice();
    const start = Date.parse("2026-06-01T10:00:00Z");
    for (let i = 0; i < 5; i++)
      expect(await outcome(verifyCredentials(username, "typo", door, start + i))).toBe(401);
    const refused = await rejectionOf(
      verifyCredentials(username, staffPassword, door, start + seconds(10)),
      LoginRefused,
    );
    expect(refused).toMatchObject({ status: 429 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(15);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    // 30 s after the fifth failure the next try is checked; after a sixth failure the wait doubles.
    expect(await outcome(verifyCredentials(username, "typo", door, start + seconds(31)))).toBe(401);
    expect(
      await outcome(verifyCredentials(username, staffPassword, door, start + seconds(62))),
    ).toBe(429);
    expect(
      await outcome(verifyCredentials(username, staffPassword, door, start + seconds(92))),
    ).toBe("ok");
    // The right password ends the run of failures: the owner's next typos are free again.
    for (let i = 0; i < 5; i++)
      expect(
        await outcome(verifyCredentials(username, "typo", door, start + seconds(93) + i)),
      ).toBe(401);
  });

  it("does not let an attacker's address keep the owner out, from a known device or from a fresh address", async () => {
    const username = await account();
    const attacker = unknownDevice();
    const start = Date.parse("2026-06-02T10:00:00Z");
    // A guess every ten seconds for an hour: only a handful reach the password check.
    let checked = 0;
    for (let t = 0; t < seconds(3600); t += seconds(10)) {
      if ((await outcome(verifyCredentials(username, "guess", attacker, start + t))) === 401)
        checked += 1;
    }
    expect(checked).toBeLessThan(15);
    const end = start + seconds(3600);
    expect(await outcome(verifyCredentials(username, "guess", attacker, end))).toBe(429);
    expect(await outcome(verifyCredentials(username, staffPassword, unknownDevice(), end))).toBe(
      "ok",
    );
    expect(
      await outcome(
        verifyCredentials(
          username,
          staffPassword,
          { clientIp: address(), knownDevice: "owner-phone-device-id1" },
          end,
        ),
      ),
    ).toBe("ok");
  });

  it("slows unknown devices briefly when many addresses attack one account, never the owner's known device", async () => {
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: "3" });
    const username = await account();
    const start = Date.parse("2026-06-03T10:00:00Z");
    const results = [];
    for (let i = 0; i < 8; i++)
      results.push(await outcome(verifyCredentials(username, "guess", unknownDevice(), start + i)));
    expect(results).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);

    // The owner's phone signed in before: not held back by the account's count.
    const phone: LoginDoor = { clientIp: address(), knownDevice: "owner-phone-device-id2" };
    expect(await outcome(verifyCredentials(username, staffPassword, phone, start + 100))).toBe(
      "ok",
    );

    // A fresh address waits a short back-off, not the rest of the hour.
    const laptop = unknownDevice();
    for (let i = 0; i < 6; i++) {
      const refused = await rejectionOf(
        verifyCredentials(username, staffPassword, laptop, start + 200 + i),
        LoginRefused,
      );
      expect(refused).toMatchObject({ status: 429 });
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    }
    expect(
      await outcome(verifyCredentials(username, staffPassword, laptop, start + seconds(31))),
    ).toBe("ok");
  });

  it("does not count an attempt that another throttle refused against the address's own", async () => {
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: "1" });
    useSettings({ RATE_LIMIT_LOGIN_PER_MIN: "1000" });
    const username = await account();
    const start = Date.parse("2026-06-05T10:00:00Z");
    expect(await outcome(verifyCredentials(username, "guess", unknownDevice(), start))).toBe(401);
    const laptop = unknownDevice();
    for (let i = 0; i < 8; i++)
      expect(await outcome(verifyCredentials(username, "typo", laptop, start + 1 + i))).toBe(429);
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: "1000" });
    for (let i = 0; i < 5; i++)
      expect(await outcome(verifyCredentials(username, "typo", laptop, start + 10 + i))).toBe(401);
  });

  it("keeps a known device on its own throttle", async () => {
    const username = await account();
    const device: LoginDoor = { clientIp: address(), knownDevice: "stolen-or-not-device-id" };
    const start = Date.parse("2026-06-04T10:00:00Z");
    const results = [];
    for (let i = 0; i < 7; i++)
      results.push(await outcome(verifyCredentials(username, "guess", device, start + i)));
    expect(results).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe(`the login doors' throttles on ${testDriver}`, () => {
  const post = (username: string, password: string, ip: string, cookie?: string) => {
    const request = formPost("/admin/login", { username, password });
    if (cookie) request.headers.set("cookie", cookie);
    return loginAction(routeArgs(request, {}, testContext(ip))) as Promise<
      Response | { init: ResponseInit }
    >;
  };
  const status = (answer: Response | { init: ResponseInit }) =>
    answer instanceof Response ? answer.status : answer.init.status;

  it("the login form: 30 concurrent wrong passwords get at most N checks; a known device's cookie gets through the account's lock", async () => {
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF: "3" });
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: "3" });
    const username = await account();
    const owner = await post(username, staffPassword, address());
    expect(status(owner)).toBe(303);
    const deviceCookie = (owner as Response).headers
      .getSetCookie()
      .find((c) => c.startsWith("wf_device="))!;
    expect(deviceCookie).toMatch(/HttpOnly/i);
    expect(deviceCookie).toMatch(/SameSite=Lax/i);

    const attacker = address();
    const statuses = (
      await Promise.all(Array.from({ length: 30 }, () => post(username, "guess", attacker)))
    ).map(status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    // The account's count is spent: a fresh address is held back, the known device is not.
    expect(status(await post(username, staffPassword, address()))).toBe(429);
    const cookie = cookiesFrom(owner as Response);
    expect(status(await post(username, staffPassword, address(), cookie))).toBe(303);
    // The cookie vouches only for the account that signed in on that device.
    const other = await account();
    const door = await loginDoor(
      new Request("http://localhost/", { headers: { cookie } }),
      address(),
      other,
    );
    expect(door.knownDevice).toBeUndefined();
  });

  it("login.php: the same rules", async () => {
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF: "4" });
    const username = await account();
    const attacker = address();
    const post = (password: string, ip: string) =>
      jsonLoginAction(
        routeArgs(
          new Request("http://localhost/api/admin/login.php", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ username, password }),
          }),
          {},
          testContext(ip),
        ),
      ) as Promise<Response>;
    const answers = await Promise.all(Array.from({ length: 30 }, () => post("guess", attacker)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(4);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(26);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused[0]!.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many login attempts/),
    });
    expect((await post(staffPassword, address())).status).toBe(200);
  });
});
