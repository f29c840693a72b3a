import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffSessions } from "../../db/schema";
import { openDatabase } from "../../db/client";
import {
  LoginRefused,
  requireStaff,
  startCookieSession,
  verifyCredentials,
} from "~/server/auth.server";
import {
  revokeSession,
  sessionLifetime,
  staffForToken,
  startSession,
  type Staff,
} from "~/models/staff-session.server";
import { installDatabase } from "~/server/db.server";
import type { LoginDoor } from "~/models/login-throttle.server";
import { getToast } from "~/server/toast.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin_.logout";
import { cookiesFrom, createTestStaff, staffPassword } from "../support/admin";
import { formPost, testContext, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { useSettings } from "../support/settings";
import { dataOf, responseOf, statusOf, thrownBy } from "../support/answers";

let handle: TestDatabase;
let staff: Staff;

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = {
    ...(await createTestStaff(handle.db, "Riley.Admin")),
    twoFactor: false,
    role: "technician",
  };
});
afterAll(() => handle.drop());

const minutes = (n: number) => n * 60 * 1000;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
let addresses = 0;
/** A door of its own for each test: a fresh address, no known device. */
const freshDoor = (): LoginDoor => ({ clientIp: `192.0.2.${++addresses}`, knownDevice: undefined });
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function login(
  fields: Record<string, string>,
  init: { cookie?: string; headers?: Record<string, string>; ip?: string } = {},
) {
  const request = formPost("/admin/login", fields);
  if (init.cookie) request.headers.set("cookie", init.cookie);
  for (const [name, value] of Object.entries(init.headers ?? {})) request.headers.set(name, value);
  return loginAction(routeArgs(request, {}, testContext(init.ip ?? freshDoor().clientIp)));
}

describe(`staff sessions on ${testDriver}`, () => {
  it("stores only the token's SHA-256, of the kind it was issued for", async () => {
    const token = await startSession(staff.id, "cookie");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await handle.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, sha256(token)));
    expect(row).toMatchObject({ staffUserId: staff.id, kind: "cookie" });
    expect(JSON.stringify(row)).not.toContain(token);

    expect(await staffForToken(token, "cookie")).toEqual(staff);
    expect(await staffForToken(token, "bearer")).toBeUndefined();
    expect(
      await staffForToken(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "cookie"),
    ).toBeUndefined();
    expect(await staffForToken("not a token", "cookie")).toBeUndefined();
    expect(await staffForToken(undefined, "cookie")).toBeUndefined();
  });

  it("ends after an hour without a request, and each request restarts that hour", async () => {
    const start = new Date("2026-05-01T12:00:00Z");
    const token = await startSession(staff.id, "bearer", start);
    expect(await staffForToken(token, "bearer", at(start, minutes(50)))).toEqual(staff);
    expect(await staffForToken(token, "bearer", at(start, minutes(100)))).toEqual(staff);
    expect(await staffForToken(token, "bearer", at(start, minutes(100 + 61)))).toBeUndefined();
  });

  it("ends 12 hours after login however active the staff member is", async () => {
    const start = new Date("2026-05-02T08:00:00Z");
    const token = await startSession(staff.id, "cookie", start);
    for (let elapsed = minutes(50); elapsed < sessionLifetime.absoluteMs; elapsed += minutes(50)) {
      expect(await staffForToken(token, "cookie", at(start, elapsed))).toEqual(staff);
    }
    expect(
      await staffForToken(token, "cookie", at(start, sessionLifetime.absoluteMs - 1000)),
    ).toEqual(staff);
    expect(
      await staffForToken(token, "cookie", at(start, sessionLifetime.absoluteMs + 1000)),
    ).toBeUndefined();
  });

  it("is refused at once after it is revoked", async () => {
    const token = await startSession(staff.id, "bearer");
    expect(await staffForToken(token, "bearer")).toEqual(staff);
    await revokeSession(token);
    expect(await staffForToken(token, "bearer")).toBeUndefined();
  });
});

describe(`credentials on ${testDriver}`, () => {
  it("accepts the right password, the username in any case", async () => {
    expect(await verifyCredentials("riley.admin", staffPassword, freshDoor())).toEqual(staff);
  });

  it("answers a wrong password and an unknown user the same way", async () => {
    const wrong = await verifyCredentials(staff.username, "wrong password", freshDoor()).catch(
      (e: unknown) => e,
    );
    const unknown = await verifyCredentials("nobody-here", staffPassword, freshDoor()).catch(
      (e: unknown) => e,
    );
    for (const error of [wrong, unknown]) {
      expect(error).toBeInstanceOf(LoginRefused);
      expect(error).toMatchObject({ status: 401, message: "Invalid username or password." });
    }
  });
});

describe(`the login and logout pages on ${testDriver}`, () => {
  it("logs in with a fresh HttpOnly, SameSite=Lax session cookie and goes to the page asked for", async () => {
    const response = responseOf(
      await login({
        username: staff.username,
        password: staffPassword,
        redirectTo: "/admin/repairs?status=pending",
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/repairs?status=pending");
    const setCookies = response.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith("wf_staff="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=43200/);
    expect(session).not.toMatch(/Secure/i);

    const { toast } = await getToast(
      new Request("http://localhost/", { headers: { cookie: cookiesFrom(response) } }),
    );
    expect(toast).toMatchObject({
      type: "success",
      title: "Login Successful!",
      description: "Redirecting to admin dashboard.",
    });

    const request = new Request("http://localhost/admin/dashboard", {
      headers: { cookie: cookiesFrom(response) },
    });
    expect(await requireStaff(request)).toEqual(staff);
  });

  it("replaces the browser's earlier session at login", async () => {
    const first = responseOf(await login({ username: staff.username, password: staffPassword }));
    const second = responseOf(
      await login(
        { username: staff.username, password: staffPassword },
        { cookie: cookiesFrom(first) },
      ),
    );
    const still = (response: Response) =>
      requireStaff(
        new Request("http://localhost/admin", { headers: { cookie: cookiesFrom(response) } }),
      ).then(
        () => true,
        () => false,
      );
    expect(await still(first)).toBe(false);
    expect(await still(second)).toBe(true);
  });

  it("sends only same-site staff paths after login, however the return path is spelt", async () => {
    for (const redirectTo of [
      "//evil.example/",
      "/..//evil.example/x",
      "/.//evil.example/x",
      "/\\evil.example",
      "/%2f%2fevil.example",
      "/\t/evil.example",
      "https://evil.example/",
    ]) {
      const response = responseOf(
        await login({
          username: staff.username,
          password: staffPassword,
          redirectTo,
        }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/admin/dashboard");
    }
  });

  it("sends a signed-in staff member only to same-site staff paths from the login page", async () => {
    const cookie = cookiesFrom(
      responseOf(await login({ username: staff.username, password: staffPassword })),
    );
    for (const redirectTo of [
      "/.//evil.example/x",
      "/..//evil.example/x",
      "//evil.example",
      "/%5cevil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
    ]) {
      const request = new Request(
        `http://localhost/admin/login?${new URLSearchParams({ redirectTo })}`,
        { headers: { cookie } },
      );
      const redirect = responseOf(await thrownBy(loginLoader(routeArgs(request))));
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("location")).toBe("/admin/dashboard");
    }
  });

  it("answers a failed login with 401 and the Login Failed toast, keeping the password out", async () => {
    const failure = await login({ username: staff.username, password: "nope" });
    expect(statusOf(failure)).toBe(401);
    expect(dataOf(failure).toast).toMatchObject({
      type: "destructive",
      title: "Login Failed",
      description: "Invalid username or password.",
    });
    expect(JSON.stringify(dataOf(failure))).not.toContain("nope");
    const missing = await login({ username: "", password: "" });
    expect(statusOf(missing)).toBe(400);
  });

  it("stops an address that tries too often in a minute with 429", async () => {
    useSettings({ RATE_LIMIT_LOGIN_PER_MIN: "1" });
    const ip = "198.51.100.99";
    await login({ username: staff.username, password: "nope" }, { ip });
    const limited = await login({ username: staff.username, password: staffPassword }, { ip });
    expect(statusOf(limited)).toBe(429);
    expect(dataOf(limited).toast?.description).toMatch(/^Too many login attempts/);
  });

  it("refuses a login posted from another site", async () => {
    const crossSite = login(
      { username: staff.username, password: staffPassword },
      { headers: { "sec-fetch-site": "cross-site" } },
    );
    await expect(crossSite).rejects.toMatchObject({ init: { status: 403 } });
    const foreignOrigin = login(
      { username: staff.username, password: staffPassword },
      { headers: { origin: "https://evil.example" } },
    );
    await expect(foreignOrigin).rejects.toMatchObject({ init: { status: 403 } });
    const sameOrigin = responseOf(
      await login(
        { username: staff.username, password: staffPassword },
        { headers: { origin: "http://localhost" } },
      ),
    );
    expect(sameOrigin.status).toBe(303);
  });

  it("sends a signed-in staff member on from the login page", async () => {
    const response = responseOf(
      await login({
        username: staff.username,
        password: staffPassword,
      }),
    );
    const request = new Request("http://localhost/admin/login?redirectTo=%2Fadmin%2Frepair-items", {
      headers: { cookie: cookiesFrom(response) },
    });
    const redirect = await loginLoader(routeArgs(request)).catch((e: unknown) => e);
    expect((redirect as Response).headers.get("location")).toBe("/admin/repair-items");
  });

  it("revokes the session on logout, clears the cookie and says Logged Out", async () => {
    const loggedIn = responseOf(
      await login({
        username: staff.username,
        password: staffPassword,
      }),
    );
    const cookie = cookiesFrom(loggedIn);
    const request = new Request("http://localhost/admin/logout", {
      method: "POST",
      headers: { cookie },
    });
    const response = responseOf(await logoutAction(routeArgs(request)));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/login");
    expect(response.headers.getSetCookie().find((c) => c.startsWith("wf_staff="))).toMatch(
      /Max-Age=0/,
    );
    const { toast } = await getToast(
      new Request("http://localhost/", { headers: { cookie: cookiesFrom(response) } }),
    );
    expect(toast).toMatchObject({ title: "Logged Out" });
    // The old cookie, replayed, no longer opens anything.
    await expect(
      requireStaff(new Request("http://localhost/admin/dashboard", { headers: { cookie } })),
    ).rejects.toBeInstanceOf(Response);
  });
});

describe("logout when the database fails", () => {
  const logoutWith = (cookie: string) =>
    logoutAction(
      routeArgs(
        new Request("http://localhost/admin/logout", {
          method: "POST",
          headers: { cookie },
        }),
      ),
    );

  it("keeps the session and says so when the database is down, and lets any other fault reach the error handler", async () => {
    const cookie = cookiesFrom(
      responseOf(await login({ username: staff.username, password: staffPassword })),
    );
    const unreachable = await openDatabase({
      driver: "postgres",
      url: "postgres://nobody@127.0.0.1:1/none",
    });
    // A database without the tables: a query error that is no outage, a fault of ours.
    const broken = await openDatabase({ driver: "pglite", dir: "memory://" });
    try {
      installDatabase(unreachable);
      const down = responseOf(await logoutWith(cookie));
      expect(down.status).toBe(303);
      expect(down.headers.getSetCookie().some((c) => c.startsWith("wf_staff="))).toBe(false);
      const { toast } = await getToast(
        new Request("http://localhost/", { headers: { cookie: cookiesFrom(down) } }),
      );
      expect(toast).toMatchObject({ title: "Logout Failed" });

      installDatabase(broken);
      await expect(logoutWith(cookie)).rejects.toThrow(/staff_sessions/);
    } finally {
      installDatabase(handle);
      await Promise.all([unreachable.close(), broken.close()]);
    }
  });
});

describe(`requireStaff on ${testDriver}`, () => {
  it("sends a visitor without a session to the login page with the Unauthorized toast and the way back", async () => {
    const refused = await requireStaff(
      new Request("http://localhost/admin/repairs?status=pending&_routes=routes%2Fadmin"),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    const response = refused as Response;
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, "http://localhost");
    expect(location.pathname).toBe("/admin/login");
    expect(location.searchParams.get("redirectTo")).toBe("/admin/repairs?status=pending");
    const { toast } = await getToast(
      new Request("http://localhost/", { headers: { cookie: cookiesFrom(response) } }),
    );
    expect(toast).toMatchObject({
      type: "destructive",
      title: "Unauthorized",
      description: "Please log in to access this page.",
    });
  });

  it("refuses a change another site sends, even with a valid session", async () => {
    const loggedIn = responseOf(
      await login({
        username: staff.username,
        password: staffPassword,
      }),
    );
    const request = new Request("http://localhost/admin/repairs/1", {
      method: "POST",
      headers: { cookie: cookiesFrom(loggedIn), "sec-fetch-site": "cross-site" },
    });
    await expect(requireStaff(request)).rejects.toMatchObject({ init: { status: 403 } });
  });
});

describe("the session cookie in production", () => {
  it("is __Host- prefixed and Secure", async () => {
    useSettings({
      NODE_ENV: "production",
      SESSION_SECRET: "a production secret for this test only",
    });
    const headers = await startCookieSession(
      new Request("https://wefix.example/admin/login"),
      staff,
    );
    const cookie = headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__Host-wf_staff=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});
