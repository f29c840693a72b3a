import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings } from "../../db/schema";
import { bookingReference } from "~/lib/booking-reference";
import { cannedNotes } from "~/lib/canned-notes";
import { listRepairRequests, updateRepairStatus } from "~/lib/repair-requests.server";
import { trackRepairs } from "~/lib/tracking.server";
import { action as editAction } from "~/routes/admin.repairs_.$id";
import { repairListQuerySchema } from "~/schemas/admin-filters";
import { cookiesFrom, createTestStaff, insertBooking, staffPassword } from "../support/admin";
import { formPost, testContext } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { action as loginAction } from "~/routes/admin_.login";

let handle: TestDatabase;
let staff: { id: number; username: string };
const base = Date.parse("2026-03-01T15:00:00Z");

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await createTestStaff(handle.db, "repairs-tester");
  // 25 bookings an hour apart; every fifth in progress.
  for (let i = 0; i < 25; i++) {
    await insertBooking(handle.db, {
      firstName: i === 7 ? "Priya" : "Sam",
      lastName: i === 7 ? "Raman" : `Walker${i}`,
      email: i === 7 ? "priya.raman@example.com" : `sam${i}@example.com`,
      phone: i === 7 ? "+1 (289) 555-0177" : `905-555-${String(2000 + i)}`,
      status: i % 5 === 0 ? "in_progress" : "pending",
      createdAt: new Date(base + i * 3600_000),
    });
  }
});
afterAll(() => handle.drop());

const page = (n: number, size = 10) => ({ limit: size, offset: (n - 1) * size });

describe(`repair request list on ${testDriver}`, () => {
  it("pages through every request, newest first, with the total", async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => listRepairRequests({}, page(n))));
    expect(pages.map((p) => p.total)).toEqual([25, 25, 25]);
    expect(pages.map((p) => p.rows.length)).toEqual([10, 10, 5]);
    const times = pages.flatMap((p) => p.rows.map((r) => r.createdAt.getTime()));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(pages.flatMap((p) => p.rows.map((r) => r.id))).size).toBe(25);
    expect((await listRepairRequests({}, page(4))).rows).toEqual([]);
  });

  it("finds by name, e-mail, any spelling of the phone, and the repair reference", async () => {
    const [priya] = (await listRepairRequests({ q: "Priya Raman" }, page(1))).rows;
    expect(priya?.email).toBe("priya.raman@example.com");
    for (const q of ["priya raman", "RAMAN", "priya.raman@", "289-555-0177", "(289) 555 0177", "+1 289 555 0177", "5550177", bookingReference(priya!.id), `wf-${priya!.id}`]) {
      const { total, rows } = await listRepairRequests({ q }, page(1));
      expect({ q, total, id: rows[0]?.id }).toEqual({ q, total: 1, id: priya!.id });
    }
  });

  it("takes search text literally: % and _ match only themselves", async () => {
    expect((await listRepairRequests({ q: "%" }, page(1))).total).toBe(0);
    expect((await listRepairRequests({ q: "sam_" }, page(1))).total).toBe(0);
  });

  it("filters by status, alone and with a search", async () => {
    const inProgress = await listRepairRequests({ status: "in_progress" }, page(1, 50));
    expect(inProgress.total).toBe(5);
    expect(inProgress.rows.every((r) => r.status === "in_progress")).toBe(true);
    expect((await listRepairRequests({ status: "in_progress", q: "Walker10" }, page(1))).total).toBe(1);
    expect((await listRepairRequests({ status: "completed" }, page(1))).total).toBe(0);
  });

  it("filters by creation date in the shop's time zone, both ends inclusive", async () => {
    // base is 10:00 Toronto time on March 1; the 14th booking (i = 14) is at 00:00 on March 2.
    const { total } = await listRepairRequests({ createdFrom: "2026-03-01", createdTo: "2026-03-01" }, page(1, 50));
    expect(total).toBe(14);
    expect((await listRepairRequests({ createdFrom: "2026-03-02" }, page(1, 50))).total).toBe(11);
  });

  it("reads its filters from the URL, ignoring anything malformed", () => {
    expect(repairListQuerySchema.parse({ q: "  ann ", status: "In Progress", page: "3" })).toEqual({ q: "ann", status: "in_progress", page: 3 });
    expect(repairListQuerySchema.parse({ q: "", status: "bogus", page: "-2" })).toEqual({ q: undefined, status: undefined, page: 1 });
  });
});

describe(`status updates on ${testDriver}`, () => {
  const events = (bookingId: number) =>
    handle.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));

  it("puts the new status's canned message in a note left untouched, and appends the history", async () => {
    const booking = await insertBooking(handle.db, { updatedAt: new Date("2026-01-01T00:00:00Z") });
    const updated = await updateRepairStatus(booking.id, { status: "waiting_parts", note: undefined, expectedDeliveryDate: "2026-07-01" }, staff.id);
    expect(updated).toMatchObject({ status: "waiting_parts", customerNote: cannedNotes.waiting_parts, expectedDeliveryDate: "2026-07-01" });
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(booking.updatedAt.getTime());
    expect(await events(booking.id)).toEqual([expect.objectContaining({ status: "waiting_parts", note: cannedNotes.waiting_parts, staffUserId: staff.id })]);
  });

  it("clears an untouched note for Ready for Pickup", async () => {
    const booking = await insertBooking(handle.db, { status: "completed", customerNote: cannedNotes.completed });
    const updated = await updateRepairStatus(booking.id, { status: "ready_for_pickup", note: undefined, expectedDeliveryDate: null }, staff.id);
    expect(updated?.customerNote).toBeNull();
  });

  it("keeps a note the staff member wrote or cleared", async () => {
    const booking = await insertBooking(handle.db);
    const written = await updateRepairStatus(booking.id, { status: "in_progress", note: "New screen fitted; testing now.", expectedDeliveryDate: null }, staff.id);
    expect(written?.customerNote).toBe("New screen fitted; testing now.");
    const cleared = await updateRepairStatus(booking.id, { status: "completed", note: null, expectedDeliveryDate: null }, staff.id);
    expect(cleared?.customerNote).toBeNull();
  });

  it("leaves the note alone when the status stays, and records nothing when nothing changed", async () => {
    const booking = await insertBooking(handle.db, { status: "in_progress", customerNote: "Custom words" });
    await updateRepairStatus(booking.id, { status: "in_progress", note: undefined, expectedDeliveryDate: undefined }, staff.id);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ customerNote: "Custom words", updatedAt: booking.updatedAt });
    expect(await events(booking.id)).toEqual([]);
    // A new date alone changes the booking but not the customer's status history.
    const dated = await updateRepairStatus(booking.id, { status: "in_progress", note: undefined, expectedDeliveryDate: "2026-08-01" }, staff.id);
    expect(dated?.expectedDeliveryDate).toBe("2026-08-01");
    expect(await events(booking.id)).toEqual([]);
  });

  it("returns nothing for an unknown booking", async () => {
    expect(await updateRepairStatus(99_999, { status: "completed", note: undefined, expectedDeliveryDate: undefined }, staff.id)).toBeUndefined();
  });
});

describe(`the edit form on ${testDriver}`, () => {
  async function staffCookie() {
    const response = (await loginAction({
      request: formPost("/admin/login", { username: staff.username, password: staffPassword }),
      params: {},
      context: testContext(),
    })) as Response;
    return cookiesFrom(response);
  }

  it("applies the canned-note rule without JavaScript and the customer sees the change when tracking", async () => {
    const booking = await insertBooking(handle.db, { customerNote: "Registered this morning." });
    const request = formPost(`/admin/repairs/${booking.id}?q=sam&page=2`, {
      status: "in_progress",
      expectedDeliveryDate: "2026-09-30",
      internal_notes: "Registered this morning.",
      shownNote: "Registered this morning.",
    });
    request.headers.set("cookie", await staffCookie());
    const response = (await editAction({ request, params: { id: String(booking.id) }, context: testContext() })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/repairs?q=sam&page=2");

    const [tracked] = await trackRepairs({ repairId: bookingReference(booking.id) });
    expect(tracked).toMatchObject({ status: "in_progress", statusLabel: "In Progress", customerNote: cannedNotes.in_progress, expectedDeliveryDate: "2026-09-30" });
    expect(tracked!.history.at(-1)).toMatchObject({ status: "in_progress", note: cannedNotes.in_progress });
  });

  it("keeps the note the staff member typed, and refuses an unknown status", async () => {
    const booking = await insertBooking(handle.db);
    const cookie = await staffCookie();
    const post = (fields: Record<string, string>) => {
      const request = formPost(`/admin/repairs/${booking.id}`, fields);
      request.headers.set("cookie", cookie);
      return editAction({ request, params: { id: String(booking.id) }, context: testContext() }) as Promise<unknown>;
    };
    const bad = (await post({ status: "on_fire", shownNote: "" })) as { init: ResponseInit; data: { result: { error: Record<string, string[]> } } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.result.error.status).toEqual(["Please choose a repair status."]);

    await post({ status: "completed", internal_notes: "Ready from 3 pm.", shownNote: "" });
    const [row] = await handle.db.select().from(bookings).where(and(eq(bookings.id, booking.id)));
    expect(row).toMatchObject({ status: "completed", customerNote: "Ready from 3 pm." });
  });

  it("sends a visitor without a session to the login page instead of saving", async () => {
    const booking = await insertBooking(handle.db);
    const refused = await editAction({
      request: formPost(`/admin/repairs/${booking.id}`, { status: "cancelled", shownNote: "" }),
      params: { id: String(booking.id) },
      context: testContext(),
    }).catch((e: unknown) => e);
    expect((refused as Response).headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe("pending");
  });
});
