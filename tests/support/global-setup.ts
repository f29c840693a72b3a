import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * A new PGlite costs seconds to create and migrate: build one migrated instance per run and let
 * every test file start from a copy of its data folder.
 */
export default async function setup(project: TestProject) {
  if (project.name !== "integration-pglite") return;
  const dir = await mkdtemp(path.join(os.tmpdir(), "wefix-pglite-"));
  const handle = await openDatabase({ driver: "pglite", dir: "memory://" });
  await handle.migrate();
  const dump = await handle.dumpDataDir();
  await handle.close();
  const file = path.join(dir, "template.tar.gz");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rm(dir, { recursive: true, force: true });
}
