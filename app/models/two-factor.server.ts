import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { staffRecoveryCodes, staffUsers } from "#db/schema";
import { brand } from "~/config/shop";
import { database } from "~/server/db.server";
import { settings } from "~/server/env.server";
import { open, seal } from "~/server/secret-box.server";
import { recoveryCodeCount } from "~/utils/two-factor-settings";

/** STAFF_2FA=required: every staff account must sign in with a second factor. */
export const twoFactorRequired = () => settings().twoFactorRequired;

const period = 30;

function totp(secret: string, username: string) {
  return new TOTP({
    issuer: brand.name,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}

// Sealed with the staff id as context, so a secret copied onto another account does not open.
const sealFor = (staffId: number, secret: string) => seal(secret, `staff:${staffId}`);
const openFor = (staffId: number, sealed: string | null) =>
  sealed ? open(sealed, `staff:${staffId}`) : undefined;

/** The 30-second step a six-digit code belongs to (±1 step for clock drift), or undefined. */
function matchingStep(
  secret: string,
  username: string,
  code: string,
  now: number,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret, username).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / period) + delta;
}

/** Lower case, without the dash and spaces people copy along: `k7m2p-q9x4a` → `k7m2pq9x4a`. */
const normaliseCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const hashCode = (code: string) => createHash("sha256").update(normaliseCode(code)).digest("hex");

const alphabet = "23456789abcdefghjkmnpqrstuvwxyz";
/** Ten characters from 31 (no 0/o, 1/l/i): about 50 bits, shown as two groups of five. */
function recoveryCode() {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export type TwoFactorState =
  | { enabled: true; enabledAt: Date; recoveryCodesLeft: number }
  | { enabled: false; pending?: { secret: string; otpauthUri: string; qrCode: string } };

/**
 * What the security page shows. A pending secret is shown until confirmed; an active one never
 * again.
 */
export async function twoFactorState(staff: {
  id: number;
  username: string;
}): Promise<TwoFactorState> {
  const db = await database();
  const [row] = await db
    .select({ enabledAt: staffUsers.totpEnabledAt, pending: staffUsers.totpPendingSecret })
    .from(staffUsers)
    .where(eq(staffUsers.id, staff.id));
  if (row?.enabledAt) {
    const [left] = await db
      .select({ n: count() })
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffUserId, staff.id));
    return { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft: left?.n ?? 0 };
  }
  const secret = openFor(staff.id, row?.pending ?? null);
  if (!secret) return { enabled: false };
  const otpauthUri = totp(secret, staff.username).toString();
  const svg = await QRCode.toString(otpauthUri, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
  });
  return {
    enabled: false,
    pending: {
      secret,
      otpauthUri,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    },
  };
}

/**
 * A fresh secret to enrol with (160 bits, as RFC 4226 recommends); nothing changes once enrolled.
 */
export async function beginEnrolment(staffId: number) {
  const db = await database();
  await db
    .update(staffUsers)
    .set({ totpPendingSecret: sealFor(staffId, new Secret({ size: 20 }).base32) })
    .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.totpEnabledAt)));
}

export async function cancelEnrolment(staffId: number) {
  const db = await database();
  await db.update(staffUsers).set({ totpPendingSecret: null }).where(eq(staffUsers.id, staffId));
}

async function replaceRecoveryCodes(
  tx: Pick<Awaited<ReturnType<typeof database>>, "delete" | "insert">,
  staffId: number,
) {
  const codes = Array.from({ length: recoveryCodeCount }, recoveryCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, staffId));
  await tx
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ staffUserId: staffId, codeHash: hashCode(code) })));
  return codes;
}

/**
 * Turns the second factor on when `code` matches the pending secret, and returns the recovery
 * codes to show this once (only their hashes are kept). Undefined when the code is wrong or
 * there is nothing pending.
 */
export async function confirmEnrolment(
  staff: { id: number; username: string },
  code: string,
  now = Date.now(),
): Promise<string[] | undefined> {
  const db = await database();
  const [row] = await db
    .select({ pending: staffUsers.totpPendingSecret })
    .from(staffUsers)
    .where(eq(staffUsers.id, staff.id));
  const secret = openFor(staff.id, row?.pending ?? null);
  const step = secret ? matchingStep(secret, staff.username, code.trim(), now) : undefined;
  if (!row?.pending || step === undefined) return undefined;
  return db.transaction(async (tx) => {
    const enabled = await tx
      .update(staffUsers)
      // The confirming code is spent: it cannot also sign in.
      .set({
        totpSecret: row.pending,
        totpPendingSecret: null,
        totpEnabledAt: new Date(now),
        totpLastStep: step,
      })
      .where(
        and(
          eq(staffUsers.id, staff.id),
          eq(staffUsers.totpPendingSecret, row.pending!),
          isNull(staffUsers.totpEnabledAt),
        ),
      )
      .returning({ id: staffUsers.id });
    return enabled.length ? replaceRecoveryCodes(tx, staff.id) : undefined;
  });
}

/**
 * Whether `code` is a current authenticator code or an unused recovery code of an enrolled
 * account. Each is spent atomically: a code's 30-second step must be later than the last one
 * accepted, and a recovery code is deleted as it is used.
 */
export async function spendSecondFactor(
  staff: { id: number; username: string },
  code: string,
  now = Date.now(),
): Promise<"totp" | "recovery" | undefined> {
  const db = await database();
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const [row] = await db
      .select({ secret: staffUsers.totpSecret })
      .from(staffUsers)
      .where(eq(staffUsers.id, staff.id));
    const secret = openFor(staff.id, row?.secret ?? null);
    const step = secret ? matchingStep(secret, staff.username, trimmed, now) : undefined;
    if (step === undefined) return undefined;
    const spent = await db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffUsers.id, staff.id),
          isNotNull(staffUsers.totpSecret),
          or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
        ),
      )
      .returning({ id: staffUsers.id });
    return spent.length ? "totp" : undefined;
  }
  const used = await db
    .delete(staffRecoveryCodes)
    .where(
      and(
        eq(staffRecoveryCodes.staffUserId, staff.id),
        eq(staffRecoveryCodes.codeHash, hashCode(trimmed)),
      ),
    )
    .returning({ id: staffRecoveryCodes.staffUserId });
  return used.length ? "recovery" : undefined;
}

/** A new set of recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(staffId: number): Promise<string[]> {
  const db = await database();
  return db.transaction((tx) => replaceRecoveryCodes(tx, staffId));
}

/** Turns the second factor off inside the caller's transaction: secret and recovery codes go. */
export async function clearTwoFactor(
  tx: Pick<Awaited<ReturnType<typeof database>>, "delete" | "update">,
  staffId: number,
) {
  await tx
    .update(staffUsers)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(staffUsers.id, staffId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, staffId));
}

export async function disableTwoFactor(staffId: number) {
  const db = await database();
  await db.transaction((tx) => clearTwoFactor(tx, staffId));
}
