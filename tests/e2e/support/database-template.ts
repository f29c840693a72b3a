import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../../db/client";
import { seedCatalogueIfEmpty } from "../../../seeds/seed";

/**
 * Playwright's global setup: a PGlite folder migrated and seeded as a new server leaves it, before
 * its first staff account (each server creates its own). A server a test starts on `memory://`
 * starts on a copy of it instead (`startServer`), which saves it migrating and seeding: 4 s of a
 * 5 s start on a quiet machine, three times that on a busy one.
 */
export default async function databaseTemplate() {
  const root = await mkdtemp(path.join(os.tmpdir(), "wefix-e2e-template-"));
  const dir = path.join(root, "pglite");
  const handle = await openDatabase({ driver: "pglite", dir });
  await handle.migrate();
  await seedCatalogueIfEmpty(handle.db);
  await handle.close();
  // Workers inherit the runner's environment.
  process.env.PGLITE_TEMPLATE_DIR = dir;
  return () => rm(root, { recursive: true, force: true });
}
