import { seedDemoBookingsIfEmpty } from "../../seeds/demo-bookings";
import { seedBuybackGridIfEmpty } from "../../seeds/buyback-grid";
import { seedCatalogueIfEmpty } from "../../seeds/seed";
import { seedShopDevicesIfEmpty } from "../../seeds/shop-devices";
import { connectDatabase } from "~/server/db.server";
import { settings } from "~/server/env.server";
import { log } from "~/server/log.server";
import { decoyPasswordHash } from "~/server/password.server";
import { bootstrapStaff } from "~/models/staff-user.server";

/**
 * Open and migrate the database, seed a new catalogue and buyback grid and create the first staff
 * account. The development server (`npm run dev`, never production or tests) also adds a few demo
 * bookings, and any server outside production a few sample devices for sale (never a real shop's
 * listing).
 */
export async function prepareDatabase({ demoBookings = false } = {}) {
  const started = performance.now();
  const handle = await connectDatabase();
  const seeded = await seedCatalogueIfEmpty(handle.db);
  const seededGrid = await seedBuybackGridIfEmpty(handle.db);
  const sampleDevices = settings().production ? 0 : await seedShopDevicesIfEmpty(handle.db);
  const demos =
    demoBookings && !settings().production ? await seedDemoBookingsIfEmpty(handle.db) : 0;
  await bootstrapStaff();
  // Computed now, so the first login attempt for an unknown user costs no more than any other.
  await decoyPasswordHash();
  log("info", "database ready", {
    driver: handle.driver,
    seededRepairItems: seeded,
    seededBuybackPrices: seededGrid,
    sampleShopDevices: sampleDevices,
    ...(demoBookings ? { demoBookings: demos } : {}),
    ms: Math.round(performance.now() - started),
  });
  return handle;
}
