import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { staffSessions, staffUsers } from "../../db/schema";
import {
  AccountChangedMeanwhile,
  changeStaffRole,
  createStaffUser,
  disableStaff,
  enableStaff,
  resetStaffPassword,
} from "~/models/staff-user.server";
import type { Staff } from "~/models/staff-session.server";
import { action as staffAction, loader as staffLoader } from "~/routes/admin.staff";
import { signedInStaff, staffPassword } from "../support/admin";
import { dataOf, statusOf } from "../support/answers";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Two owners on one staff account (decision 0039): a change pressed on a Staff page drawn before
 * the other owner's change is refused with what changed, by whom and when; the page then shows
 * the account as it is now, and pressing again applies.
 */

// Every account here is made with scrypt, which a busy machine makes slow.
vi.setConfig({ testTimeout: 120_000 });

let handle: TestDatabase;
let olivia: Staff & { cookie: string };
let oscar: Staff & { cookie: string };

async function owner(username: string) {
  const signedIn = await signedInStaff(handle.db, username, "owner");
  return { ...signedIn, role: "owner" as const, twoFactor: false };
}

let accounts = 0;
async function staffMember() {
  const username = `sam.versions.${++accounts}`;
  await createStaffUser(username, staffPassword, "technician");
  const [row] = await handle.db.select().from(staffUsers).where(eq(staffUsers.username, username));
  return row!;
}

beforeAll(async () => {
  handle = await installTestDatabase();
  olivia = await owner("olivia.versions");
  oscar = await owner("oscar.versions");
});
afterAll(() => handle.drop());

const rowOf = async (id: number) =>
  (await handle.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!;

/** The account's version as the Staff page shows it to `who`. */
async function versionOnPage(id: number, who: { cookie: string }) {
  const request = new Request("http://localhost/admin/staff", { headers: { cookie: who.cookie } });
  const { accounts } = dataOf(await staffLoader(routeArgs(request)));
  return String(accounts.find((account) => account.id === id)!.version);
}

async function press(who: { cookie: string }, fields: Record<string, string>) {
  const request = formPost("/admin/staff", fields);
  request.headers.set("cookie", who.cookie);
  return staffAction(routeArgs(request));
}

describe(`owners' changes to an account someone changed meanwhile, on ${testDriver}`, () => {
  it("a disable pressed on a page drawn before the other owner made them an owner: refused with the change, then applied", async () => {
    const sam = await staffMember();
    const seenByOlivia = await versionOnPage(sam.id, olivia);
    const promoted = await press(oscar, {
      intent: "role",
      id: String(sam.id),
      role: "owner",
      version: await versionOnPage(sam.id, oscar),
    });
    expect(promoted).toBeInstanceOf(Response);

    const refused = await press(olivia, {
      intent: "disable",
      id: String(sam.id),
      version: seenByOlivia,
    });
    expect(statusOf(refused)).toBe(409);
    // Nothing changed: Sam is still active, an owner, signed in where they were.
    expect(await rowOf(sam.id)).toMatchObject({ role: "owner", disabledAt: null, version: 2 });
    const outcome = dataOf(refused);
    expect(outcome).toMatchObject({ intent: "disable", id: sam.id });
    expect(outcome.result.error?.[""]).toEqual([
      `${sam.username} was changed while you had this page open, so nothing was changed. Check the account as it is now and try again.`,
    ]);
    expect(outcome.conflict).toEqual({
      version: 2,
      changes: [
        {
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          atLabel: expect.any(String),
          by: "oscar.versions",
          summary: `${sam.username}: Technician → Owner`,
        },
      ],
    });

    const again = await press(olivia, {
      intent: "disable",
      id: String(sam.id),
      version: await versionOnPage(sam.id, olivia),
    });
    expect(again).toBeInstanceOf(Response);
    expect((await rowOf(sam.id)).disabledAt).not.toBeNull();
    expect((await rowOf(sam.id)).version).toBe(3);
  });

  it("a password reset on a stale page is refused and leaves the password and sessions alone", async () => {
    const sam = await staffMember();
    const seen = sam.version;
    expect(await disableStaff(oscar, sam.id, seen)).toBe("done");
    expect(await enableStaff(oscar, sam.id, seen + 1)).toBe("done");
    // Signed in again since: a refused reset must not end it.
    await handle.db.insert(staffSessions).values({
      staffUserId: sam.id,
      tokenHash: "f".repeat(64),
      kind: "cookie",
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    const refused = await press(olivia, {
      intent: "reset_password",
      id: String(sam.id),
      version: String(seen),
      password: "a brand new password",
    });
    expect(statusOf(refused)).toBe(409);
    expect(dataOf(refused).conflict?.changes.map((change) => change.summary)).toEqual([
      `Enabled ${sam.username}`,
      `Disabled ${sam.username}`,
    ]);
    expect((await rowOf(sam.id)).passwordHash).toBe(sam.passwordHash);
    const sessions = await handle.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffUserId, sam.id));
    expect(sessions).toHaveLength(1);
  });

  it("each owner change is one version, and every change checks the version it was given", async () => {
    const sam = await staffMember();
    expect(await changeStaffRole(olivia, sam.id, "owner", 1)).toBe("done");
    expect(await disableStaff(olivia, sam.id, 2)).toBe("done");
    expect(await enableStaff(olivia, sam.id, 3)).toBe("done");
    expect(
      await resetStaffPassword(olivia, sam.id, "another long password", false, 4),
    ).toMatchObject({ username: sam.username });
    expect((await rowOf(sam.id)).version).toBe(5);
    for (const stale of [
      () => changeStaffRole(olivia, sam.id, "technician", 4),
      () => disableStaff(olivia, sam.id, 1),
      () => enableStaff(olivia, sam.id, 3),
      () => resetStaffPassword(olivia, sam.id, "yet another password", false, 2),
    ])
      await expect(stale()).rejects.toBeInstanceOf(AccountChangedMeanwhile);
    expect((await rowOf(sam.id)).version).toBe(5);
  });

  it("a version that is not a whole number is refused with a 400, and nothing changes", async () => {
    const sam = await staffMember();
    const answer = await press(olivia, {
      intent: "disable",
      id: String(sam.id),
      version: "1 OR 1=1",
    });
    expect(statusOf(answer)).toBe(400);
    expect((await rowOf(sam.id)).disabledAt).toBeNull();
  });
});
