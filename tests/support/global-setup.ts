import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client";
import { postgresServer } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * A new PGlite costs seconds to create and migrate: build one migrated instance per run and let
 * every test file start from a copy of its data folder.
 */
async function pgliteTemplate(project: TestProject) {
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

/**
 * Migrating a Postgres database costs a second of round trips: migrate one per run, named for the
 * run so that two checkouts can test at once, and let every test file copy it (`create database …
 * template`, which Postgres does in one step).
 */
async function postgresTemplate(project: TestProject) {
  const name = `wefix_template_${randomBytes(6).toString("hex")}`;
  const { admin, urlOf } = postgresServer();
  await admin.unsafe(`create database ${name}`);
  const handle = await openDatabase({ driver: "postgres", url: urlOf(name) });
  await handle.migrate();
  // A template must have no connection open while it is copied.
  await handle.close();
  project.provide("postgresTemplate", name);
  return async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

export default async function setup(project: TestProject) {
  if (project.name === "integration-pglite") return pgliteTemplate(project);
  if (project.name === "integration-postgres") return postgresTemplate(project);
}
