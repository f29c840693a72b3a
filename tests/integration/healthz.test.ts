import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { loader } from "~/routes/healthz";
import { installDatabase } from "~/server/db.server";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

describe(`/healthz on ${testDriver}`, () => {
  it("answers 200 ok while the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 when the database does not", async () => {
    const unreachable = await openDatabase({
      driver: "postgres",
      url: "postgres://nobody@127.0.0.1:1/none",
    });
    installDatabase(unreachable);
    try {
      const response = await loader();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
    } finally {
      await unreachable.close();
      installDatabase(handle);
    }
  });
});
