import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { staffRecoveryCodes, staffUsers } from "../../db/schema";
import { requireStaff } from "~/server/auth.server";
import { resetTwoFactor } from "~/models/staff-user.server";
import { beginEnrolment, confirmEnrolment, twoFactorState } from "~/models/two-factor.server";
import { action as loginAction } from "~/routes/admin_.login";
import { action as codeAction, loader as codeLoader } from "~/routes/admin_.login_.code";
import { action as securityAction, loader as securityLoader } from "~/routes/admin.security";
import { action as jsonLoginAction } from "~/routes/api.admin.login[.php]";
import { cookiesFrom, createTestStaff, staffPassword } from "../support/admin";
import { formPost, testContext, routeArgs, type RouteHandler } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { useSettings } from "../support/settings";
import { responseOf } from "../support/answers";

// Each password check is real scrypt (about 100 ms, 32 MiB); a test here makes dozens, which on a
// machine busy with other tests takes longer than the usual 30 seconds.
vi.setConfig({ testTimeout: 120_000 });

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

// The clock stands still during each test: a slow step (hashing the password on a busy machine)
// must not carry a code into the next 30-second window, where "the same code again" would be a
// new one and accepted. Only Date is frozen; timers and the database run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(vi.getRealSystemTime());
});
afterEach(() => {
  vi.useRealTimers();
});

let addresses = 0;
const context = () => testContext(`198.19.${Math.floor(++addresses / 250)}.${addresses % 250}`);
const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

type Answer =
  | Response
  | {
      data: { result?: { error?: Record<string, string[]> }; recoveryCodes?: string[] };
      init: ResponseInit | null;
    };
const status = (answer: Answer) =>
  answer instanceof Response ? answer.status : (answer.init?.status ?? 200);

function post(action: RouteHandler, url: string, fields: Record<string, string>, cookie = "") {
  const request = formPost(url, fields);
  if (cookie) request.headers.set("cookie", cookie);
  return action(routeArgs(request, {}, context())) as Promise<Answer>;
}

/** A staff account with the second factor on; returns its secret and recovery codes. */
async function enrolled(username: string) {
  const created = await createTestStaff(handle.db, username);
  const staff = { ...created, twoFactor: false };
  await beginEnrolment(staff.id);
  const state = await twoFactorState(staff);
  if (state.enabled || !state.pending) throw new Error("no pending secret");
  const enrolledAt = Date.now() - 60_000;
  const recoveryCodes = await confirmEnrolment(
    staff,
    codeAt(state.pending.secret, enrolledAt),
    enrolledAt,
  );
  if (!recoveryCodes) throw new Error("enrolment refused");
  return { staff: { ...staff, twoFactor: true }, secret: state.pending.secret, recoveryCodes };
}

const passwordStep = (username: string) =>
  post(loginAction, "/admin/login", {
    username,
    password: staffPassword,
    redirectTo: "/admin/repairs",
  });

describe(`enrolment on ${testDriver}`, () => {
  it("shows a QR code and the key until a code confirms it, then keeps only the sealed secret and hashed recovery codes", async () => {
    const created = await createTestStaff(handle.db, "enrol-me");
    const staff = { ...created, twoFactor: false };
    const cookie = cookiesFrom(responseOf(await passwordStep("enrol-me")));
    const page = (path: string) => new Request(`http://localhost${path}`, { headers: { cookie } });

    expect(await securityLoader(routeArgs(page("/admin/security"), {}, context()))).toMatchObject({
      state: { enabled: false },
    });
    expect(status(await post(securityAction, "/admin/security", { intent: "begin" }, cookie))).toBe(
      303,
    );
    const shown = (await securityLoader(routeArgs(page("/admin/security"), {}, context()))) as {
      state: { pending: { secret: string; qrCode: string; otpauthUri: string } };
    };
    const { secret, qrCode, otpauthUri } = shown.state.pending;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1]!, "base64").toString()).not.toMatch(/<style|style=/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/WeFix:enrol-me\?/);
    expect(otpauthUri).toContain(`secret=${secret}`);

    const wrong = await post(
      securityAction,
      "/admin/security",
      { intent: "confirm", code: "000000" },
      cookie,
    );
    expect(status(wrong)).toBe(400);
    expect((await twoFactorState(staff)).enabled).toBe(false);

    const confirmed = (await post(
      securityAction,
      "/admin/security",
      { intent: "confirm", code: codeAt(secret) },
      cookie,
    )) as Exclude<Answer, Response>;
    expect(status(confirmed)).toBe(200);
    const codes = confirmed.data.recoveryCodes!;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);

    const [row] = await handle.db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(row!.totpEnabledAt).toBeInstanceOf(Date);
    expect(row!.totpPendingSecret).toBeNull();
    expect(row!.totpSecret).toMatch(/^v1\./);
    const stored = JSON.stringify(
      await handle.db
        .select()
        .from(staffRecoveryCodes)
        .where(eq(staffRecoveryCodes.staffUserId, staff.id)),
    );
    expect(JSON.stringify(row)).not.toContain(secret);
    for (const code of codes) expect(stored).not.toContain(code.replace("-", ""));

    // Once on, the page never shows the secret again.
    const after = await securityLoader(routeArgs(page("/admin/security"), {}, context()));
    expect(JSON.stringify(after)).not.toContain(secret);
    expect(after).toMatchObject({ state: { enabled: true, recoveryCodesLeft: 10 } });
  });
});

describe(`two-step login on ${testDriver}`, () => {
  it("asks for the code after the password without opening a session, and opens it only with a right code", async () => {
    const { secret } = await enrolled("two-step");
    const first = responseOf(await passwordStep("two-step"));
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/admin/login/code");
    expect(first.headers.getSetCookie().some((c) => c.startsWith("wf_staff="))).toBe(false);
    const pending = cookiesFrom(first);
    // The pending cookie opens nothing.
    await expect(
      requireStaff(
        new Request("http://localhost/admin/dashboard", { headers: { cookie: pending } }),
      ),
    ).rejects.toMatchObject({ status: 302 });
    expect(
      await codeLoader(
        routeArgs(
          new Request("http://localhost/admin/login/code", { headers: { cookie: pending } }),
          {},
          context(),
        ),
      ),
    ).toMatchObject({
      username: "two-step",
    });

    const wrong = (await post(
      codeAction,
      "/admin/login/code",
      { code: "123456" },
      pending,
    )) as Exclude<Answer, Response>;
    expect(status(wrong)).toBe(401);
    expect(wrong.data.result?.error?.code?.[0]).toMatch(/^That code is not right/);

    const right = responseOf(
      await post(codeAction, "/admin/login/code", { code: codeAt(secret) }, pending),
    );
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/admin/repairs");
    const cookies = right.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("wf_staff="))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith("wf_pending_login="))).toMatch(/Max-Age=0/);
    const session = cookiesFrom(right);
    expect(
      await requireStaff(
        new Request("http://localhost/admin/dashboard", { headers: { cookie: session } }),
      ),
    ).toMatchObject({ username: "two-step", twoFactor: true });

    // The same code again, within its 30 seconds: refused.
    const again = responseOf(await passwordStep("two-step"));
    expect(
      status(
        await post(codeAction, "/admin/login/code", { code: codeAt(secret) }, cookiesFrom(again)),
      ),
    ).toBe(401);
  });

  it("takes each recovery code once", async () => {
    const { recoveryCodes } = await enrolled("recovering");
    const pending = cookiesFrom(responseOf(await passwordStep("recovering")));
    expect(
      status(
        await post(
          codeAction,
          "/admin/login/code",
          { code: recoveryCodes[3]!.toUpperCase() },
          pending,
        ),
      ),
    ).toBe(303);
    const again = cookiesFrom(responseOf(await passwordStep("recovering")));
    expect(
      status(await post(codeAction, "/admin/login/code", { code: recoveryCodes[3]! }, again)),
    ).toBe(401);
    expect(
      status(await post(codeAction, "/admin/login/code", { code: recoveryCodes[4]! }, again)),
    ).toBe(303);
  });

  it("sends a code step without a recent password step back to the login page", async () => {
    const answer = await codeLoader(
      routeArgs(new Request("http://localhost/admin/login/code"), {}, context()),
    ).catch((e: unknown) => e);
    expect((answer as Response).headers.get("location")).toBe("/admin/login");
    const forged = await post(
      codeAction,
      "/admin/login/code",
      { code: "123456" },
      "wf_pending_login=eyJzdGFmZklkIjoxfQ%3D%3D",
    ).catch((e: unknown) => e);
    expect((forged as Response).status).toBe(303);
    expect((forged as Response).headers.get("location")).toBe("/admin/login");
  });

  it("throttles the code step: 30 concurrent guesses get at most N checks", async () => {
    useSettings({ RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF: "5" });
    await enrolled("guessed");
    const pending = cookiesFrom(responseOf(await passwordStep("guessed")));
    const request = () => {
      const r = formPost("/admin/login/code", { code: "000000" });
      r.headers.set("cookie", pending);
      return codeAction(routeArgs(r, {}, testContext("198.19.250.1"))) as Promise<Answer>;
    };
    const statuses = (await Promise.all(Array.from({ length: 30 }, request))).map(status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it("keeps a return path given at the password step on this site", async () => {
    const { secret } = await enrolled("returning");
    const first = responseOf(
      await post(loginAction, "/admin/login", {
        username: "returning",
        password: staffPassword,
        redirectTo: "/..//evil.example/x",
      }),
    );
    const right = responseOf(
      await post(codeAction, "/admin/login/code", { code: codeAt(secret) }, cookiesFrom(first)),
    );
    expect(right.headers.get("location")).toBe("/admin/dashboard");
  });
});

describe(`login.php with a second factor on ${testDriver}`, () => {
  const jsonLogin = (body: Record<string, unknown>) =>
    jsonLoginAction(
      routeArgs(
        new Request("http://localhost/api/admin/login.php", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
        {},
        context(),
      ),
    ) as Promise<Response>;

  it("answers 401 'code required' without the code, and a token with a right one", async () => {
    const { secret } = await enrolled("json-two-step");
    const missing = await jsonLogin({ username: "json-two-step", password: staffPassword });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({
      success: false,
      codeRequired: true,
      message: expect.stringMatching(/^Code required/),
    });
    const wrong = await jsonLogin({
      username: "json-two-step",
      password: staffPassword,
      code: "000000",
    });
    expect(wrong.status).toBe(401);
    const right = await jsonLogin({
      username: "json-two-step",
      password: staffPassword,
      code: codeAt(secret),
    });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ success: true, token: expect.any(String) });
    const replayed = await jsonLogin({
      username: "json-two-step",
      password: staffPassword,
      code: codeAt(secret),
    });
    expect(replayed.status).toBe(401);
  });
});

describe(`STAFF_2FA=required on ${testDriver}`, () => {
  it("sends staff without a second factor to enrolment and keeps every other admin page closed until done", async () => {
    useSettings({ STAFF_2FA: "required" });
    await createTestStaff(handle.db, "must-enrol");
    const loggedIn = responseOf(await passwordStep("must-enrol"));
    expect(loggedIn.headers.get("location")).toBe("/admin/security");
    const cookie = cookiesFrom(loggedIn);
    for (const path of [
      "/admin/dashboard",
      "/admin/repairs?status=pending",
      "/admin/outbox.data",
    ]) {
      const refused = await requireStaff(
        new Request(`http://localhost${path}`, { headers: { cookie } }),
      ).catch((e: unknown) => e);
      expect((refused as Response).headers.get("location")).toBe("/admin/security");
    }
    expect(
      await requireStaff(new Request("http://localhost/admin/security", { headers: { cookie } })),
    ).toMatchObject({ username: "must-enrol" });
    expect(
      await requireStaff(
        new Request("http://localhost/admin/security.data", { headers: { cookie } }),
      ),
    ).toMatchObject({ username: "must-enrol" });

    const json = responseOf(
      await jsonLoginAction(
        routeArgs(
          new Request("http://localhost/api/admin/login.php", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ username: "must-enrol", password: staffPassword }),
          }),
          {},
          context(),
        ),
      ),
    );
    expect(json.status).toBe(403);
  });

  it("does not let staff turn it off, and lets enrolled staff everywhere", async () => {
    useSettings({ STAFF_2FA: "required" });
    const { secret } = await enrolled("enrolled-required");
    const pending = cookiesFrom(responseOf(await passwordStep("enrolled-required")));
    const cookie = cookiesFrom(
      responseOf(await post(codeAction, "/admin/login/code", { code: codeAt(secret) }, pending)),
    );
    expect(
      await requireStaff(new Request("http://localhost/admin/dashboard", { headers: { cookie } })),
    ).toMatchObject({ twoFactor: true });
    const refused = await post(
      securityAction,
      "/admin/security",
      { intent: "disable", code: codeAt(secret, Date.now() + 30_000) },
      cookie,
    );
    expect(status(refused)).toBe(409);
  });
});

describe(`turning it off and new recovery codes on ${testDriver}`, () => {
  it("needs a current code for either, and old recovery codes stop working", async () => {
    const { secret, recoveryCodes, staff } = await enrolled("changing");
    const pending = cookiesFrom(responseOf(await passwordStep("changing")));
    const cookie = cookiesFrom(
      responseOf(await post(codeAction, "/admin/login/code", { code: recoveryCodes[0]! }, pending)),
    );

    expect(
      status(
        await post(
          securityAction,
          "/admin/security",
          { intent: "regenerate", code: "000000" },
          cookie,
        ),
      ),
    ).toBe(401);
    const renewed = (await post(
      securityAction,
      "/admin/security",
      { intent: "regenerate", code: codeAt(secret) },
      cookie,
    )) as Exclude<Answer, Response>;
    expect(status(renewed)).toBe(200);
    const fresh = renewed.data.recoveryCodes!;
    expect(fresh).toHaveLength(10);
    expect(
      status(
        await post(
          securityAction,
          "/admin/security",
          { intent: "disable", code: recoveryCodes[1]! },
          cookie,
        ),
      ),
    ).toBe(401);
    expect(
      status(
        await post(
          securityAction,
          "/admin/security",
          { intent: "disable", code: fresh[0]! },
          cookie,
        ),
      ),
    ).toBe(303);
    expect(await twoFactorState(staff)).toEqual({ enabled: false });
    // The password alone signs in again.
    expect(responseOf(await passwordStep("changing")).headers.get("location")).toBe(
      "/admin/repairs",
    );
  });
});

describe(`admin:create --reset-2fa on ${testDriver}`, () => {
  it("turns off the second factor of a staff member who lost phone and recovery codes", async () => {
    const { staff } = await enrolled("lost-phone");
    expect(await resetTwoFactor("LOST-PHONE")).toBe(true);
    expect(await twoFactorState(staff)).toEqual({ enabled: false });
    expect(await resetTwoFactor("nobody-at-all")).toBe(false);
  });
});
