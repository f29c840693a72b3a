import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { installDatabase } from "~/server/db.server";
import { action as bookAction } from "~/routes/book-appointment";
import { loader as healthLoader } from "~/routes/healthz";
import { freePort } from "../e2e/support/server-process";
import { dataOf, replyOf, responseOf, statusOf } from "../support/answers";
import { bookByJson, formPost, validBooking, routeArgs } from "../support/forms";
import { useSettings } from "../support/settings";
import { testDriver } from "../support/test-database";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres";

/**
 * The database's disk is a small tmpfs of the test's own (mounting one takes root, as CI runs):
 * PGlite's folder, or a throwaway Postgres server's. Filling it is what a full disk is, for the
 * database and for every write it makes; nothing in the app is told.
 */
const asRoot = process.getuid?.() === 0;

/** Fills the disk to the last byte and returns what frees it again. */
function fillDisk(dir: string): () => void {
  const file = path.join(dir, "filler");
  const fd = openSync(file, "w");
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return () => rmSync(file);
}

describe.skipIf(!asRoot)(`a full disk under ${testDriver}`, () => {
  let disk: string;
  let handle: DatabaseHandle;
  let postgres: ThrowawayPostgres | undefined;
  beforeAll(async () => {
    disk = mkdtempSync(path.join(os.tmpdir(), "wefix-disk-"));
    // Room for the database and its migrations, and little more.
    const size = testDriver === "postgres" ? "96m" : "48m";
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", disk]);
    if (testDriver === "postgres") {
      postgres = await startThrowawayPostgres(await freePort(), {}, disk);
      handle = await openDatabase({ driver: "postgres", url: postgres.url });
    } else {
      handle = await openDatabase({ driver: "pglite", dir: path.join(disk, "pglite") });
    }
    await handle.migrate();
    installDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await postgres?.destroy();
    execFileSync("umount", [disk]);
    rmSync(disk, { recursive: true, force: true });
  });

  it("is an outage: bookings answer 503 with the input kept, /healthz 503, and all recover when space returns", async () => {
    expect((await healthLoader()).status).toBe(200);
    const fields = validBooking({
      firstName: "Wilhelmina",
      email: "wilhelmina@example.net",
      phone: "(905) 555-0133",
      issueDescription: "Water got in at the cottage",
    });
    useSettings({ LOG_LEVEL: "info" });
    const lines: string[] = [];
    const keep = (line: string) => void lines.push(line);
    const spies = [
      vi.spyOn(console, "log").mockImplementation(keep),
      vi.spyOn(console, "error").mockImplementation(keep),
    ];
    const freeDisk = fillDisk(disk);
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const form = await bookAction(routeArgs(formPost("/book-appointment", fields)));
        expect(statusOf(form)).toBe(503);
        expect(dataOf(form).toast?.title).toBe("Booking Failed");
        expect(replyOf(form).initialValue).toMatchObject({
          firstName: "Wilhelmina",
          phone: "(905) 555-0133",
          issueDescription: "Water got in at the cottage",
        });
      }
      const { submissionKey: _, ...payload } = fields;
      expect((await bookByJson(payload)).status).toBe(503);
      expect((await healthLoader()).status).toBe(503);
    } finally {
      freeDisk();
      for (const spy of spies) spy.mockRestore();
    }
    for (const value of ["Wilhelmina", "wilhelmina@example.net", "555-0133", "cottage"])
      expect(lines.join("\n")).not.toContain(value);

    // Nothing reopened or restarted: the next requests simply write again.
    expect((await healthLoader()).status).toBe(200);
    const retried = responseOf(await bookAction(routeArgs(formPost("/book-appointment", fields))));
    expect(retried.status).toBe(303);
    expect(retried.headers.get("location")).toMatch(/^\/book-appointment\/confirmation\//);
  });
});
