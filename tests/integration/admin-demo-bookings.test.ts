import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoBookingsIfEmpty } from "../../seeds/demo-bookings";
import { dashboardStats } from "~/models/booking-stats.server";
import { trackRepairs } from "~/models/booking-tracking.server";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

describe(`development demo bookings on ${testDriver}`, () => {
  it("fill an empty table once, in every status, with the history customers would see", async () => {
    const added = await seedDemoBookingsIfEmpty(handle.db);
    expect(added).toBeGreaterThanOrEqual(6);
    expect(await seedDemoBookingsIfEmpty(handle.db)).toBe(0);
    const stats = await dashboardStats();
    expect(stats.total).toBe(added);
    expect(stats.today).toBeGreaterThan(0);
    const [tracked] = await trackRepairs({ phoneNumber: "289-555-0112" });
    expect(tracked?.history.map((h) => h.status)).toEqual(["pending", "in_progress"]);
  });
});
