import { createHash, randomBytes } from "node:crypto";
import { createCookie, data, type Cookie } from "@remix-run/node";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { staffSessions, staffUsers } from "#db/schema";
import { loginSchema } from "~/schemas/admin-login";
import { unauthorizedToast } from "./admin-messages";
import { database } from "./db.server";
import { isProduction, sessionSecret } from "./env.server";
import { decoyPasswordHash, verifyPassword } from "./password.server";
import { hitRateLimit, peekRateLimit, rateLimitSettings, type RateLimitResult } from "./rate-limit.server";
import { redirectWithToast } from "./toast.server";

export type Staff = { id: number; username: string };
export type SessionKind = "cookie" | "bearer";

/** A session ends 12 h after login whatever happens, or after 1 h without a request. */
export const sessionLifetime = { absoluteMs: 12 * 60 * 60 * 1000, idleMs: 60 * 60 * 1000 } as const;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Opens a session and returns its token; only the token's hash is stored. */
export async function startSession(staffUserId: number, kind: SessionKind, now = new Date()): Promise<string> {
  const db = await database();
  const token = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffUserId,
    kind,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionLifetime.absoluteMs),
  });
  // Dead sessions can never be used again; logins are rare enough to tidy them up here.
  await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, new Date(now.getTime() - sessionLifetime.idleMs))));
  return token;
}

/** The staff member behind a live session token of that kind; the request counts as activity. */
export async function staffForToken(token: string | null | undefined, kind: SessionKind, now = new Date()): Promise<Staff | undefined> {
  if (!token || !tokenPattern.test(token)) return undefined;
  const db = await database();
  const [staff] = await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .from(staffUsers)
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        eq(staffSessions.kind, kind),
        eq(staffUsers.id, staffSessions.staffUserId),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - sessionLifetime.idleMs)),
      ),
    )
    .returning({ id: staffUsers.id, username: staffUsers.username });
  return staff;
}

export async function revokeSession(token: string | null | undefined) {
  if (!token || !tokenPattern.test(token)) return;
  const db = await database();
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

export class LoginRefused extends Error {
  constructor(
    readonly status: 401 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Every login attempt from one address counts, successful or not. */
export function hitLoginRateLimit(clientIp: string): Promise<RateLimitResult> {
  return hitRateLimit(`login:${clientIp}`, rateLimitSettings.login());
}

/**
 * Checks a username and password. An unknown user costs the same scrypt work as a wrong
 * password, so the answer and its timing reveal nothing. Failures count against the account
 * (whether it exists or not) and lock it for the rest of the hour once over the limit.
 */
export async function verifyCredentials(username: string, password: string, now = Date.now()): Promise<Staff> {
  const accountKey = `login-failures:${username.toLowerCase()}`;
  const limit = rateLimitSettings.loginFailuresPerAccount();
  const locked = await peekRateLimit(accountKey, limit, 3600, now);
  if (!locked.allowed) throw new LoginRefused(429, "Too many failed logins for this account.", locked.retryAfterSeconds);

  const db = await database();
  const [user] = await db
    .select({ id: staffUsers.id, username: staffUsers.username, passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = lower(${username})`);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (user && valid) return { id: user.id, username: user.username };

  await hitRateLimit(accountKey, limit, 3600, now);
  throw new LoginRefused(401, "Invalid username or password.");
}

/** remix-auth with a form strategy: the /admin/login form's username and password. */
export const authenticator = new Authenticator<Staff>().use(
  new FormStrategy(async ({ form }) => {
    const parsed = loginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new LoginRefused(401, "Invalid username or password.");
    return verifyCredentials(parsed.data.username, parsed.data.password);
  }),
  "form",
);

let cookie: Cookie | undefined;
/** HttpOnly, SameSite=Lax; in production Secure with the __Host- prefix (this host, path /, HTTPS only). */
function sessionCookie(): Cookie {
  cookie ??= createCookie(isProduction ? "__Host-wf_staff" : "wf_staff", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction,
    maxAge: sessionLifetime.absoluteMs / 1000,
    secrets: [sessionSecret()],
  });
  return cookie;
}

async function cookieToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : undefined;
}

/** A fresh session for a staff member who just logged in; any session the browser had ends. */
export async function startCookieSession(request: Request, staff: Staff): Promise<Headers> {
  await revokeSession(await cookieToken(request));
  const token = await startSession(staff.id, "cookie");
  return new Headers({ "set-cookie": await sessionCookie().serialize(token) });
}

/** Ends the browser's session on the server and returns the header that clears its cookie. */
export async function endCookieSession(request: Request): Promise<Headers> {
  await revokeSession(await cookieToken(request));
  return new Headers({ "set-cookie": await sessionCookie().serialize("", { maxAge: 0 }) });
}

// Parallel loaders of one request share the Request object: check its session once.
const checked = new WeakMap<Request, Promise<Staff | undefined>>();

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

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that another site made the browser send, the way Go's
 * CrossOriginProtection does: Sec-Fetch-Site when the browser sends it, else Origin against
 * Host. A request with neither comes from a non-browser client, which no cookie rides along with.
 */
export function requireSameOrigin(request: Request) {
  if (safeMethods.has(request.method)) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) {
    if (fetchSite === "same-origin" || fetchSite === "none") return;
  } else {
    const origin = request.headers.get("origin");
    if (!origin) return;
    try {
      if (new URL(origin).host === new URL(request.url).host) return;
    } catch {
      // "null" or garbage: refused below.
    }
  }
  throw data("This request came from another site and was refused.", { status: 403 });
}

/** Only a path on this site; anything else (other hosts, //evil, /\evil) becomes the dashboard. */
export function safeRedirectPath(to: string | null | undefined, fallback = "/admin/dashboard"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || /[\\\p{Cc}]/u.test(to)) return fallback;
  const url = new URL(to, "http://same.invalid");
  if (url.host !== "same.invalid" || ["/admin/login", "/admin/logout"].includes(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page the staff member asked for, without Remix's data-request parameter. */
function requestedPath(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  return `${url.pathname}${url.search}`;
}

/**
 * Every /admin loader and action starts here: a live cookie session, and for changes a request
 * from this site. Without a session: the Unauthorized toast and the login page, which returns
 * the staff member to the page they wanted.
 */
export async function requireStaff(request: Request): Promise<Staff> {
  requireSameOrigin(request);
  const staff = await staffFromCookie(request);
  if (staff) return staff;
  throw await redirectWithToast(`/admin/login?${new URLSearchParams({ redirectTo: requestedPath(request) })}`, unauthorizedToast);
}
