import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { staffUsers } from "#db/schema";
import type { StaffRole } from "./auth.server";
import { database } from "./db.server";
import { isProduction } from "./env.server";
import { hashPassword } from "./password.server";
import { disableTwoFactor } from "./two-factor.server";

export const usernamePattern = /^[a-zA-Z0-9._-]{3,64}$/;

/** Adds a staff account unless one with that username (any case) exists. True when created. */
export async function createStaffUser(username: string, password: string, role: StaffRole = "staff"): Promise<boolean> {
  if (!usernamePattern.test(username)) throw new Error("Username: 3-64 letters, digits, dot, dash or underscore");
  if (password.length < 12) throw new Error("Password: at least 12 characters");
  const db = await database();
  const inserted = await db
    .insert(staffUsers)
    .values({ username, passwordHash: await hashPassword(password), role })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id });
  return inserted.length > 0;
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

/** For a staff member who lost both phone and recovery codes: the password alone signs in again. False when there is no such account. */
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
export async function bootstrapStaff(env: Record<string, string | undefined> = process.env) {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = env;
  if (username && password) {
    await createStaffUser(username, password, "owner");
    return;
  }
  if (isProduction || (await staffUserExists("admin"))) return;
  const generated = randomBytes(12).toString("base64url");
  if (await createStaffUser("admin", generated, "owner")) {
    console.info(`\nStaff login created for development: admin / ${generated}\n(shown once; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own)\n`);
  }
}
