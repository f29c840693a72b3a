import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, customerContacts, customers, devices } from "../../db/schema";
import { createWalkIn } from "~/models/booking-walk-in.server";
import { likelyDuplicatePairs } from "~/models/customer-changes.server";
import { action as customerAction, loader as customerLoader } from "~/routes/admin.customers_.$id";
import { loader as listLoader } from "~/routes/admin.customers";
import {
  action as mergeAction,
  loader as duplicatesLoader,
} from "~/routes/admin.customers_.duplicates";
import { loader as lookupLoader } from "~/routes/admin.customers_.lookup";
import { action as repairAction } from "~/routes/admin.repairs_.$id";
import { loader as deviceLoader } from "~/routes/admin.devices.$id";
import { walkInSchema } from "~/schemas/walk-in";
import { dataOf, responseOf, statusOf, thrownBy } from "../support/answers";
import { signedInStaff } from "../support/admin";
import { formPost, freshKey, routeArgs, testOrigin } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * The customer pages (decision 0042): found by name, phone or e-mail; edited with the version
 * they were read at; merged by the owner only, audited, the old address leading to the kept one.
 */

let handle: TestDatabase;
let tech: { id: number; cookie: string };
let owner: { id: number; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  tech = await signedInStaff(handle.db, "records-tech");
  owner = await signedInStaff(handle.db, "records-owner", "owner");
});
afterAll(() => handle.drop());

let n = 0;
async function walkIn(fields: Record<string, string>) {
  const result = await createWalkIn(
    walkInSchema.parse({
      firstName: "Maria",
      lastName: "Santos",
      phone: `(905) 558-${String(1000 + ++n)}`,
      deviceCategory: "mobile",
      issueType: "Screen Repair",
      passcode: "withheld",
      urgency: "normal",
      submissionKey: freshKey(),
      ...fields,
    }),
    tech,
    testOrigin,
  );
  if (result.outcome !== "created") throw new Error(result.outcome);
  return result.booking;
}

const as = (who: { cookie: string }, request: Request) => {
  request.headers.set("cookie", who.cookie);
  return request;
};
const get = (who: { cookie: string }, url: string) =>
  as(who, new Request(`http://localhost${url}`));
const post = (who: { cookie: string }, url: string, fields: Record<string, string>) =>
  as(who, formPost(url, fields));

const pageOf = async (id: number, who = tech) =>
  dataOf(await customerLoader(routeArgs(get(who, `/admin/customers/${id}`), { id: String(id) })));

describe(`customer records on ${testDriver}`, () => {
  it("lists customers found by name, phone digits or e-mail", async () => {
    const booking = await walkIn({
      firstName: "Élodie",
      lastName: "Brisebois",
      email: "elodie@example.com",
    });
    for (const q of ["brisebois", booking.phoneDigits.slice(-7), "ELODIE@"]) {
      const list = dataOf(
        await listLoader(routeArgs(get(tech, `/admin/customers?q=${encodeURIComponent(q)}`))),
      );
      const line = list.items.find((i) => i.id === booking.customerId);
      expect(line).toMatchObject({ emails: ["elodie@example.com"], repairs: 1 });
      expect(line?.phones).toEqual([booking.phone]);
    }
  });

  it("finds customers as the header search finds repairs: accents, case, spacing and phone spellings aside", async () => {
    const booking = await walkIn({ firstName: "Zoë", lastName: "Bélanger-Côté" });
    const listed = async (q: string) => {
      const list = dataOf(
        await listLoader(routeArgs(get(tech, `/admin/customers?q=${encodeURIComponent(q)}`))),
      );
      return list.items.map((i) => i.id);
    };
    const [, area, exchange, line] = /^(\d{3})(\d{3})(\d{4})$/.exec(booking.phoneDigits)!;
    for (const q of [
      "zoe belanger",
      "BELANGER COTE",
      "belangercote",
      "Zoë",
      `+1 ${area}.${exchange}.${line}`,
    ])
      expect(await listed(q), q).toContain(booking.customerId);
    expect(await listed("zoe tremblay")).not.toContain(booking.customerId);
    // A control character in the address is no search at all, not an error.
    const all = dataOf(await listLoader(routeArgs(get(tech, "/admin/customers?q=zo%00e"))));
    expect(all.query.q).toBeUndefined();
  });

  it("lists as likely duplicates two records whose names differ only by accents, case and spaces", async () => {
    const first = await walkIn({ firstName: "Hélène", lastName: "Bélanger" });
    const second = await walkIn({ firstName: "helene ", lastName: " BELANGER" });
    expect(second.customerId).not.toBe(first.customerId);
    // Every Maria Santos of this file is a pair too: asked for all of them, not the page's 50.
    const pairs = await likelyDuplicatePairs(10_000);
    expect(pairs).toContainEqual({ a: first.customerId, b: second.customerId, reasons: ["name"] });
  });

  it("shows contacts with STOP state, devices, repairs; edits name and channel with the version; refuses a stale save with what changed", async () => {
    const booking = await walkIn({ deviceIdentifier: "352099001761481", email: "mo@example.com" });
    const id = booking.customerId!;
    const page = await pageOf(id);
    expect(page.contacts.map((c) => c.kind)).toEqual(["phone", "email"]);
    expect(page.devices[0]).toMatchObject({
      identifierLabel: "IMEI",
      identifier: "35 209900 176148 1",
    });
    expect(page.repairs.map((r) => r.id)).toEqual([booking.id]);

    const shown = JSON.stringify({ firstName: "Maria", lastName: "Santos", notifyBy: "email" });
    const form = (who: typeof tech, fields: Record<string, string>) =>
      customerAction(
        routeArgs(
          post(who, `/admin/customers/${id}`, { intent: "edit", version: "1", shown, ...fields }),
          {
            id: String(id),
          },
        ),
      );
    const saved = responseOf(
      await form(tech, { firstName: "Maria", lastName: "Santos-Ortiz", notifyBy: "both" }),
    );
    expect(saved.status).toBe(303);
    // The owner's page was read at version 1 too: refused, nothing stored, the typed name kept on top.
    const stale = await form(owner, { firstName: "Mariá", lastName: "Santos", notifyBy: "email" });
    expect(statusOf(stale)).toBe(409);
    const body = dataOf(stale) as unknown as {
      conflict: { version: number; changes: { by: string; summary: string }[] };
      result: { initialValue: Record<string, string> };
    };
    expect(body.conflict.version).toBe(2);
    expect(body.conflict.changes[0]).toMatchObject({ by: "records-tech" });
    expect(body.conflict.changes[0]!.summary).toContain("last name, channel changed");
    expect(body.result.initialValue).toMatchObject({
      firstName: "Mariá",
      lastName: "Santos-Ortiz",
      notifyBy: "both",
    });
    const [row] = await handle.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({
      firstName: "Maria",
      lastName: "Santos-Ortiz",
      notifyBy: "both",
      version: 2,
    });
  });

  it("adds a contact nobody has, refuses one another customer has, keeps the last one", async () => {
    const a = await walkIn({});
    const b = await walkIn({ email: "taken@example.com" });
    const add = (contact: string, version: string) =>
      customerAction(
        routeArgs(
          post(tech, `/admin/customers/${a.customerId}`, {
            intent: "add_contact",
            contact,
            version,
          }),
          {
            id: String(a.customerId),
          },
        ),
      );
    expect(responseOf(await add("new.one@example.com", "1")).status).toBe(303);
    const taken = await add("Taken@Example.com", "2");
    expect(statusOf(taken)).toBe(409);
    expect(JSON.stringify(dataOf(taken))).toContain(`belongs to Customer #${b.customerId}`);
    expect(statusOf(await add("not a phone", "2"))).toBe(400);
    const [phone] = await handle.db
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.customerId, b.customerId!));
    const removeAll = async (version: number) => {
      const contacts = await handle.db
        .select()
        .from(customerContacts)
        .where(eq(customerContacts.customerId, b.customerId!));
      return customerAction(
        routeArgs(
          post(tech, `/admin/customers/${b.customerId}`, {
            intent: "remove_contact",
            contactId: String(contacts[0]!.id),
            version: String(version),
          }),
          { id: String(b.customerId) },
        ),
      );
    };
    expect(phone).toBeDefined();
    expect(responseOf(await removeAll(1)).status).toBe(303);
    const last = await removeAll(2);
    expect(statusOf(last)).toBe(409);
    expect(JSON.stringify(dataOf(last))).toContain("keeps at least one");
  });

  it("lets only the owner merge: repairs, devices and contacts move, the old address redirects, both ids audited, a stale page refused", async () => {
    const keep = await walkIn({
      firstName: "Dana",
      lastName: "Kim",
      deviceIdentifier: "490154203237518",
    });
    const dup = await walkIn({
      firstName: "dana ",
      lastName: "KIM",
      deviceIdentifier: "C02XK1ABJG5H",
      deviceCategory: "laptop",
    });
    const pairs = dataOf(
      await duplicatesLoader(routeArgs(get(owner, "/admin/customers/duplicates"))),
    );
    expect(pairs.pairs.some((p) => p.a.id === keep.customerId && p.b.id === dup.customerId)).toBe(
      true,
    );
    expect(
      statusOf(
        await thrownBy(duplicatesLoader(routeArgs(get(tech, "/admin/customers/duplicates")))),
      ),
    ).toBe(403);

    const merge = (who: typeof owner, versions: [string, string]) =>
      mergeAction(
        routeArgs(
          post(who, "/admin/customers/duplicates", {
            keepId: String(keep.customerId),
            mergeId: String(dup.customerId),
            keepVersion: versions[0],
            mergeVersion: versions[1],
          }),
        ),
      );
    expect(statusOf(await thrownBy(merge(tech, ["1", "1"])))).toBe(403);
    // The duplicate changed after the owner's page was drawn: refused with what changed.
    await customerAction(
      routeArgs(
        post(tech, `/admin/customers/${dup.customerId}`, {
          intent: "add_contact",
          contact: "dana@example.com",
          version: "1",
        }),
        { id: String(dup.customerId) },
      ),
    );
    const stale = await merge(owner, ["1", "1"]);
    expect(statusOf(stale)).toBe(409);
    expect(JSON.stringify(dataOf(stale))).toContain("e-mail added");
    expect(
      (await handle.db.select().from(customers).where(eq(customers.id, dup.customerId!)))[0]!
        .mergedIntoId,
    ).toBeNull();

    const done = responseOf(await merge(owner, ["1", "2"]));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/admin/customers/${keep.customerId}`);
    const moved = await handle.db.select().from(bookings).where(eq(bookings.id, dup.id));
    expect(moved[0]!.customerId).toBe(keep.customerId);
    const laptop = await handle.db.select().from(devices).where(eq(devices.id, dup.deviceId!));
    expect(laptop[0]!.customerId).toBe(keep.customerId);
    const page = await pageOf(keep.customerId!);
    expect(page.contacts).toHaveLength(3);
    expect(page.repairs).toHaveLength(2);
    const redirect = await thrownBy(
      customerLoader(
        routeArgs(get(tech, `/admin/customers/${dup.customerId}`), { id: String(dup.customerId) }),
      ),
    );
    expect(responseOf(redirect).headers.get("location")).toBe(
      `/admin/customers/${keep.customerId}`,
    );
    const audit = await handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "customer.merge"));
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({
      keptId: keep.customerId,
      mergedId: dup.customerId,
      moved: { repairs: [dup.id], devices: [dup.deviceId] },
    });
  });

  it("offers a known customer and their devices to the walk-in form's lookup", async () => {
    const booking = await walkIn({
      email: "look@example.com",
      deviceIdentifier: "35-209900-176148-1",
    });
    const answer = responseOf(
      await lookupLoader(
        routeArgs(
          get(tech, `/admin/customers/lookup?phone=${encodeURIComponent(`+1 ${booking.phone}`)}`),
        ),
      ),
    );
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const { match } = (await answer.json()) as {
      match: { id: number; fill: object; devices: { fill: object }[] };
    };
    expect(match.id).toBe(booking.customerId);
    expect(match.fill).toMatchObject({
      firstName: "Maria",
      email: "look@example.com",
      notifyBy: "email",
    });
    expect(match.devices[0]!.fill).toMatchObject({
      deviceIdentifier: "352099001761481",
      deviceCategory: "mobile",
    });
    const none = responseOf(
      await lookupLoader(routeArgs(get(tech, "/admin/customers/lookup?phone=9055550000"))),
    );
    expect(await none.json()).toEqual({ match: null });
  });

  it("sets a repair's IMEI on its page with the version, refuses a wrong check digit and a stale version, and lists the device's repairs", async () => {
    const first = await walkIn({ deviceIdentifier: "C02XK1ABJG5Z" });
    const other = await walkIn({});
    const save = (deviceIdentifier: string, version: string) =>
      repairAction(
        routeArgs(
          post(tech, `/admin/repairs/${other.id}`, { intent: "device", deviceIdentifier, version }),
          {
            id: String(other.id),
          },
        ),
      );
    const wrong = await save("352099001761482", "1");
    expect(statusOf(wrong)).toBe(400);
    expect(JSON.stringify(dataOf(wrong))).toContain("check digit");
    expect(responseOf(await save("c02xk1abjg5z", "1")).status).toBe(303);
    const stale = await save("", "1");
    expect(statusOf(stale)).toBe(409);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, other.id));
    expect(row).toMatchObject({ deviceId: first.deviceId, version: 2 });
    const history = dataOf(
      await deviceLoader(
        routeArgs(get(tech, `/admin/devices/${first.deviceId}`), { id: String(first.deviceId) }),
      ),
    );
    expect(history.repairs.map((r) => r.id)).toEqual([other.id, first.id]);
    expect(history.device.owner?.id).toBe(other.customerId);
  });
});
