import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { stockDevices, stockReservations } from "../../db/schema";
import { sampleShopDevices, type StockDeviceSeed } from "../../seeds/shop-devices";
import { newStockPublicId } from "~/utils/shop-device";

/**
 * A device for sale, listed now: the first sample device unless `overrides` say otherwise. The
 * stock editor is another part of the app; tests of the shop make their own rows.
 */
export async function insertStockDevice(
  db: Database,
  overrides: Partial<StockDeviceSeed> = {},
): Promise<typeof stockDevices.$inferSelect> {
  const [device] = await db
    .insert(stockDevices)
    .values({
      ...sampleShopDevices[0]!,
      state: "for_sale",
      listedAt: new Date(),
      // Each its own IMEI, as real phones have, so a clerk's search finds this one.
      imei: String(Math.floor(Math.random() * 1e15)).padStart(15, "0"),
      ...overrides,
      publicId: newStockPublicId(),
    })
    .returning();
  return device!;
}

/** The device's row as it is now. */
export async function stockDeviceNow(db: Database, id: number) {
  const [device] = await db.select().from(stockDevices).where(eq(stockDevices.id, id));
  return device!;
}

/** Moves a device's hold (and its reservation's end) into the past, as if the time ran out. */
export async function lapseHold(db: Database, id: number) {
  await db
    .update(stockDevices)
    .set({ reservedUntil: sql`now() - interval '1 minute'` })
    .where(eq(stockDevices.id, id));
  await db
    .update(stockReservations)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(stockReservations.stockDeviceId, id));
}
