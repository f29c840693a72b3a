import { randomBytes } from "node:crypto";
import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Transaction } from "#db/client";
import { staffSessions, staffUsers } from "#db/schema";
import { minPasswordLength, roleNames, usernamePattern } from "~/schemas/staff";
import { recordAudit } from "~/models/audit.server";
import {
  auditedChanges,
  ChangedMeanwhile,
  missedSince,
  type RecordChange,
} from "~/models/record-changes.server";
import type { AuditEntry } from "~/types/staff";
import { twoFactorEnabled, type Staff, type StaffRole } from "~/models/staff-session.server";
import { database } from "~/server/db.server";
import { settings, type Settings } from "~/server/env.server";
import { tooManyLoginsMessage } from "~/content/messages/admin-messages";
import { admitLoginAttempt, type LoginDoor } from "~/models/login-throttle.server";
import { decoyPasswordHash, hashPassword, verifyPassword } from "~/server/password.server";
import { clearTwoFactor, disableTwoFactor } from "~/models/two-factor.server";
import { endSessions, type SessionKind } from "~/models/staff-session.server";
import { deviceSummary } from "~/utils/device-summary";

type Actor = Pick<Staff, "id" | "username">;

/** 16 characters from 96 random bits: shown once to the owner, who passes it on. */
export const generatePassword = () => randomBytes(12).toString("base64url");

/** For passwords typed on the server's command line, which no form has checked. */
function checkPassword(password: string) {
  if (password.length < minPasswordLength)
    throw new Error(`Password: at least ${minPasswordLength} characters`);
}

/** A new password for an account ends every session it has, so whoever might have had it is out. */
async function replacePassword(tx: Transaction, id: number, passwordHash: string) {
  await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, id));
  await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, id));
}

/** Adds a staff account unless one with that username (any case) exists. True when created. */
export async function createStaffUser(
  username: string,
  password: string,
  role: StaffRole = "technician",
): Promise<boolean> {
  if (!usernamePattern.test(username))
    throw new Error("Username: 3-64 letters, digits, dot, dash or underscore");
  checkPassword(password);
  const db = await database();
  const inserted = await db
    .insert(staffUsers)
    .values({ username, passwordHash: await hashPassword(password), role })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  return inserted.length > 0;
}

/**
 * The account a login names (any case), with what the password check needs: the hash, and
 * whether the account is disabled.
 */
export async function findLoginAccount(username: string) {
  const db = await database();
  const [account] = await db
    .select({
      id: staffUsers.id,
      username: staffUsers.username,
      passwordHash: staffUsers.passwordHash,
      twoFactor: twoFactorEnabled,
      role: staffUsers.role,
      disabled: sql<boolean>`${staffUsers.disabledAt} is not null`,
    })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = lower(${username})`);
  return account;
}

type StaffAccount = {
  id: number;
  /** Goes up with each of the owner's changes (docs/decisions/0039). */
  version: number;
  username: string;
  role: StaffRole;
  twoFactor: boolean;
  disabledAt: Date | null;
  createdAt: Date;
};

/**
 * Every account, owners first, then by name; disabled ones stay listed for the audit trail. Their
 * sessions: liveSessions.
 */
export async function listStaff(): Promise<StaffAccount[]> {
  const db = await database();
  return db
    .select({
      id: staffUsers.id,
      version: staffUsers.version,
      username: staffUsers.username,
      role: staffUsers.role,
      twoFactor: sql<boolean>`${staffUsers.totpEnabledAt} is not null`,
      disabledAt: staffUsers.disabledAt,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.role), sql`lower(${staffUsers.username})`);
}

/** Names for the audit trail's "staff member" filter. */
export async function staffNames(): Promise<{ id: number; username: string }[]> {
  const db = await database();
  return db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .orderBy(sql`lower(${staffUsers.username})`);
}

type CreateStaffResult = { ok: true; id: number } | { ok: false; reason: "taken" };

/**
 * The owner adds an account; recorded in the audit trail with its name and role, never its
 * password.
 */
export async function createStaffAccount(
  actor: Actor,
  input: { username: string; role: StaffRole; password: string },
): Promise<CreateStaffResult> {
  const passwordHash = await hashPassword(input.password);
  const db = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffUsers)
      .values({ username: input.username, passwordHash, role: input.role })
      .onConflictDoNothing()
      .returning({ id: staffUsers.id });
    if (!row) return { ok: false, reason: "taken" } as const;
    await auditAccount(tx, actor.id, row.id, {
      action: "staff.create",
      summary: `Added ${input.username} as ${roleNames[input.role]}`,
      details: { username: input.username, role: input.role },
    });
    return { ok: true, id: row.id } as const;
  });
}

export type AccountChange = "done" | "not_found" | "self" | "last_owner";

/**
 * Locks every owner row, in id order so two such transactions queue instead of deadlocking, and
 * says whether another active owner than `exceptId` remains. Whoever comes second re-reads after
 * the first commits, so two owners disabling each other at once cannot leave the shop without one.
 */
async function anotherActiveOwner(tx: Transaction, exceptId: number) {
  await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.role, "owner"))
    .orderBy(asc(staffUsers.id))
    .for("update");
  const [row] = await tx
    .select({ n: count() })
    .from(staffUsers)
    .where(
      and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt), ne(staffUsers.id, exceptId)),
    );
  return (row?.n ?? 0) > 0;
}

async function lockedAccount(tx: Transaction, id: number) {
  const [row] = await tx
    .select({
      id: staffUsers.id,
      version: staffUsers.version,
      username: staffUsers.username,
      role: staffUsers.role,
      disabledAt: staffUsers.disabledAt,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, id))
    .for("update");
  return row;
}

type LockedAccount = NonNullable<Awaited<ReturnType<typeof lockedAccount>>>;

/**
 * An owner's change made on a Staff page drawn before another change to the account: nothing was
 * stored (docs/decisions/0039).
 */
export class AccountChangedMeanwhile extends ChangedMeanwhile<LockedAccount> {
  constructor(current: LockedAccount, changes: RecordChange[]) {
    super(current, changes, `${current.username} changed since it was read`);
  }
}

/** The owner's changes to an account, each one version: what a refusal lists. */
const ownerChangesOf = (id: number) => ({
  entity: "staff_user",
  entityId: id,
  actions: [
    "staff.disable",
    "staff.enable",
    "staff.update",
    "staff.reset_password",
    "staff.reset_two_factor",
  ],
});

const nextAccountVersion = sql`${staffUsers.version} + 1`;

/** Refuses a change read at `readVersion` when the account has moved on since. */
async function refuseIfChanged(tx: Transaction, account: LockedAccount, readVersion?: number) {
  if (readVersion === undefined || readVersion === account.version) return;
  const missed = missedSince(account.version, readVersion);
  throw new AccountChangedMeanwhile(
    account,
    await auditedChanges(tx, ownerChangesOf(account.id), missed),
  );
}

/**
 * One change to another's account in one transaction: the owners' rows are locked first (see
 * anotherActiveOwner), then the account, and `change` decides and writes with both in hand. A
 * change read at an older version than the account's is refused (AccountChangedMeanwhile).
 */
async function changeAccount(
  id: number,
  readVersion: number | undefined,
  change: (tx: Transaction, account: LockedAccount, ownerLeft: boolean) => Promise<AccountChange>,
): Promise<AccountChange> {
  const db = await database();
  return db.transaction(async (tx) => {
    const ownerLeft = await anotherActiveOwner(tx, id);
    const account = await lockedAccount(tx, id);
    if (!account) return "not_found";
    await refuseIfChanged(tx, account, readVersion);
    return change(tx, account, ownerLeft);
  });
}

function auditAccount(
  tx: Transaction,
  actorId: number | null,
  id: number,
  entry: Omit<AuditEntry, "entity" | "entityId">,
) {
  return recordAudit(tx, actorId, { ...entry, entity: "staff_user", entityId: id });
}

/**
 * Turns an account off: it cannot sign in and every session it has ends at once. With the version
 * the owner read, an account changed since is left alone (AccountChangedMeanwhile), here and in
 * the other changes below.
 */
export async function disableStaff(
  actor: Actor,
  id: number,
  readVersion?: number,
  now = new Date(),
): Promise<AccountChange> {
  if (id === actor.id) return "self";
  return changeAccount(id, readVersion, async (tx, account, ownerLeft) => {
    if (account.disabledAt) return "done";
    if (account.role === "owner" && !ownerLeft) return "last_owner";
    await tx
      .update(staffUsers)
      .set({ disabledAt: now, version: nextAccountVersion })
      .where(eq(staffUsers.id, id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, id));
    await auditAccount(tx, actor.id, id, {
      action: "staff.disable",
      summary: `Disabled ${account.username}`,
    });
    return "done";
  });
}

export async function enableStaff(
  actor: Actor,
  id: number,
  readVersion?: number,
): Promise<AccountChange> {
  return changeAccount(id, readVersion, async (tx, account) => {
    if (!account.disabledAt) return "done";
    await tx
      .update(staffUsers)
      .set({ disabledAt: null, version: nextAccountVersion })
      .where(eq(staffUsers.id, id));
    await auditAccount(tx, actor.id, id, {
      action: "staff.enable",
      summary: `Enabled ${account.username}`,
    });
    return "done";
  });
}

/** Owner or staff. The owner keeps their own role, and the last active owner stays one. */
export async function changeStaffRole(
  actor: Actor,
  id: number,
  role: StaffRole,
  readVersion?: number,
): Promise<AccountChange> {
  if (id === actor.id) return "self";
  return changeAccount(id, readVersion, async (tx, account, ownerLeft) => {
    if (account.role === role) return "done";
    if (account.role === "owner" && !account.disabledAt && !ownerLeft) return "last_owner";
    await tx
      .update(staffUsers)
      .set({ role, version: nextAccountVersion })
      .where(eq(staffUsers.id, id));
    await auditAccount(tx, actor.id, id, {
      action: "staff.update",
      summary: `${account.username}: ${roleNames[account.role]} → ${roleNames[role]}`,
      details: { role: { from: account.role, to: role } },
    });
    return "done";
  });
}

/**
 * The owner sets a new password for someone who forgot theirs; every session of that account
 * ends, so whoever might have had it is out. The owner changes their own on Account & Security.
 */
export async function resetStaffPassword(
  actor: Actor,
  id: number,
  password: string,
  generated: boolean,
  readVersion?: number,
): Promise<Exclude<AccountChange, "done"> | { username: string }> {
  if (id === actor.id) return "self";
  const passwordHash = await hashPassword(password);
  const db = await database();
  return db.transaction(async (tx) => {
    const account = await lockedAccount(tx, id);
    if (!account) return "not_found";
    await refuseIfChanged(tx, account, readVersion);
    await replacePassword(tx, id, passwordHash);
    await tx.update(staffUsers).set({ version: nextAccountVersion }).where(eq(staffUsers.id, id));
    await auditAccount(tx, actor.id, id, {
      action: "staff.reset_password",
      summary: `Reset the password of ${account.username}`,
      details: { generated },
    });
    return { username: account.username };
  });
}

/**
 * For a staff member who lost their phone: the owner turns their second factor off (secret and
 * recovery codes), so the password alone signs in until they set it up again; every session of
 * the account ends, so whoever holds the phone is out too. The owner's own is theirs to change.
 */
export async function resetStaffTwoFactor(
  actor: Actor,
  id: number,
  readVersion?: number,
): Promise<AccountChange> {
  if (id === actor.id) return "self";
  const db = await database();
  return db.transaction(async (tx) => {
    const account = await lockedAccount(tx, id);
    if (!account) return "not_found";
    await refuseIfChanged(tx, account, readVersion);
    await clearTwoFactor(tx, id);
    await tx.update(staffUsers).set({ version: nextAccountVersion }).where(eq(staffUsers.id, id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffUserId, id));
    await auditAccount(tx, actor.id, id, {
      action: "staff.reset_two_factor",
      summary: `Turned off two-factor sign-in for ${account.username}`,
    });
    return "done";
  });
}

const sessionWords = (ended: { kind: SessionKind; userAgent: string | null }[]) =>
  ended
    .map(({ kind, userAgent }) =>
      kind === "bearer" ? `API token (${deviceSummary(userAgent)})` : deviceSummary(userAgent),
    )
    .join(", ");

/**
 * Ends one session of an account (the one `ref` names, as liveSessions gives it), or all of them,
 * with an audit entry naming the devices. The owner ends anyone's; a staff member their own. An
 * empty list: nothing was live to end (ended meanwhile, or never there).
 */
export async function endStaffSessions(
  actor: Actor,
  id: number,
  ref?: string,
): Promise<{ username: string; ended: number } | "not_found"> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ username: staffUsers.username })
      .from(staffUsers)
      .where(eq(staffUsers.id, id));
    if (!account) return "not_found";
    const ended = await endSessions(tx, id, ref);
    if (ended.length)
      await auditAccount(tx, actor.id, id, {
        action: ref ? "staff.end_session" : "staff.end_sessions",
        summary: `Ended ${ended.length === 1 ? "a session" : `${ended.length} sessions`} of ${account.username}: ${sessionWords(ended)}`,
      });
    return { username: account.username, ended: ended.length };
  });
}

type OwnPasswordChange = { ok: true } | { ok: false; status: 400 | 429; message: string };

const wrongCurrentPasswordMessage = "That is not your current password.";

/**
 * A staff member's own new password. The current one is checked through the login throttle, so
 * this form cannot be used to guess it faster than the login page. Every session of the account
 * ends; the caller opens a fresh one for the browser that made the change.
 */
export async function changeOwnPassword(
  staff: Actor,
  input: { currentPassword: string; newPassword: string },
  door: LoginDoor,
  now = Date.now(),
): Promise<OwnPasswordChange> {
  const attempt = await admitLoginAttempt("password", staff.username, door, now);
  if (!attempt.allowed)
    return { ok: false, status: 429, message: tooManyLoginsMessage(attempt.retryAfterSeconds) };
  const db = await database();
  const [row] = await db
    .select({ passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.id, staff.id));
  if (
    !(await verifyPassword(input.currentPassword, row?.passwordHash ?? (await decoyPasswordHash())))
  ) {
    return { ok: false, status: 400, message: wrongCurrentPasswordMessage };
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await replacePassword(tx, staff.id, passwordHash);
    await auditAccount(tx, staff.id, staff.id, {
      action: "staff.change_password",
      summary: `${staff.username} changed their password`,
    });
  });
  return { ok: true };
}

async function staffUserId(username: string) {
  const db = await database();
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = lower(${username})`);
  return row?.id;
}

const staffUserExists = async (username: string) => (await staffUserId(username)) !== undefined;

/**
 * `npm run admin:password`: whoever can run commands on the server sets an account's password,
 * the way back in for an owner who lost theirs. Every session of the account ends, and the audit
 * trail records the reset with the server, not a staff member, as its author. Undefined when there
 * is no such account.
 */
export async function resetPasswordOnServer(
  username: string,
  password: string,
  generated: boolean,
): Promise<{ username: string; disabled: boolean } | undefined> {
  checkPassword(password);
  const id = await staffUserId(username);
  if (id === undefined) return undefined;
  const passwordHash = await hashPassword(password);
  const db = await database();
  return db.transaction(async (tx) => {
    const account = await lockedAccount(tx, id);
    if (!account) return undefined;
    await replacePassword(tx, id, passwordHash);
    await auditAccount(tx, null, id, {
      action: "staff.reset_password_on_server",
      summary: `Reset the password of ${account.username} on the server`,
      details: { generated },
    });
    return { username: account.username, disabled: account.disabledAt !== null };
  });
}

/**
 * For a staff member who lost both phone and recovery codes: the password alone signs in again.
 * False when there is no such account.
 */
export async function resetTwoFactor(username: string): Promise<boolean> {
  const id = await staffUserId(username);
  if (id === undefined) return false;
  await disableTwoFactor(id);
  return true;
}

/**
 * At start: ADMIN_USERNAME/ADMIN_PASSWORD create that account if absent. In development with
 * neither set, `admin` gets a random password, shown once on the console when it is created.
 */
export async function bootstrapStaff(
  { admin, production }: Pick<Settings, "admin" | "production"> = settings(),
) {
  if (admin) {
    await createStaffUser(admin.username, admin.password, "owner");
    return;
  }
  if (production || (await staffUserExists("admin"))) return;
  const generated = generatePassword();
  if (await createStaffUser("admin", generated, "owner")) {
    console.info(
      `\nStaff login created for development: admin / ${generated}\n(shown once; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own)\n`,
    );
  }
}
