import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, staffSessions, staffUsers } from "../../db/schema";
import { auditPageRows, listAuditEvents } from "~/models/audit-trail.server";
import { recordAudit } from "~/models/audit.server";
import { staffForToken, startSession, type Staff } from "~/models/staff-session.server";
import {
  changeStaffRole,
  createStaffUser,
  disableStaff,
  enableStaff,
  listStaff,
  resetStaffPassword,
} from "~/models/staff-user.server";
import { loader as auditLoader } from "~/routes/admin.audit";
import { action as securityAction } from "~/routes/admin.security";
import { action as staffAction, loader as staffLoader } from "~/routes/admin.staff";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { action as loginAction } from "~/routes/admin_.login";
import { auditQuerySchema } from "~/schemas/staff";
import { cookiesFrom, staffPassword } from "../support/admin";
import { dataOf, statusOf } from "../support/answers";
import { formPost, testContext, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let owner: Staff;
let ownerCookie: string;

type Answer = { status: number; body: unknown; response?: Response };

/** What a loader or action answered: a Response (redirect), `data()` with its status, or plain data. */
async function answer(run: () => Promise<unknown>): Promise<Answer> {
  const read = (value: unknown): Answer =>
    value instanceof Response
      ? { status: value.status, body: undefined, response: value }
      : { status: statusOf(value), body: dataOf(value) };
  try {
    return read(await run());
  } catch (error) {
    const thrown = read(error);
    if (thrown.status === 200) throw error;
    return thrown;
  }
}

async function signIn(username: string, password = staffPassword): Promise<string> {
  const response = await loginAction(routeArgs(formPost("/admin/login", { username, password })));
  if (!(response instanceof Response) || response.status !== 303)
    throw new Error(`login of ${username} refused`);
  return cookiesFrom(response);
}

const withCookie = (request: Request, cookie: string) => {
  request.headers.set("cookie", cookie);
  return request;
};
const getRequest = (url: string, cookie: string) =>
  withCookie(new Request(`http://localhost${url}`), cookie);
const post = (
  route: (args: ActionFunctionArgs) => Promise<unknown>,
  url: string,
  fields: Record<string, string>,
  cookie: string,
  ip?: string,
) => answer(() => route(routeArgs(withCookie(formPost(url, fields), cookie), {}, testContext(ip))));
const staffPost = (fields: Record<string, string>, cookie = ownerCookie) =>
  post(staffAction, "/admin/staff", fields, cookie);

async function accountId(username: string) {
  const [row] = await handle.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.username, username));
  return row!.id;
}

async function addOwner(username: string): Promise<Staff> {
  await createStaffUser(username, staffPassword, "owner");
  return { id: await accountId(username), username, role: "owner", twoFactor: false };
}

const sessionsOf = async (id: number) =>
  (await handle.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, id))).length;
const eventsFor = async (id: number) =>
  handle.db.select().from(auditEvents).where(eq(auditEvents.entityId, id)).orderBy(auditEvents.id);

beforeAll(async () => {
  handle = await installTestDatabase();
  owner = await addOwner("olivia.owner");
  ownerCookie = await signIn(owner.username);
});
afterAll(() => handle.drop());

describe(`staff accounts on ${testDriver}`, () => {
  it("lets the owner add a staff member with a typed password, audited without the password", async () => {
    const added = await staffPost({
      intent: "create",
      username: "sam.staff",
      role: "technician",
      password: "a typed password 1",
    });
    expect(added.status).toBe(303);
    expect(added.response!.headers.get("location")).toBe("/admin/staff");
    const cookie = await signIn("sam.staff", "a typed password 1");
    expect(cookie).toContain("wf_staff=");

    const id = await accountId("sam.staff");
    const [event] = await eventsFor(id);
    expect(event).toMatchObject({
      action: "staff.create",
      entity: "staff_user",
      staffUserId: owner.id,
      summary: "Added sam.staff as Technician",
    });
    expect(JSON.stringify(event)).not.toContain("a typed password 1");

    const page = (await staffLoader(routeArgs(getRequest("/admin/staff", ownerCookie)))) as Awaited<
      ReturnType<typeof staffLoader>
    >;
    expect(page.accounts.find((a) => a.username === "sam.staff")).toMatchObject({
      role: "technician",
      disabled: false,
      twoFactor: false,
      sessions: [expect.objectContaining({ device: "Unknown device", current: false })],
      isYou: false,
    });
    expect(page.accounts.find((a) => a.username === owner.username)).toMatchObject({
      role: "owner",
      isYou: true,
    });
  });

  it("generates a password on request, shows it in that answer only and never stores it in the trail", async () => {
    const added = await staffPost({
      intent: "create",
      username: "gen.staff",
      role: "technician",
      generate: "on",
    });
    expect(added.status).toBe(200);
    const shown = (added.body as { shown: { username: string; password: string } }).shown;
    expect(shown.username).toBe("gen.staff");
    expect(shown.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await signIn("gen.staff", shown.password);
    const events = await eventsFor(await accountId("gen.staff"));
    expect(JSON.stringify(events)).not.toContain(shown.password);
  });

  it("refuses a taken username (any case), a bad username, a short password, an unknown role", async () => {
    const taken = await staffPost({
      intent: "create",
      username: "SAM.STAFF",
      role: "technician",
      password: "another password 2",
    });
    expect(taken.status).toBe(409);
    const bad = await staffPost({
      intent: "create",
      username: "no spaces allowed",
      role: "boss",
      password: "short",
    });
    expect(bad.status).toBe(400);
    // The username comes back for correcting; the password never does.
    expect(JSON.stringify(bad.body)).toContain("no spaces allowed");
    expect(JSON.stringify(bad.body)).not.toContain('short"');
    const errors = (bad.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(errors).sort()).toEqual(["password", "role", "username"]);
    const nothing = await staffPost({
      intent: "create",
      username: "no.password",
      role: "technician",
    });
    expect(nothing.status).toBe(400);
    expect(
      await handle.db.select().from(staffUsers).where(eq(staffUsers.username, "no.password")),
    ).toEqual([]);
  });

  it("disables an account: it cannot sign in, its live session stops at once; enabling lets it back in", async () => {
    await createStaffUser("dora.disabled", staffPassword);
    const id = await accountId("dora.disabled");
    const cookie = await signIn("dora.disabled");
    const token = await startSession(id, "bearer");
    expect(await staffForToken(token, "bearer")).toBeDefined();

    expect((await staffPost({ intent: "disable", id: String(id) })).status).toBe(303);
    expect(await sessionsOf(id)).toBe(0);
    expect(await staffForToken(token, "bearer")).toBeUndefined();
    const afterwards = await answer(() =>
      dashboardLoader(routeArgs(getRequest("/admin/dashboard", cookie))),
    );
    expect(afterwards.status).toBe(302);
    expect(afterwards.response!.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);

    const refused = await answer(() =>
      loginAction(
        routeArgs(formPost("/admin/login", { username: "dora.disabled", password: staffPassword })),
      ),
    );
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).toContain("Invalid username or password.");

    expect((await staffPost({ intent: "enable", id: String(id) })).status).toBe(303);
    await signIn("dora.disabled");
    expect((await eventsFor(id)).map((e) => [e.action, e.summary])).toEqual([
      ["staff.disable", "Disabled dora.disabled"],
      ["staff.enable", "Enabled dora.disabled"],
    ]);
  });

  it("resets a password: the old one stops working, every session ends, the owner is recorded", async () => {
    await createStaffUser("rita.reset", staffPassword);
    const id = await accountId("rita.reset");
    await signIn("rita.reset");
    expect(
      (
        await staffPost({
          intent: "reset_password",
          id: String(id),
          password: "brand new password 3",
        })
      ).status,
    ).toBe(303);
    expect(await sessionsOf(id)).toBe(0);
    await expect(signIn("rita.reset")).rejects.toThrow();
    await signIn("rita.reset", "brand new password 3");

    const generated = await staffPost({ intent: "reset_password", id: String(id), generate: "on" });
    const shown = (generated.body as { shown: { username: string; password: string } }).shown;
    expect(shown.username).toBe("rita.reset");
    await signIn("rita.reset", shown.password);
    const events = await eventsFor(id);
    expect(events.map((e) => e.action)).toEqual(["staff.reset_password", "staff.reset_password"]);
    expect(events.every((e) => e.staffUserId === owner.id)).toBe(true);
    expect(JSON.stringify(events)).not.toContain("brand new password");
    expect(JSON.stringify(events)).not.toContain(shown.password);

    const short = await staffPost({ intent: "reset_password", id: String(id), password: "short" });
    expect(short.status).toBe(400);
    expect(
      (
        await staffPost({
          intent: "reset_password",
          id: "999999",
          password: "long enough password",
        })
      ).status,
    ).toBe(404);
  });

  it("changes a role, which takes effect on the next request; the owner cannot change or reset themselves", async () => {
    await createStaffUser("pat.promoted", staffPassword);
    const id = await accountId("pat.promoted");
    const cookie = await signIn("pat.promoted");
    expect(
      (await answer(() => staffLoader(routeArgs(getRequest("/admin/staff", cookie))))).status,
    ).toBe(403);
    expect((await staffPost({ intent: "role", id: String(id), role: "owner" })).status).toBe(303);
    expect(
      (await answer(() => staffLoader(routeArgs(getRequest("/admin/staff", cookie))))).status,
    ).toBe(200);
    const [event] = await eventsFor(id);
    expect(event).toMatchObject({
      action: "staff.update",
      summary: "pat.promoted: Technician → Owner",
      details: { role: { from: "technician", to: "owner" } },
    });
    expect((await staffPost({ intent: "role", id: String(id), role: "technician" })).status).toBe(
      303,
    );

    for (const fields of [
      { intent: "disable", id: String(owner.id) } as Record<string, string>,
      { intent: "role", id: String(owner.id), role: "technician" },
      { intent: "reset_password", id: String(owner.id), password: "a password for me" },
    ]) {
      expect((await staffPost(fields)).status).toBe(409);
    }
    expect((await staffPost({ intent: "explode", id: "1" })).status).toBe(400);
  });
});

describe(`the last owner on ${testDriver}`, () => {
  it("can be neither disabled nor demoted", async () => {
    const first = await addOwner("first.owner");
    const second = await addOwner("second.owner");
    // Only `first` and the suite's owner stay active owners here: the suite's owner steps aside for the test.
    await handle.db
      .update(staffUsers)
      .set({ role: "technician" })
      .where(eq(staffUsers.id, owner.id));
    try {
      expect(await disableStaff(first, second.id)).toBe("done");
      expect(await disableStaff(second, first.id)).toBe("last_owner");
      expect(await changeStaffRole(second, first.id, "technician")).toBe("last_owner");
      // A disabled owner is no guard: demoting it is fine, and enabling brings it back.
      expect(await enableStaff(first, second.id)).toBe("done");
      expect(await changeStaffRole(first, second.id, "technician")).toBe("done");
      expect(await changeStaffRole(second, first.id, "technician")).toBe("last_owner");
      expect(await changeStaffRole(first, second.id, "owner")).toBe("done");
    } finally {
      await handle.db.update(staffUsers).set({ role: "owner" }).where(eq(staffUsers.id, owner.id));
    }
  });

  it("survives two owners disabling each other at the same moment", async () => {
    const a = await addOwner("race.a");
    const b = await addOwner("race.b");
    await handle.db
      .update(staffUsers)
      .set({ role: "technician" })
      .where(eq(staffUsers.role, "owner"));
    await handle.db.update(staffUsers).set({ role: "owner" }).where(eq(staffUsers.id, a.id));
    await handle.db.update(staffUsers).set({ role: "owner" }).where(eq(staffUsers.id, b.id));
    try {
      for (let round = 0; round < 5; round++) {
        const results = await Promise.all([disableStaff(a, b.id), disableStaff(b, a.id)]);
        expect(results.sort()).toEqual(["done", "last_owner"]);
        const active = (await listStaff()).filter(
          (s) => s.role === "owner" && s.disabledAt === null,
        );
        expect(active).toHaveLength(1);
        await handle.db
          .update(staffUsers)
          .set({ disabledAt: null })
          .where(eq(staffUsers.role, "owner"));
      }
    } finally {
      await handle.db
        .update(staffUsers)
        .set({ role: "owner" })
        .where(eq(staffUsers.username, owner.username));
    }
  });

  it("keeps resetStaffPassword and the others from touching an unknown account", async () => {
    expect(await disableStaff(owner, 999_999)).toBe("not_found");
    expect(await enableStaff(owner, 999_999)).toBe("not_found");
    expect(await resetStaffPassword(owner, 999_999, "long enough password", false)).toBe(
      "not_found",
    );
  });
});

describe(`owner-only pages on ${testDriver}`, () => {
  it("answer 403 to a staff member, for loaders and actions alike, and change nothing", async () => {
    await createStaffUser("nosy.staff", staffPassword);
    const cookie = await signIn("nosy.staff");
    const victim = await accountId("sam.staff");
    const load = (loader: (args: LoaderFunctionArgs) => Promise<unknown>, url: string) =>
      answer(() => loader(routeArgs(getRequest(url, cookie))));
    expect((await load(staffLoader, "/admin/staff")).status).toBe(403);
    expect((await load(auditLoader, "/admin/audit")).status).toBe(403);
    expect((await staffPost({ intent: "disable", id: String(victim) }, cookie)).status).toBe(403);
    expect(
      (
        await staffPost(
          { intent: "create", username: "sneaky", role: "owner", password: "sneaky password 1" },
          cookie,
        )
      ).status,
    ).toBe(403);
    expect((await listStaff()).find((s) => s.id === victim)?.disabledAt).toBeNull();
    expect((await listStaff()).some((s) => s.username === "sneaky")).toBe(false);
  });
});

describe(`own password change on ${testDriver}`, () => {
  const change = (cookie: string, fields: Record<string, string>, ip?: string) =>
    post(securityAction, "/admin/security", { intent: "change_password", ...fields }, cookie, ip);

  it("needs the current password and a new, confirmed one of 12 or more characters", async () => {
    await createStaffUser("cathy.change", staffPassword);
    const cookie = await signIn("cathy.change");
    const wrong = await change(cookie, {
      currentPassword: "not my password",
      newPassword: "new password 12345",
      confirmPassword: "new password 12345",
    });
    expect(wrong.status).toBe(400);
    const result = (
      wrong.body as {
        result: { error: Record<string, string[]>; initialValue?: Record<string, unknown> };
      }
    ).result;
    expect(result.error.currentPassword).toEqual(["That is not your current password."]);
    expect(JSON.stringify(result)).not.toContain("not my password");

    for (const [fields, field] of [
      [
        { currentPassword: staffPassword, newPassword: "short", confirmPassword: "short" },
        "newPassword",
      ],
      [
        {
          currentPassword: staffPassword,
          newPassword: staffPassword,
          confirmPassword: staffPassword,
        },
        "newPassword",
      ],
      [
        {
          currentPassword: staffPassword,
          newPassword: "new password 12345",
          confirmPassword: "new password 12346",
        },
        "confirmPassword",
      ],
    ] as const) {
      const refused = await change(cookie, fields);
      expect(refused.status).toBe(400);
      expect(
        Object.keys((refused.body as { result: { error: Record<string, string[]> } }).result.error),
      ).toContain(field);
    }
    await signIn("cathy.change");
  });

  it("ends every other session and keeps this browser signed in, recorded as staff.change_password", async () => {
    await createStaffUser("carl.change", staffPassword);
    const id = await accountId("carl.change");
    const here = await signIn("carl.change");
    const elsewhere = await signIn("carl.change");
    const token = await startSession(id, "bearer");
    const changed = await change(here, {
      currentPassword: staffPassword,
      newPassword: "carl's new password",
      confirmPassword: "carl's new password",
    });
    expect(changed.status).toBe(303);
    expect(changed.response!.headers.get("location")).toBe("/admin/security");
    const fresh = cookiesFrom(changed.response!);
    expect(fresh).toContain("wf_staff=");

    expect(await staffForToken(token, "bearer")).toBeUndefined();
    const dashboard = (cookie: string) =>
      answer(() => dashboardLoader(routeArgs(getRequest("/admin/dashboard", cookie))));
    expect((await dashboard(elsewhere)).status).toBe(302);
    expect((await dashboard(fresh)).status).toBe(200);
    expect(await sessionsOf(id)).toBe(1);

    await expect(signIn("carl.change")).rejects.toThrow();
    await signIn("carl.change", "carl's new password");
    const [event] = await eventsFor(id);
    expect(event).toMatchObject({
      action: "staff.change_password",
      staffUserId: id,
      summary: "carl.change changed their password",
    });
    expect(JSON.stringify(event)).not.toContain("new password");
  });

  it("is throttled like the login, so it cannot be used to guess the password", async () => {
    await createStaffUser("greg.guess", staffPassword);
    const cookie = await signIn("greg.guess");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await change(
            cookie,
            {
              currentPassword: `guess number ${i}`,
              newPassword: "new password 12345",
              confirmPassword: "new password 12345",
            },
            "198.51.100.7",
          )
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits now.
    const right = await change(
      cookie,
      {
        currentPassword: staffPassword,
        newPassword: "new password 12345",
        confirmPassword: "new password 12345",
      },
      "198.51.100.7",
    );
    expect(right.status).toBe(429);
    await signIn("greg.guess");
  });
});

describe(`the audit trail on ${testDriver}`, () => {
  it("lists entries newest first with who and when, filtered by staff, change, record and shop days", async () => {
    await createStaffUser("audit.writer", staffPassword);
    const writer = await accountId("audit.writer");
    const write = (
      at: string,
      action: "repair.status" | "price_item.update",
      entity: "booking" | "repair_item",
      entityId: number,
      summary: string,
    ) =>
      handle.db.transaction(async (tx) => {
        await recordAudit(tx, writer, { action, entity, entityId, summary });
        await tx
          .update(auditEvents)
          .set({ createdAt: new Date(at) })
          .where(eq(auditEvents.summary, summary));
      });
    // 23:30 in Toronto on March 1 is already March 2 in UTC: the days are the shop's.
    await write(
      "2026-03-02T04:30:00Z",
      "repair.status",
      "booking",
      42,
      "WF-00042: Pending → In Progress",
    );
    await write(
      "2026-03-02T15:00:00Z",
      "repair.status",
      "booking",
      43,
      "WF-00043: Pending → Completed",
    );
    await write(
      "2026-03-03T15:00:00Z",
      "price_item.update",
      "repair_item",
      7,
      "iPhone 13 Screen: $129 → $139",
    );

    const list = (params: Record<string, string>) =>
      listAuditEvents(auditQuerySchema.parse(params), { limit: 50, offset: 0 });
    const mine = await list({ staff: String(writer) });
    expect(mine.total).toBe(3);
    expect(mine.rows.map((r) => r.summary)).toEqual([
      "iPhone 13 Screen: $129 → $139",
      "WF-00043: Pending → Completed",
      "WF-00042: Pending → In Progress",
    ]);
    expect(mine.rows[0]).toMatchObject({
      username: "audit.writer",
      action: "price_item.update",
      entity: "repair_item",
      entityId: 7,
    });

    expect((await list({ staff: String(writer), action: "repair.status" })).total).toBe(2);
    expect((await list({ record: "WF-00042" })).rows.map((r) => r.entityId)).toEqual([42]);
    expect(
      (await list({ entity: "booking", record: "wf-43" })).rows.map((r) => r.entityId),
    ).toEqual([43]);
    expect((await list({ entity: "repair_item", record: "7" })).total).toBe(1);
    expect((await list({ record: "no such thing" })).total).toBe(0);
    expect(
      (await list({ staff: String(writer), from: "2026-03-01", to: "2026-03-01" })).rows.map(
        (r) => r.entityId,
      ),
    ).toEqual([42]);
    expect(
      (await list({ staff: String(writer), from: "2026-03-02", to: "2026-03-02" })).rows.map(
        (r) => r.entityId,
      ),
    ).toEqual([43]);
    expect(
      (await list({ staff: String(writer), from: "2026-03-03" })).rows.map((r) => r.entityId),
    ).toEqual([7]);
    // Malformed filters are no filter, as on the other lists.
    expect(
      auditQuerySchema.parse({ staff: "x", action: "drop table", from: "2026-02-30", page: "-3" }),
    ).toEqual({ page: 1 });
  });

  it("serves the page to the owner with shop times, names and links to each record", async () => {
    const page = (await auditLoader(
      routeArgs(getRequest("/admin/audit?action=repair.status", ownerCookie)),
    )) as Awaited<ReturnType<typeof auditLoader>>;
    expect(page.entries[0]).toEqual({
      id: expect.any(Number) as number,
      at: "Mar 2, 2026, 10:00 AM",
      who: "audit.writer",
      change: "Status change",
      summary: "WF-00043: Pending → Completed",
      record: { to: "/admin/repairs/43", label: "WF-00043" },
    });
    const staffPage = (await auditLoader(
      routeArgs(getRequest("/admin/audit?entity=staff_user&action=staff.create", ownerCookie)),
    )) as Awaited<ReturnType<typeof auditLoader>>;
    expect(
      staffPage.entries.some(
        (e) => e.who === owner.username && e.record?.to.startsWith("/admin/staff#staff-"),
      ),
    ).toBe(true);
  });

  it("reads one page through the trail's date index however long the trail grows", async () => {
    await handle.db.execute(sql`
      insert into audit_events (staff_user_id, action, entity, entity_id, summary, created_at)
      select ${owner.id}, 'repair.status', 'booking', g, 'bulk ' || g, now() - make_interval(secs => g)
      from generate_series(1, 20000) g`);
    const page = await listAuditEvents({}, { limit: 50, offset: 0 });
    expect(page.rows).toHaveLength(50);
    expect(page.total).toBeGreaterThanOrEqual(20_000);
    // The plan, not the clock (a busy machine stretches the clock): the rows come in order from
    // the index, and nothing sorts the whole trail.
    type Plan = { "QUERY PLAN": unknown };
    const result = await handle.db.execute<Plan>(
      sql`explain (format json) ${auditPageRows(handle.db, undefined, { limit: 50, offset: 0 })}`,
    );
    // postgres.js answers with the rows, PGlite with an object holding them.
    const rows = Array.isArray(result) ? result : (result as { rows: Plan[] }).rows;
    const plan = JSON.stringify(rows[0]?.["QUERY PLAN"]);
    expect(plan).toContain('"Index Name":"audit_events_created_at_idx"');
    expect(plan).not.toContain('"Node Type":"Sort"');
  });
});
