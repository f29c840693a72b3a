import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConfig } from "../../db/client";
import { repairItems } from "../../db/schema";
import { seedCatalogue } from "../../seeds/seed";
import {
  announceCatalogueChange,
  catalogueChannel,
  watchCatalogue,
  type CatalogueWatch,
} from "~/server/page-cache-events.server";
import { createRepairItem, deleteRepairItem, updateRepairItem } from "~/models/repair-item.server";
import {
  addCalendarEntry,
  changeCalendarEntry,
  removeCalendarEntry,
} from "~/models/shop-calendar.server";
import { repairItemSchema } from "~/schemas/repair-item";
import { createTestStaff } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let watch: CatalogueWatch;
let heard = 0;
let staffId: number;
beforeAll(async () => {
  handle = await installTestDatabase();
  await seedCatalogue(handle.db);
  const config: DatabaseConfig =
    testDriver === "postgres"
      ? { driver: "postgres", url: handle.url! }
      : { driver: "pglite", dir: "memory://" };
  watch = await watchCatalogue(() => (heard += 1), config);
  staffId = (await createTestStaff(handle.db, "catalogue-editor")).id;
});
afterAll(async () => {
  await watch.stop();
  await handle.drop();
});

/** Runs `change` and resolves once the watch has heard of it; fails after a second. */
async function heardWithinASecond(change: () => Promise<unknown>) {
  const before = heard;
  await change();
  await expect.poll(() => heard, { timeout: 1_000, interval: 10 }).toBeGreaterThan(before);
}

const item = repairItemSchema.parse({
  deviceCategory: "laptop",
  brand: "Acme",
  model: "Notebook 1",
  issue: "Hinge Repair",
  price: "89",
});

describe(`catalogue changes on ${testDriver}`, () => {
  it("every catalogue write a staff member makes is heard once it commits", async () => {
    expect(watch.live()).toBe(true);
    let saved: Awaited<ReturnType<typeof createRepairItem>> | undefined;
    await heardWithinASecond(async () => (saved = await createRepairItem(item, staffId)));
    expect(saved?.outcome).toBe("saved");
    const id = saved?.outcome === "saved" ? saved.item.id : 0;
    await heardWithinASecond(() => updateRepairItem(id, { ...item, price: "79.00" }, staffId));
    await heardWithinASecond(() => deleteRepairItem(id, staffId));
  });

  it("every change to the shop's closures and special hours is heard, since every page shows them", async () => {
    const closure = { from: "2030-03-04", to: "2030-03-05", hours: null, reason: "Renovation" };
    let added: Awaited<ReturnType<typeof addCalendarEntry>> | undefined;
    await heardWithinASecond(async () => (added = await addCalendarEntry(closure, staffId)));
    if (added?.outcome !== "saved") throw new Error("expected the closure saved");
    const { id } = added.entry;
    await heardWithinASecond(() =>
      changeCalendarEntry(id, { ...closure, to: "2030-03-06" }, staffId, 1),
    );
    await heardWithinASecond(() => removeCalendarEntry(id, staffId, 2));
  });

  it("a write that rolls back, or saves nothing, is not announced", async () => {
    const before = heard;
    await handle.db
      .transaction(async (tx) => {
        await announceCatalogueChange(tx);
        await tx
          .update(repairItems)
          .set({ price: "1.00" })
          .where(eq(repairItems.category, "laptop"));
        throw new Error("changed my mind");
      })
      .catch(() => {});
    const [existing] = await handle.db
      .select()
      .from(repairItems)
      .where(eq(repairItems.category, "laptop"))
      .limit(1);
    const { category, brand, series, model, repair, price, priceLabel } = existing!;
    expect(
      await createRepairItem(
        { category, brand, series, model, repair, price, priceLabel },
        staffId,
      ),
    ).toEqual({ outcome: "duplicate" });
    expect(await updateRepairItem(99_999_999, item, staffId)).toEqual({ outcome: "not_found" });
    // A notification, if one had been sent, arrives within milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toBe(before);
  });

  it.runIf(testDriver === "postgres")(
    "a lost listening connection counts as a change, and listening resumes by itself",
    async () => {
      const admin = postgres(handle.url!, { max: 1, onnotice: () => {} });
      try {
        const before = heard;
        // This test's database only: another checkout's tests may be listening on the same server.
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`listen ${catalogueChannel}`}`;
        await expect.poll(() => heard, { timeout: 2_000 }).toBeGreaterThan(before);
        await expect.poll(() => watch.live(), { timeout: 5_000 }).toBe(true);
        await heardWithinASecond(() => admin`select pg_notify(${catalogueChannel}, '')`);
      } finally {
        await admin.end();
      }
    },
  );
});
