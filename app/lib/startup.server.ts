import { seedCatalogueIfEmpty } from "../../seeds/seed";
import { connectDatabase } from "./db.server";
import { log } from "./log.server";
import { bootstrapStaff } from "./staff.server";

/** Open and migrate the database, seed a new catalogue and create the first staff account. */
export async function prepareDatabase() {
  const started = performance.now();
  const handle = await connectDatabase();
  const seeded = await seedCatalogueIfEmpty(handle.db);
  await bootstrapStaff();
  log("info", "database ready", {
    driver: handle.driver,
    seededRepairItems: seeded,
    ms: Math.round(performance.now() - started),
  });
  return handle;
}
