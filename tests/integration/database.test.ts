import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { repairItems, staffUsers } from "../../db/schema";
import { catalogueRows, seedCatalogue, seedCatalogueIfEmpty } from "../../seeds/seed";
import { bootstrapStaff } from "~/models/staff-user.server";
import { verifyPassword } from "~/server/password.server";
import {
  createTestDatabase,
  installTestDatabase,
  testDriver,
  type TestDatabase,
} from "../support/test-database";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

const repairItemCount = async () =>
  (await handle.db.select({ n: count() }).from(repairItems))[0]!.n;

describe(`database on ${testDriver}`, () => {
  it("runs the migrations into every table of the data model", async () => {
    const result = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const rows = (
      Array.isArray(result) ? result : (result as { rows: { table_name: string }[] }).rows
    ).map((r) => r.table_name);
    expect(rows).toEqual(
      expect.arrayContaining([
        "booking_events",
        "bookings",
        "contact_messages",
        "rate_limits",
        "repair_items",
        "staff_sessions",
        "staff_users",
      ]),
    );
    await handle.migrate();
  });

  it("seeds the whole catalogue once; a second run adds nothing and keeps staff edits", async () => {
    const expected = catalogueRows().length;
    expect(await seedCatalogueIfEmpty(handle.db)).toBe(expected);
    expect(await repairItemCount()).toBe(expected);

    const [first] = await handle.db
      .select()
      .from(repairItems)
      .where(eq(repairItems.sortOrder, 1))
      .limit(1);
    await handle.db
      .update(repairItems)
      .set({ price: "12345.00" })
      .where(eq(repairItems.id, first!.id));

    expect(await seedCatalogue(handle.db)).toBe(0);
    expect(await seedCatalogueIfEmpty(handle.db)).toBe(0);
    expect(await repairItemCount()).toBe(expected);
    const [edited] = await handle.db
      .select()
      .from(repairItems)
      .where(eq(repairItems.id, first!.id));
    expect(edited!.price).toBe("12345.00");
  });

  it("refuses a second copy of a row, even when it has no series", async () => {
    const row = {
      category: "console" as const,
      brand: "Sony",
      series: null,
      model: "PlayStation 5",
      repair: "HDMI Port Repair",
      price: "1.00",
    };
    await expect(handle.db.insert(repairItems).values(row)).rejects.toThrow();
  });

  it("requires exactly one of a price and a price label", async () => {
    const base = { category: "mobile" as const, brand: "Test", model: "Phone", repair: "Screen" };
    await expect(
      handle.db.insert(repairItems).values({ ...base, price: null, priceLabel: null }),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insert(repairItems)
        .values({ ...base, price: "10.00", priceLabel: "Call For Price" }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(repairItems).values({ ...base, price: "-1.00" }),
    ).rejects.toThrow();
  });

  it("creates the configured staff account once, with a hashed password", async () => {
    await bootstrapStaff({
      admin: { username: "Owner", password: "a long enough password" },
      production: false,
    });
    await bootstrapStaff({
      admin: { username: "owner", password: "a different password" },
      production: false,
    });
    const users = await handle.db
      .select()
      .from(staffUsers)
      .where(sql`lower(${staffUsers.username}) = 'owner'`);
    expect(users).toHaveLength(1);
    expect(users[0]!.passwordHash).not.toContain("a long enough password");
    expect(await verifyPassword("a long enough password", users[0]!.passwordHash)).toBe(true);
  });

  it("creates a development admin with a random password when nothing is configured", async () => {
    await bootstrapStaff({ admin: undefined, production: false });
    await bootstrapStaff({ admin: undefined, production: false });
    const admins = await handle.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.username, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("gives each test its own database", async () => {
    const other = await createTestDatabase();
    try {
      expect((await other.db.select({ n: count() }).from(repairItems))[0]!.n).toBe(0);
    } finally {
      await other.drop();
    }
  });
});

describe.runIf(testDriver === "pglite")("PGlite data folder", () => {
  it("keeps committed data across a close and reopen, creating missing parent folders", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "wefix-persist-"));
    const dir = path.join(root, "nested", "pglite");
    try {
      const first = await openDatabase({ driver: "pglite", dir });
      await first.migrate();
      await seedCatalogueIfEmpty(first.db);
      await first.close();

      const second = await openDatabase({ driver: "pglite", dir });
      await second.migrate();
      expect(await seedCatalogueIfEmpty(second.db)).toBe(0);
      expect((await second.db.select({ n: count() }).from(repairItems))[0]!.n).toBe(
        catalogueRows().length,
      );
      await second.close();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
    // Two embedded Postgres starts and migrations: on a starved machine each can take many seconds.
  }, 120_000);

  it("refuses a data folder another running process holds, and takes over a stale lock", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "wefix-lock-"));
    const dir = path.join(root, "pglite");
    try {
      await writeFile(`${dir}.lock`, String(process.ppid));
      await expect(openDatabase({ driver: "pglite", dir })).rejects.toThrow(/in use by process/);

      await writeFile(`${dir}.lock`, "999999999");
      const handle = await openDatabase({ driver: "pglite", dir });
      await handle.close();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDriver === "postgres")("Postgres statements", () => {
  // drizzle-orm 0.45 asks postgres.js not to prepare an unnamed query; db/client.ts overrides it.
  it("prepares each statement shape on its connection, in transactions too (decision 0008)", async () => {
    const single = await openDatabase({ driver: "postgres", url: handle.url!, poolSize: 1 });
    try {
      // postgres.js answers with the rows themselves.
      const prepared = async () =>
        (
          (await single.db.execute(
            sql`select statement from pg_prepared_statements`,
          )) as unknown as { statement: string }[]
        ).map((row) => row.statement);
      await single.db.select().from(staffUsers).where(eq(staffUsers.id, 1));
      await single.db.transaction((tx) =>
        tx.select().from(repairItems).where(eq(repairItems.id, 1)),
      );
      expect(await prepared()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/from "staff_users" where "staff_users"."id" = \$1/),
          expect.stringMatching(/from "repair_items" where "repair_items"."id" = \$1/),
        ]),
      );
    } finally {
      await single.close();
    }
  });
});
