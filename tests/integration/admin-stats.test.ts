import { count, eq, gt, lt, sql, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingCounts, bookings } from "../../db/schema";
import {
  dashboardStats,
  rangeBreakdowns,
  statusCounts,
  topWithOther,
  unspecifiedBrand,
} from "~/models/booking-stats.server";
import { insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;

// 02:00 UTC on June 15 is 22:00 on June 14 in Oakville (EDT, UTC-4): the shop's "today" is June 14.
const now = new Date("2026-06-15T02:00:00Z");

beforeAll(async () => {
  handle = await installTestDatabase();
  const book = (overrides: Parameters<typeof insertBooking>[1]) =>
    insertBooking(handle.db, overrides);
  // Today in the shop's time zone: 00:01 and 21:00 on June 14, Toronto time.
  await book({
    createdAt: new Date("2026-06-14T04:01:00Z"),
    status: "completed",
    deviceCategory: "mobile",
    deviceBrand: "Apple",
    issueType: "Screen Repair",
  });
  await book({
    createdAt: new Date("2026-06-15T01:00:00Z"),
    status: "pending",
    deviceCategory: "mobile",
    deviceBrand: "Samsung",
    issueType: "Screen Repair",
  });
  // Yesterday in Toronto (23:59 on June 13) though already June 14 in UTC.
  await book({
    createdAt: new Date("2026-06-14T03:59:00Z"),
    status: "pending",
    deviceCategory: "laptop",
    deviceBrand: "Apple",
    issueType: "Keyboard Replacement",
  });
  // Tomorrow in Toronto.
  await book({
    createdAt: new Date("2026-06-15T04:00:00Z"),
    status: "in_progress",
    deviceCategory: "tablet",
    deviceBrand: "  ",
    issueType: "Battery Replacement",
  });
  await book({
    createdAt: new Date("2026-06-10T12:00:00Z"),
    status: "completed",
    deviceCategory: "mobile",
    deviceBrand: null,
    issueType: "Screen Repair",
  });
  await book({
    createdAt: new Date("2026-06-11T12:00:00Z"),
    status: "cancelled",
    deviceCategory: "console",
    deviceBrand: "Sony",
    issueType: "Other",
  });
});
afterAll(() => handle.drop());

describe(`dashboard numbers on ${testDriver}`, () => {
  it("counts today in the shop's time zone, completed, pending and the total", async () => {
    const stats = await dashboardStats(now);
    expect({
      today: stats.today,
      completed: stats.completed,
      pending: stats.pending,
      total: stats.total,
    }).toEqual({
      today: 2,
      completed: 2,
      pending: 2,
      total: 6,
    });
  });

  it("breaks bookings down by category title, brand and issue type, most first", async () => {
    const stats = await dashboardStats(now);
    expect(stats.byCategory).toEqual([
      { label: "Mobile Repair Service", count: 3 },
      { label: "Gaming Console Repair", count: 1 },
      { label: "Laptop Repair", count: 1 },
      { label: "Tablet Repair", count: 1 },
    ]);
    expect(stats.byBrand).toEqual([
      { label: "Apple", count: 2 },
      { label: unspecifiedBrand, count: 2 },
      { label: "Samsung", count: 1 },
      { label: "Sony", count: 1 },
    ]);
    expect(stats.byIssue).toEqual([
      { label: "Screen Repair", count: 3 },
      { label: "Battery Replacement", count: 1 },
      { label: "Keyboard Replacement", count: 1 },
      { label: "Other", count: 1 },
    ]);
  });

  it("counts the workload by status", async () => {
    expect(await statusCounts()).toEqual({
      pending: 2,
      in_progress: 1,
      waiting_parts: 0,
      completed: 2,
      ready_for_pickup: 0,
      cancelled: 1,
    });
  });

  it("breaks down the bookings created in a range of shop days", async () => {
    // June 14 in Oakville: 04:00 UTC on the 14th to 04:00 UTC on the 15th.
    expect(await rangeBreakdowns({ from: "2026-06-14", to: "2026-06-14" })).toEqual({
      total: 2,
      byCategory: [{ label: "Mobile Repair Service", count: 2 }],
      byBrand: [
        { label: "Apple", count: 1 },
        { label: "Samsung", count: 1 },
      ],
      byIssue: [{ label: "Screen Repair", count: 2 }],
    });
    expect(await rangeBreakdowns({ from: "2026-06-01", to: "2026-06-09" })).toEqual({
      total: 0,
      byCategory: [],
      byBrand: [],
      byIssue: [],
    });
  });

  it("counts a range holding most bookings as all time less the rest, with the same answer", async () => {
    // From June 11 on, open-ended: five of the six bookings.
    expect(await rangeBreakdowns({ from: "2026-06-11" })).toEqual({
      total: 5,
      byCategory: [
        { label: "Mobile Repair Service", count: 2 },
        { label: "Gaming Console Repair", count: 1 },
        { label: "Laptop Repair", count: 1 },
        { label: "Tablet Repair", count: 1 },
      ],
      byBrand: [
        { label: "Apple", count: 2 },
        { label: unspecifiedBrand, count: 1 },
        { label: "Samsung", count: 1 },
        { label: "Sony", count: 1 },
      ],
      byIssue: [
        { label: "Screen Repair", count: 2 },
        { label: "Battery Replacement", count: 1 },
        { label: "Keyboard Replacement", count: 1 },
        { label: "Other", count: 1 },
      ],
    });
    const {
      today: _today,
      completed: _completed,
      pending: _pending,
      ...allTime
    } = await dashboardStats(now);
    expect(await rangeBreakdowns({ to: "2026-06-30" })).toEqual(allTime);
  });

  it("keeps its per-category/brand/issue/status counts equal to the bookings through inserts, updates and deletes", async () => {
    const added = await insertBooking(handle.db, {
      deviceCategory: "watch",
      deviceBrand: "Garmin",
      issueType: "Strap",
      status: "pending",
    });
    const other = await insertBooking(handle.db, {
      deviceCategory: "watch",
      deviceBrand: "Garmin",
      issueType: "Strap",
      status: "completed",
    });
    await handle.db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, added.id));
    await handle.db.update(bookings).set({ deviceBrand: " " }).where(eq(bookings.id, other.id));
    await handle.db
      .update(bookings)
      .set({ customerNote: "no effect on counts" })
      .where(eq(bookings.id, other.id));
    await handle.db.delete(bookings).where(eq(bookings.id, other.id));

    const brand = sql<string>`coalesce(nullif(btrim(${bookings.deviceBrand}), ''), 'Not specified')`;
    const truth = await handle.db
      .select({
        category: bookings.deviceCategory,
        brand,
        issue: bookings.issueType,
        status: bookings.status,
        n: count(),
      })
      .from(bookings)
      .groupBy(bookings.deviceCategory, brand, bookings.issueType, bookings.status);
    // Each count is spread over shards; what must match is the sum per key.
    const kept = await handle.db
      .select({
        category: bookingCounts.deviceCategory,
        brand: bookingCounts.deviceBrand,
        issue: bookingCounts.issueType,
        status: bookingCounts.status,
        n: sum(bookingCounts.count).mapWith(Number),
      })
      .from(bookingCounts)
      .groupBy(
        bookingCounts.deviceCategory,
        bookingCounts.deviceBrand,
        bookingCounts.issueType,
        bookingCounts.status,
      )
      .having(gt(sum(bookingCounts.count), 0));
    const key = (r: { category: string; brand: string; issue: string; status: string }) =>
      `${r.category}|${r.brand}|${r.issue}|${r.status}`;
    expect(new Map(kept.map((r) => [key(r), r.n]))).toEqual(
      new Map(truth.map((r) => [key(r), r.n])),
    );
    // A booking is taken off the shard it was counted in, so no shard goes below zero.
    expect(await handle.db.select().from(bookingCounts).where(lt(bookingCounts.count, 0))).toEqual(
      [],
    );
    expect((await dashboardStats(now)).byIssue).toContainEqual({ label: "Strap", count: 1 });
    await handle.db.delete(bookings).where(eq(bookings.id, added.id));
    expect((await dashboardStats(now)).byIssue.some((row) => row.label === "Strap")).toBe(false);
  });

  it("keeps a chart readable: the biggest rows and the rest as Other", () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ label: `Brand ${i}`, count: 20 - i }));
    const folded = topWithOther(rows, 8);
    expect(folded).toHaveLength(9);
    expect(folded.at(-1)).toEqual({ label: "Other", count: 12 + 11 + 10 + 9 });
    expect(folded.reduce((sum, row) => sum + row.count, 0)).toBe(
      rows.reduce((sum, row) => sum + row.count, 0),
    );
    expect(topWithOther(rows.slice(0, 9), 8)).toHaveLength(9);
  });
});

describe(`dashboard numbers on an empty database (${testDriver})`, () => {
  it("are all zero", async () => {
    const empty = await installTestDatabase();
    try {
      expect(await dashboardStats(now)).toEqual({
        today: 0,
        completed: 0,
        pending: 0,
        total: 0,
        byCategory: [],
        byBrand: [],
        byIssue: [],
      });
    } finally {
      await empty.drop();
      // Put this file's database back for anything after.
      (await import("~/server/db.server")).installDatabase(handle);
    }
  });
});
