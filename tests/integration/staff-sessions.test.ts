import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffSessions, staffUsers } from "../../db/schema";
import { staffForToken, startSession } from "~/models/staff-session.server";
import { beginEnrolment, confirmEnrolment, twoFactorState } from "~/models/two-factor.server";
import { action as securityAction, loader as securityLoader } from "~/routes/admin.security";
import { action as staffAction, loader as staffLoader } from "~/routes/admin.staff";
import { action as loginAction } from "~/routes/admin_.login";
import { action as loginApi } from "~/routes/api.admin.login[.php]";
import { staffFromCookie } from "~/server/auth.server";
import { getToast } from "~/server/toast.server";
import { auditTrailOf, cookiesFrom, createTestStaff, staffPassword } from "../support/admin";
import { dataOf, responseOf, statusOf } from "../support/answers";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * A staff member's sessions (docs/decisions/0044): the browser each was opened from, the owner's
 * list of them on the Staff page and one's own on Account & Security, ending one or all (audited),
 * and the owner turning off a lost phone's second factor.
 */

const phone =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const counterPc =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

let handle: TestDatabase;
let owner: { id: number; username: string; cookie: string };

/** Signs in through the login form from a browser with this User-Agent; returns the cookie. */
async function signIn(username: string, userAgent: string) {
  const request = formPost("/admin/login", { username, password: staffPassword });
  request.headers.set("user-agent", userAgent);
  return cookiesFrom(responseOf(await loginAction(routeArgs(request))));
}

const withCookie = (request: Request, cookie: string) => {
  request.headers.set("cookie", cookie);
  return request;
};

async function staffPage(cookie = owner.cookie) {
  return dataOf(
    await staffLoader(routeArgs(withCookie(new Request("http://localhost/admin/staff"), cookie))),
  );
}

async function sessionsOf(username: string, cookie = owner.cookie) {
  const page = await staffPage(cookie);
  return page.accounts.find((account) => account.username === username)!.sessions;
}

const postStaff = async (fields: Record<string, string>, cookie = owner.cookie) => {
  try {
    return await staffAction(routeArgs(withCookie(formPost("/admin/staff", fields), cookie)));
  } catch (thrown) {
    return thrown;
  }
};

const isSignedIn = async (cookie: string) =>
  (await staffFromCookie(withCookie(new Request("http://localhost/admin"), cookie))) !== undefined;

const lastAudit = async (staffUserId: number) =>
  (await auditTrailOf(handle.db, "staff_user", staffUserId)).at(-1)!;

beforeAll(async () => {
  handle = await installTestDatabase();
  const account = await createTestStaff(handle.db, "sessions-owner", "owner");
  owner = { ...account, cookie: await signIn(account.username, counterPc) };
});
afterAll(() => handle.drop());

describe(`staff sessions on ${testDriver}`, () => {
  it("keep the browser each was opened from, at most 300 characters and no control characters", async () => {
    const member = await createTestStaff(handle.db, "ua-member");
    await signIn(member.username, `${phone}\u0007${"x".repeat(400)}`);
    const apiLogin = new Request("http://localhost/api/admin/login.php", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "curl/8.5.0" },
      body: JSON.stringify({ username: member.username, password: staffPassword }),
    });
    expect((await loginApi(routeArgs(apiLogin))).status).toBe(200);
    const rows = await handle.db
      .select({ kind: staffSessions.kind, userAgent: staffSessions.userAgent })
      .from(staffSessions)
      .where(eq(staffSessions.staffUserId, member.id));
    const cookieRow = rows.find((row) => row.kind === "cookie")!;
    expect(cookieRow.userAgent).toHaveLength(300);
    expect(cookieRow.userAgent!.startsWith(`${phone}x`)).toBe(true);
    expect(rows.find((row) => row.kind === "bearer")?.userAgent).toBe("curl/8.5.0");

    expect(await sessionsOf(member.username)).toEqual([
      expect.objectContaining({ device: "API token (curl)", current: false }),
      expect.objectContaining({ device: "Chrome on Android", current: false }),
    ]);
  });

  it("are listed for the owner by an opaque reference, never the token's hash", async () => {
    const member = await createTestStaff(handle.db, "listed-member");
    await signIn(member.username, phone);
    const page = await staffPage();
    const [hash] = await handle.db
      .select({ tokenHash: staffSessions.tokenHash })
      .from(staffSessions)
      .where(eq(staffSessions.staffUserId, member.id));
    const [session] = page.accounts.find((a) => a.id === member.id)!.sessions;
    expect(session).toMatchObject({ device: "Chrome on Android", current: false });
    expect(session!.ref).toMatch(/^[0-9a-f]{16}$/);
    expect(session!.signedIn).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    const text = JSON.stringify(page);
    expect(text).not.toContain(hash!.tokenHash);
    expect(text).not.toContain(hash!.tokenHash.slice(0, 16));
    // The owner's own browser is marked as such on their own card.
    const mine = page.accounts.find((a) => a.id === owner.id)!.sessions;
    expect(mine.filter((s) => s.current)).toEqual([
      expect.objectContaining({ device: "Edge on Windows" }),
    ]);
  });

  it("end one at a time or all at once, at once and audited; one already ended says so", async () => {
    const member = await createTestStaff(handle.db, "ended-member");
    const onPhone = await signIn(member.username, phone);
    const atCounter = await signIn(member.username, counterPc);
    const [first, second] = await sessionsOf(member.username);
    const phoneSession = [first, second].find((s) => s!.device === "Chrome on Android")!;

    const ended = responseOf(
      await postStaff({ intent: "end_session", id: String(member.id), session: phoneSession.ref }),
    );
    expect(ended.status).toBe(303);
    expect(ended.headers.get("location")).toBe("/admin/staff");
    expect(await isSignedIn(onPhone)).toBe(false);
    expect(await isSignedIn(atCounter)).toBe(true);
    expect(await lastAudit(member.id)).toMatchObject({
      action: "staff.end_session",
      staffUserId: owner.id,
      summary: "Ended a session of ended-member: Chrome on Android",
    });

    const again = responseOf(
      await postStaff({ intent: "end_session", id: String(member.id), session: phoneSession.ref }),
    );
    expect(again.status).toBe(303);
    const { toast } = await getToast(
      new Request("http://localhost/", { headers: { cookie: cookiesFrom(again) } }),
    );
    expect(toast).toMatchObject({ title: "Error", description: "That session had already ended." });

    await signIn(member.username, phone);
    responseOf(await postStaff({ intent: "end_sessions", id: String(member.id) }));
    expect(await isSignedIn(atCounter)).toBe(false);
    expect(await sessionsOf(member.username)).toEqual([]);
    expect(await lastAudit(member.id)).toMatchObject({
      action: "staff.end_sessions",
      summary: expect.stringMatching(/^Ended 2 sessions of ended-member: /),
    });

    expect(
      statusOf(await postStaff({ intent: "end_session", id: "1", session: "not-a-ref" })),
    ).toBe(400);
  });

  it("ending the owner's own current session signs them out here", async () => {
    const cookie = await signIn(owner.username, phone);
    const current = (await sessionsOf(owner.username, cookie)).find((s) => s.current)!;
    const answer = responseOf(
      await postStaff(
        { intent: "end_session", id: String(owner.id), session: current.ref },
        cookie,
      ),
    );
    expect(answer.headers.get("location")).toBe("/admin/login");
    expect(answer.headers.get("set-cookie")).toMatch(/wf_staff=;/);
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(owner.cookie)).toBe(true);
  });

  it("a staff member sees and ends only their own on Account & Security", async () => {
    const member = await createTestStaff(handle.db, "own-member");
    const here = await signIn(member.username, counterPc);
    const there = await signIn(member.username, phone);
    const page = dataOf(
      await securityLoader(
        routeArgs(withCookie(new Request("http://localhost/admin/security"), here)),
      ),
    );
    expect(page.sessions.map((s) => [s.device, s.current])).toEqual(
      expect.arrayContaining([
        ["Edge on Windows", true],
        ["Chrome on Android", false],
      ]),
    );
    const other = page.sessions.find((s) => !s.current)!;
    // The account named in the form is ignored: one's own sessions only.
    const answer = responseOf(
      await securityAction(
        routeArgs(
          withCookie(
            formPost("/admin/security", {
              intent: "end_sessions",
              id: String(owner.id),
            }),
            there,
          ),
        ),
      ),
    );
    expect(answer.headers.get("location")).toBe("/admin/login");
    expect(await isSignedIn(here)).toBe(false);
    expect(await isSignedIn(owner.cookie)).toBe(true);
    expect(other.ref).toMatch(/^[0-9a-f]{16}$/);
    expect(await lastAudit(member.id)).toMatchObject({
      action: "staff.end_sessions",
      staffUserId: member.id,
    });
  });
});

describe(`the owner turns off a staff member's second factor on ${testDriver}`, () => {
  it("with the account's version, ending their sessions, audited; a stale page is refused", async () => {
    const member = await createTestStaff(handle.db, "lost-phone");
    await beginEnrolment(member.id);
    const state = await twoFactorState(member);
    if (state.enabled || !state.pending) throw new Error("no pending secret");
    const code = new TOTP({ secret: Secret.fromBase32(state.pending.secret) }).generate();
    expect(await confirmEnrolment(member, code)).toBeTruthy();
    const token = await startSession(member.id, "cookie", new Date(), phone);

    const card = () => staffPage().then((page) => page.accounts.find((a) => a.id === member.id)!);
    const before = await card();
    expect(before.twoFactor).toBe(true);

    // Someone changes the account first (a role change): the page's version is stale.
    responseOf(
      await postStaff({
        intent: "role",
        id: String(member.id),
        role: "front_desk",
        version: String(before.version),
      }),
    );
    const stale = await postStaff({
      intent: "reset_two_factor",
      id: String(member.id),
      version: String(before.version),
    });
    expect(statusOf(stale)).toBe(409);
    expect((await card()).twoFactor).toBe(true);

    const now = await card();
    const done = responseOf(
      await postStaff({
        intent: "reset_two_factor",
        id: String(member.id),
        version: String(now.version),
      }),
    );
    expect(done.status).toBe(303);
    const after = await card();
    expect(after).toMatchObject({ twoFactor: false, version: now.version + 1, sessions: [] });
    expect(await staffForToken(token, "cookie")).toBeUndefined();
    expect(await lastAudit(member.id)).toMatchObject({
      action: "staff.reset_two_factor",
      staffUserId: owner.id,
      summary: "Turned off two-factor sign-in for lost-phone",
    });
    const [row] = await handle.db
      .select({ secret: staffUsers.totpSecret })
      .from(staffUsers)
      .where(eq(staffUsers.id, member.id));
    expect(row!.secret).toBeNull();
  });
});
