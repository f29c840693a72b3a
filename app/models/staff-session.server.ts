import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Transaction } from "#db/client";
import { staffSessions, staffUsers } from "#db/schema";
import { database } from "~/server/db.server";
import { settings } from "~/server/env.server";

/** `twoFactor`: the account signs in with an authenticator code after its password. */
export type Staff = { id: number; username: string; twoFactor: boolean; role: StaffRole };
export type StaffRole = (typeof staffUsers.$inferSelect)["role"];
export type SessionKind = "cookie" | "bearer";

/** A session ends 12 h after login whatever happens, or after 1 h without a request. */
export const sessionLifetime = { absoluteMs: 12 * 60 * 60 * 1000, idleMs: 60 * 60 * 1000 } as const;

export const twoFactorEnabled = sql<boolean>`${staffUsers.totpEnabledAt} is not null`;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** What the column keeps of a User-Agent header: its first 300 characters, no control characters. */
const userAgentMax = 300;
const storedUserAgent = (userAgent: string | null | undefined) =>
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  userAgent?.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, userAgentMax) || null;

/**
 * Opens a session and returns its token; only the token's hash is stored, with the browser it was
 * opened from (its User-Agent header) for the owner's list of devices.
 */
export async function startSession(
  staffUserId: number,
  kind: SessionKind,
  now = new Date(),
  userAgent?: string | null,
): Promise<string> {
  const db = await database();
  const token = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffUserId,
    kind,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionLifetime.absoluteMs),
    userAgent: storedUserAgent(userAgent),
  });
  // Dead sessions can never be used again; logins are rare enough to tidy them up here.
  await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.expiresAt, now),
        lt(staffSessions.lastSeenAt, new Date(now.getTime() - sessionLifetime.idleMs)),
      ),
    );
  return token;
}

/** The staff member behind a live session token of that kind; the request counts as activity. */
export async function staffForToken(
  token: string | null | undefined,
  kind: SessionKind,
  now = new Date(),
): Promise<Staff | undefined> {
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
        isNull(staffUsers.disabledAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - sessionLifetime.idleMs)),
      ),
    )
    .returning({
      id: staffUsers.id,
      username: staffUsers.username,
      twoFactor: twoFactorEnabled,
      role: staffUsers.role,
    });
  return staff;
}

export async function revokeSession(token: string | null | undefined) {
  if (!token || !tokenPattern.test(token)) return;
  const db = await database();
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

/**
 * The name a session goes by on the page: 16 hex characters of an HMAC of its token hash with the
 * server's secret. The hash itself never leaves the server, and this cannot be turned back into
 * it; a form names a session by it, and the server finds the row by computing it again.
 */
const sessionRefOf = (tokenHash: string) =>
  createHmac("sha256", settings().sessionSecret).update(tokenHash).digest("hex").slice(0, 16);

/** The reference of the session a token opens, to mark "this browser" in a list. */
export const sessionRefOfToken = (token: string | null | undefined) =>
  token && tokenPattern.test(token) ? sessionRefOf(hashToken(token)) : undefined;

/** A session that still lets its holder in: not past its end, not idle too long. */
const isLive = (now: Date) =>
  and(
    gt(staffSessions.expiresAt, now),
    gt(staffSessions.lastSeenAt, new Date(now.getTime() - sessionLifetime.idleMs)),
  );

export type LiveSession = {
  staffUserId: number;
  ref: string;
  kind: SessionKind;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

/** The live sessions of these accounts, most recently used first. */
export async function liveSessions(
  staffUserIds: number[],
  now = new Date(),
): Promise<LiveSession[]> {
  if (!staffUserIds.length) return [];
  const db = await database();
  const rows = await db
    .select({
      tokenHash: staffSessions.tokenHash,
      staffUserId: staffSessions.staffUserId,
      kind: staffSessions.kind,
      userAgent: staffSessions.userAgent,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .where(and(inArray(staffSessions.staffUserId, staffUserIds), isLive(now)))
    .orderBy(desc(staffSessions.lastSeenAt), asc(staffSessions.createdAt));
  return rows.map(({ tokenHash, ...row }) => ({ ...row, ref: sessionRefOf(tokenHash) }));
}

/**
 * Ends an account's sessions inside the caller's transaction: the one `ref` names, or all of them.
 * Returns what ended, for the audit entry.
 */
export async function endSessions(
  tx: Transaction,
  staffUserId: number,
  ref?: string,
): Promise<{ kind: SessionKind; userAgent: string | null }[]> {
  const rows = await tx
    .select({
      tokenHash: staffSessions.tokenHash,
      kind: staffSessions.kind,
      userAgent: staffSessions.userAgent,
    })
    .from(staffSessions)
    .where(eq(staffSessions.staffUserId, staffUserId))
    .for("update");
  const ending =
    ref === undefined ? rows : rows.filter((row) => sessionRefOf(row.tokenHash) === ref);
  if (!ending.length) return [];
  await tx.delete(staffSessions).where(
    inArray(
      staffSessions.tokenHash,
      ending.map((row) => row.tokenHash),
    ),
  );
  return ending.map(({ kind, userAgent }) => ({ kind, userAgent }));
}
