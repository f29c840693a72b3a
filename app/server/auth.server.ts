import { createCookie, data } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import {
  enrolmentRequiredToast,
  invalidCodeMessage,
  invalidCredentialsMessage,
  tooManyLoginsMessage,
  unauthorizedToast,
} from "~/content/messages/admin-messages";
import { fromSettings } from "~/server/env.server";
import { endPendingLogin, knownDeviceFor, rememberDevice } from "~/server/login-cookies.server";
import { findLoginAccount } from "~/models/staff-user.server";
import {
  revokeSession,
  sessionLifetime,
  sessionRefOfToken,
  staffForToken,
  startSession,
  type Staff,
} from "~/models/staff-session.server";
import { admitLoginAttempt, type LoginDoor, type LoginStep } from "~/models/login-throttle.server";
import { decoyPasswordHash, verifyPassword } from "~/server/password.server";
import { redirectWithToast } from "~/server/toast.server";
import { spendSecondFactor, twoFactorRequired } from "~/models/two-factor.server";
import { securityPath } from "~/utils/two-factor-settings";
import { crossSiteMessage, isCrossSiteRequest, siteOrigin } from "~/utils/same-origin";
import { loginSchema } from "~/schemas/admin-login";

export class LoginRefused extends Error {
  constructor(
    readonly status: 401 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The address and (when it signed in to this account before) the device an attempt comes from. */
export async function loginDoor(
  request: Request,
  clientIp: string,
  username: string,
): Promise<LoginDoor> {
  return { clientIp, knownDevice: await knownDeviceFor(request, username) };
}

async function admit(step: LoginStep, username: string, door: LoginDoor, now: number) {
  const attempt = await admitLoginAttempt(step, username, door, now);
  if (!attempt.allowed)
    throw new LoginRefused(
      429,
      tooManyLoginsMessage(attempt.retryAfterSeconds),
      attempt.retryAfterSeconds,
    );
  return attempt;
}

/**
 * Checks a username and password. The attempt is counted before the password is checked, so
 * concurrent guesses cannot overrun the throttle. An unknown user costs the same scrypt work as
 * a wrong password, so the answer and its timing reveal nothing.
 */
export async function verifyCredentials(
  username: string,
  password: string,
  door: LoginDoor,
  now = Date.now(),
): Promise<Staff> {
  const attempt = await admit("password", username, door, now);
  const user = await findLoginAccount(username);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  // A disabled account gets the same answer as a wrong password: nothing tells it apart.
  if (!user || !valid || user.disabled) throw new LoginRefused(401, invalidCredentialsMessage);
  await attempt.succeeded();
  return { id: user.id, username: user.username, twoFactor: user.twoFactor, role: user.role };
}

/**
 * remix-auth with a form strategy: the login form's username and password, checked through the
 * throttle of the address the attempt comes from.
 */
export function passwordAuthenticator(clientIp: string) {
  return new Authenticator<Staff>().use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginRefused(401, invalidCredentialsMessage);
      const { username, password } = parsed.data;
      return verifyCredentials(username, password, await loginDoor(request, clientIp, username));
    }),
    "form",
  );
}

/** The second step: an authenticator code or a recovery code, throttled like the password. */
export async function verifySecondFactor(
  staff: Pick<Staff, "id" | "username">,
  code: string,
  door: LoginDoor,
  now = Date.now(),
) {
  const attempt = await admit("code", staff.username, door, now);
  const spent = await spendSecondFactor(staff, code, now);
  if (!spent) throw new LoginRefused(401, invalidCodeMessage);
  await attempt.succeeded();
  return spent;
}

/**
 * HttpOnly, SameSite=Lax; in production Secure with the __Host- prefix (this host, path /, HTTPS
 * only).
 */
const sessionCookie = fromSettings(({ production, sessionSecret }) =>
  createCookie(production ? "__Host-wf_staff" : "wf_staff", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: production,
    maxAge: sessionLifetime.absoluteMs / 1000,
    secrets: [sessionSecret],
  }),
);

async function cookieToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : undefined;
}

/**
 * A fresh session for a staff member who passed every step of the login; any session the browser
 * had ends, a pending second step is dropped, and the device is known to the account from now on.
 */
export async function startCookieSession(
  request: Request,
  staff: Pick<Staff, "id" | "username">,
): Promise<Headers> {
  await revokeSession(await cookieToken(request));
  const token = await startSession(
    staff.id,
    "cookie",
    new Date(),
    request.headers.get("user-agent"),
  );
  const headers = new Headers();
  headers.append("set-cookie", await sessionCookie().serialize(token));
  headers.append("set-cookie", await rememberDevice(request, staff.username));
  headers.append("set-cookie", await endPendingLogin());
  return headers;
}

/** Ends the browser's session on the server and returns the header that clears its cookie. */
export async function endCookieSession(request: Request): Promise<Headers> {
  await revokeSession(await cookieToken(request));
  return new Headers({ "set-cookie": await sessionCookie().serialize("", { maxAge: 0 }) });
}

// Parallel loaders of one request share the Request object: check its session once.
const checked = new WeakMap<Request, Promise<Staff | undefined>>();

/** The reference under which the browser's own session shows in a list of sessions. */
export const cookieSessionRef = async (request: Request) =>
  sessionRefOfToken(await cookieToken(request));

export function staffFromCookie(request: Request): Promise<Staff | undefined> {
  let staff = checked.get(request);
  if (!staff) {
    staff = cookieToken(request).then((token) => staffForToken(token, "cookie"));
    checked.set(request, staff);
  }
  return staff;
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(request: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
}

export function staffFromBearer(request: Request): Promise<Staff | undefined> {
  return staffForToken(bearerToken(request), "bearer");
}

/**
 * Refuses a state-changing request another site made the browser send. The request gate refuses
 * these before the app runs; this is the same rule for code that runs without the gate.
 */
export function requireSameOrigin(request: Request) {
  // The app's URL is built on PUBLIC_URL; its Host header is the host the client addressed.
  const url = new URL(request.url);
  const site = siteOrigin(url.protocol, request.headers.get("host") ?? url.host);
  if (isCrossSiteRequest(request.method, request.headers, site))
    throw data(crossSiteMessage, { status: 403 });
}

/** The page the staff member asked for, without the router's data-request suffix and parameter. */
function requestedPath(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

/**
 * Every /admin loader and action starts here: a live cookie session, and for changes a request
 * from this site. Without a session: the Unauthorized toast and the login page, which returns
 * the staff member to the page they wanted. With STAFF_2FA=required, an account without a
 * second factor sees only the page that sets one up.
 */
export async function requireStaff(request: Request): Promise<Staff> {
  requireSameOrigin(request);
  const staff = await staffFromCookie(request);
  if (staff) {
    if (
      !staff.twoFactor &&
      twoFactorRequired() &&
      requestedPath(request).split("?")[0] !== securityPath
    ) {
      throw await redirectWithToast(securityPath, enrolmentRequiredToast);
    }
    return staff;
  }
  throw await redirectWithToast(
    `/admin/login?${new URLSearchParams({ redirectTo: requestedPath(request) })}`,
    unauthorizedToast,
  );
}
