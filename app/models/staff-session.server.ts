import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { staffSessions, staffUsers } from "#db/schema";
import { database } from "~/server/db.server";

/** `twoFactor`: the account signs in with an authenticator code after its password. */
export type Staff = { id: number; username: string; twoFactor: boolean; role: StaffRole };
export type StaffRole = (typeof staffUsers.$inferSelect)["role"];
export type SessionKind = "cookie" | "bearer";

/** A session ends 12 h after login whatever happens, or after 1 h without a request. */
export const sessionLifetime = { absoluteMs: 12 * 60 * 60 * 1000, idleMs: 60 * 60 * 1000 } as const;

export const twoFactorEnabled = sql<boolean>`${staffUsers.totpEnabledAt} is not null`;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Opens a session and returns its token; only the token's hash is stored. */
export async function startSession(
  staffUserId: number,
  kind: SessionKind,
  now = new Date(),
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
