import { readFile } from "node:fs/promises";
import { asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, customerContacts, customers, devices } from "../../db/schema";
import { createBooking } from "~/models/booking.server";
import { createWalkIn } from "~/models/booking-walk-in.server";
import { likelyDuplicatePairs } from "~/models/customer-changes.server";
import { bookingSchema } from "~/schemas/booking";
import { walkInSchema } from "~/schemas/walk-in";
import { createTestStaff, insertBooking } from "../support/admin";
import { freshKey, futureWeekday, testOrigin, validBooking } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Customers are records (docs/decisions/0042, 0052): every repair, online or at the counter,
 * belongs to the customer its phone names, or its e-mail address under the same name, or to a
 * new one; a device is found again by its
 * IMEI or serial number whoever brings it in.
 */

let handle: TestDatabase;
let staff: { id: number };

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await createTestStaff(handle.db, "matching-tech");
});
afterAll(() => handle.drop());

let sequence = 0;
/** A phone number no other test uses. */
const newPhone = () => `(905) 556-${String(1000 + ++sequence)}`;

async function book(fields: Record<string, string>) {
  const result = await createBooking(bookingSchema.parse(validBooking(fields)), testOrigin);
  if (result.outcome !== "created") throw new Error(`booking ${result.outcome}`);
  return result.booking;
}

const walkInFields = (fields: Record<string, string>) => ({
  firstName: "Maria",
  lastName: "Santos",
  phone: newPhone(),
  email: "",
  deviceCategory: "mobile",
  deviceBrand: "Samsung",
  deviceModel: "Galaxy S21",
  issueType: "Screen Repair",
  passcode: "withheld",
  urgency: "normal",
  notifyBy: "sms",
  submissionKey: freshKey(),
  ...fields,
});

async function walkIn(fields: Record<string, string>) {
  const result = await createWalkIn(walkInSchema.parse(walkInFields(fields)), staff, testOrigin);
  if (result.outcome !== "created") throw new Error(`walk-in ${result.outcome}`);
  return result.booking;
}

const contactsOf = async (customerId: number) =>
  (
    await handle.db
      .select({ kind: customerContacts.kind, value: customerContacts.value })
      .from(customerContacts)
      .where(eq(customerContacts.customerId, customerId))
      .orderBy(asc(customerContacts.id))
  ).map((c) => `${c.kind}:${c.value}`);

describe(`customers matched to repairs, on ${testDriver}`, () => {
  it("creates a customer for a new online booking, with its phone and e-mail, name, channel and consent", async () => {
    const phone = newPhone();
    const booking = await book({
      phone,
      email: "Zoe.Cote@Example.com",
      firstName: "Zoë",
      lastName: "Côté",
      notifyBy: "both",
      reviewOptIn: "on",
    });
    expect(booking.customerId).not.toBeNull();
    const [customer] = await handle.db
      .select()
      .from(customers)
      .where(eq(customers.id, booking.customerId!));
    expect(customer).toMatchObject({
      firstName: "Zoë",
      lastName: "Côté",
      notifyBy: "both",
      reviewOptIn: true,
      version: 1,
    });
    expect(await contactsOf(booking.customerId!)).toEqual([
      `phone:${phone}`,
      "email:Zoe.Cote@Example.com",
    ]);
  });

  it("attaches a later repair by phone or by e-mail, adding the contact the customer lacked", async () => {
    const phone = newPhone();
    const first = await book({ phone, email: "sam.first@example.com", preferredTime: "10:30" });
    // Same phone, another address: the address is added.
    const second = await book({ phone, email: "sam.work@example.com", preferredTime: "11:00" });
    // The second address, written another way, with a new phone, under the same name spelled
    // another way: the phone is added.
    const other = newPhone();
    const third = await walkIn({
      firstName: "ANN ",
      lastName: "Lée",
      phone: other,
      email: " SAM.WORK+repairs@example.com ",
    });
    const customerId = first.customerId!;
    expect([second.customerId, third.customerId]).toEqual([customerId, customerId]);
    expect(await contactsOf(customerId)).toEqual([
      `phone:${phone}`,
      "email:sam.first@example.com",
      "email:sam.work@example.com",
      `phone:${other}`,
    ]);
  });

  it("keeps apart two people sharing an e-mail address under different names, listed as likely duplicates", async () => {
    const email = `family.${sequence}@example.com`;
    const parent = await book({ phone: newPhone(), email, preferredTime: "12:00" });
    const child = await walkIn({ firstName: "Zoë", lastName: "Lee", email });
    expect(child.customerId).not.toBe(parent.customerId);
    // The address stays with the record that had it first; the child's repair still keeps it.
    expect(await contactsOf(child.customerId!)).toEqual([`phone:${child.phone}`]);
    expect(child.email).toBe(email);
    const pairs = await likelyDuplicatePairs(10_000);
    expect(pairs).toContainEqual({
      a: parent.customerId,
      b: child.customerId,
      reasons: ["contacts"],
    });
  });

  it("joins a booking whose phone and e-mail are two customers' to the phone's; the address stays where it was", async () => {
    const alice = await book({ phone: newPhone(), email: "alice.one@example.com" });
    const bob = await walkIn({ firstName: "Bob", email: "bob.two@example.com" });
    const mixed = await book({
      phone: `+1 ${(await contactsOf(bob.customerId!))[0]!.slice("phone:".length)}`,
      email: "alice.one@example.com",
      preferredTime: "15:30",
    });
    expect(mixed.customerId).toBe(bob.customerId);
    expect(await contactsOf(alice.customerId!)).toContain("email:alice.one@example.com");
    expect(await contactsOf(bob.customerId!)).not.toContain("email:alice.one@example.com");
  });

  it("makes one customer of a new customer's concurrent repairs, online and at the counter", async () => {
    const phone = newPhone();
    const email = `race.${sequence}@example.com`;
    const day = futureWeekday(5);
    const made = await Promise.all([
      book({ phone, email, preferredDate: day, preferredTime: "10:00" }),
      book({ phone, email, preferredDate: day, preferredTime: "10:30" }),
      walkIn({ phone, email: "" }),
      walkIn({ phone, email }),
      walkIn({ phone: `1-${phone}` }),
    ]);
    // A repair under another phone joins by the address once the customer has it. Run at the same
    // time, it could be matched before any repair brought phone and address together, and a
    // phone-only walk-in before it would then rightly start a customer of its own.
    made.push(await book({ phone: newPhone(), email, preferredDate: day, preferredTime: "11:00" }));
    const ids = new Set(made.map((b) => b.customerId));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(id).not.toBeNull();
    const owners = await handle.db
      .select({ n: count() })
      .from(customerContacts)
      .where(eq(customerContacts.customerId, id!));
    expect(owners[0]!.n).toBe(3); // the phone, the address and the third booking's phone
    const orphans = await handle.db.execute(
      sql`select count(*)::int as n from customers c where not exists (select 1 from customer_contacts cc where cc.customer_id = c.id)`,
    );
    const rows = Array.isArray(orphans) ? orphans : (orphans as { rows: unknown[] }).rows;
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("keeps a replayed booking on its customer and makes no other", async () => {
    const input = bookingSchema.parse(validBooking({ phone: newPhone(), preferredTime: "16:30" }));
    const before = (await handle.db.select({ n: count() }).from(customers))[0]!.n;
    const [a, b] = await Promise.all([
      createBooking(input, testOrigin),
      createBooking(input, testOrigin),
    ]);
    expect("booking" in a && "booking" in b && a.booking.customerId === b.booking.customerId).toBe(
      true,
    );
    expect((await handle.db.select({ n: count() }).from(customers))[0]!.n).toBe(before + 1);
  });
});

describe(`devices by IMEI or serial number, on ${testDriver}`, () => {
  it("finds the same device on a later repair, whoever brings it in, and makes it theirs", async () => {
    const first = await walkIn({ deviceIdentifier: "35 209900 176148 1" });
    expect(first.deviceId).not.toBeNull();
    const [device] = await handle.db.select().from(devices).where(eq(devices.id, first.deviceId!));
    expect(device).toMatchObject({
      imei: "352099001761481",
      serialNumber: null,
      customerId: first.customerId,
      brand: "Samsung",
      model: "Galaxy S21",
    });
    const sold = await walkIn({
      firstName: "Jo",
      deviceIdentifier: "352099001761481",
      deviceBrand: "",
      deviceModel: "",
    });
    expect(sold.customerId).not.toBe(first.customerId);
    expect(sold.deviceId).toBe(first.deviceId);
    const [now] = await handle.db.select().from(devices).where(eq(devices.id, first.deviceId!));
    // Brought in last by the second customer; what was known of it is kept.
    expect(now).toMatchObject({ customerId: sold.customerId, brand: "Samsung" });
    const serial = await walkIn({ deviceIdentifier: "c02 xk1-abjg5h", deviceCategory: "laptop" });
    const [laptop] = await handle.db.select().from(devices).where(eq(devices.id, serial.deviceId!));
    expect(laptop).toMatchObject({ serialNumber: "C02XK1-ABJG5H", imei: null, category: "laptop" });
  });

  it("refuses an IMEI with a wrong check digit or length at intake, storing nothing", async () => {
    const before = (await handle.db.select({ n: count() }).from(bookings))[0]!.n;
    for (const [typed, message] of [
      ["352099001761482", "check digit"],
      ["35209900176148", "An IMEI has 15 digits; this one has 14."],
    ] as const) {
      const parsed = walkInSchema.safeParse(walkInFields({ deviceIdentifier: typed }));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message).join(" ")).toContain(message);
    }
    expect((await handle.db.select({ n: count() }).from(bookings))[0]!.n).toBe(before);
  });

  it("makes one device of two repairs typing one new IMEI at once", async () => {
    const made = await Promise.all([
      walkIn({ deviceIdentifier: "490154203237518" }),
      walkIn({ deviceIdentifier: "490154203237518" }),
    ]);
    expect(made[0].deviceId).toBe(made[1].deviceId);
  });
});

describe(`the customer backfill (drizzle/0018), on ${testDriver}`, () => {
  it("gives every earlier booking a customer: shared phones and addresses are one, the phone decides a conflict", async () => {
    // Bookings stored before customer records existed: no customer. Run on a database already
    // migrated (the test helpers migrate to the latest step), the migration's SQL acts on just
    // these rows, as it did on every booking when it ran after 0017.
    const at = (p: string) => `905-557-${p}`;
    const rows = [
      await insertBooking(handle.db, { phone: at("0001"), email: "a@example.com" }),
      await insertBooking(handle.db, { phone: at("0001"), email: "a.other@example.com" }),
      await insertBooking(handle.db, { phone: at("0002"), email: "a.other@example.com" }),
      await insertBooking(handle.db, { phone: at("0003"), email: "c@example.com" }),
      // Phone of the third group, address of the first: joins the phone's.
      await insertBooking(handle.db, { phone: at("0003"), email: "a@example.com" }),
      await insertBooking(handle.db, { phone: at("0004"), email: null, source: "walk_in" }),
    ];
    await handle.db
      .update(bookings)
      .set({ emailKey: sql`lower(${bookings.email})` })
      .where(
        inArray(
          bookings.id,
          rows.map((r) => r.id),
        ),
      );
    const versions = rows.map((r) => r.version);
    const migration = await readFile("drizzle/0018_customer_backfill.sql", "utf8");
    await handle.db.execute(sql.raw(migration));

    const after = await handle.db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(bookings.id));
    const ids = after.map((b) => b.customerId);
    expect(ids.every((id) => id !== null)).toBe(true);
    expect([ids[1], ids[2]]).toEqual([ids[0], ids[0]]);
    expect(ids[4]).toBe(ids[3]);
    expect(new Set([ids[0], ids[3], ids[5]]).size).toBe(3);
    expect(after.map((b) => b.version)).toEqual(versions);
    expect(await contactsOf(ids[0]!)).toEqual([
      `phone:${at("0001")}`,
      "email:a@example.com",
      "email:a.other@example.com",
      `phone:${at("0002")}`,
    ]);
    expect(await contactsOf(ids[3]!)).toEqual([`phone:${at("0003")}`, "email:c@example.com"]);
    expect(await contactsOf(ids[5]!)).toEqual([`phone:${at("0004")}`]);
    const [first] = await handle.db.select().from(customers).where(eq(customers.id, ids[0]!));
    expect(first).toMatchObject({ firstName: rows[0]!.firstName, lastName: rows[0]!.lastName });
    // Nothing else attached: no devices.
    expect(after.every((b) => b.deviceId === null)).toBe(true);
    const unattached = await handle.db
      .select({ n: count() })
      .from(bookings)
      .where(isNull(bookings.customerId));
    expect(unattached[0]!.n).toBe(0);
  });
});
