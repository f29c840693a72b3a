import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings, outbox } from "../../db/schema";
import { startSession } from "~/models/staff-session.server";
import { bookingReference } from "~/utils/booking-reference";
import { cannedNotes } from "~/utils/canned-notes";
import {
  bookingMessages,
  repairHistory,
  sameCustomerRepairs,
} from "~/models/booking-detail.server";
import {
  RepairChangeRefused,
  updateRepairDetails,
  updateRepairStatus,
} from "~/models/booking-changes.server";
import { trackRepairs } from "~/models/booking-tracking.server";
import { action as editAction, loader as repairLoader } from "~/routes/admin.repairs_.$id";
import { action as updateBookingApi } from "~/routes/api.admin.update_booking[.php]";
import {
  auditTrailOf,
  cookiesFrom,
  createTestStaff,
  insertBooking,
  staffPassword,
} from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { action as loginAction } from "~/routes/admin_.login";
import { replyOf, responseOf, statusOf, thrownBy } from "../support/answers";

let handle: TestDatabase;
let staff: { id: number; username: string };
beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await createTestStaff(handle.db, "repairs-tester");
});
afterAll(() => handle.drop());

describe(`status updates on ${testDriver}`, () => {
  const events = (bookingId: number) =>
    handle.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));

  it("puts the new status's canned message in a note left untouched, and appends the history", async () => {
    const booking = await insertBooking(handle.db, { updatedAt: new Date("2026-01-01T00:00:00Z") });
    const updated = (
      await updateRepairStatus(
        booking.id,
        { status: "waiting_parts", note: undefined, expectedDeliveryDate: "2030-07-01" },
        staff.id,
      )
    )?.booking;
    expect(updated).toMatchObject({
      status: "waiting_parts",
      customerNote: cannedNotes.waiting_parts,
      expectedDeliveryDate: "2030-07-01",
    });
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(booking.updatedAt.getTime());
    expect(await events(booking.id)).toEqual([
      expect.objectContaining({
        status: "waiting_parts",
        note: cannedNotes.waiting_parts,
        staffUserId: staff.id,
      }),
    ]);
  });

  it("tells the customer where to pick up at Ready for Pickup, and thanks them at Completed", async () => {
    const booking = await insertBooking(handle.db, {
      status: "waiting_parts",
      customerNote: cannedNotes.waiting_parts,
    });
    const ready = await updateRepairStatus(
      booking.id,
      { status: "ready_for_pickup", note: undefined, expectedDeliveryDate: null },
      staff.id,
    );
    expect(ready?.booking.customerNote).toBe(cannedNotes.ready_for_pickup);
    expect(ready?.booking.customerNote).toContain(
      "ready for pickup at 240 Lakeshore Rd E, Oakville",
    );
    const completed = await updateRepairStatus(
      booking.id,
      { status: "completed", note: undefined, expectedDeliveryDate: null },
      staff.id,
    );
    expect(completed?.booking.customerNote).toBe(cannedNotes.completed);
    expect(completed?.booking.customerNote).toContain("handed back");
    expect(completed?.booking.customerNote).not.toContain("ready for pickup");
  });

  it("keeps a note the staff member wrote or cleared", async () => {
    const booking = await insertBooking(handle.db);
    const written = await updateRepairStatus(
      booking.id,
      {
        status: "in_progress",
        note: "New screen fitted; testing now.",
        expectedDeliveryDate: null,
      },
      staff.id,
    );
    expect(written?.booking.customerNote).toBe("New screen fitted; testing now.");
    const cleared = await updateRepairStatus(
      booking.id,
      { status: "completed", note: null, expectedDeliveryDate: null },
      staff.id,
    );
    expect(cleared?.booking.customerNote).toBeNull();
  });

  it("leaves the note alone when the status stays, and records nothing when nothing changed", async () => {
    const booking = await insertBooking(handle.db, {
      status: "in_progress",
      customerNote: "Custom words",
    });
    await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
      staff.id,
    );
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ customerNote: "Custom words", updatedAt: booking.updatedAt });
    expect(await events(booking.id)).toEqual([]);
    // A new date alone changes the booking but not the customer's status history.
    const dated = await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: "2030-08-01" },
      staff.id,
    );
    expect(dated?.booking.expectedDeliveryDate).toBe("2030-08-01");
    expect(await events(booking.id)).toEqual([]);
  });

  it("times the status from its last change: a note or a date does not restart it", async () => {
    const since = new Date("2026-06-01T15:00:00Z");
    const booking = await insertBooking(handle.db, {
      status: "in_progress",
      statusChangedAt: since,
    });
    const noted = await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: "Parts arrived", expectedDeliveryDate: "2030-08-01" },
      staff.id,
    );
    expect(noted?.booking.statusChangedAt).toEqual(since);
    const before = Date.now();
    const ready = await updateRepairStatus(
      booking.id,
      { status: "ready_for_pickup", note: undefined, expectedDeliveryDate: undefined },
      staff.id,
    );
    expect(ready!.booking.statusChangedAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("returns nothing for an unknown booking", async () => {
    expect(
      await updateRepairStatus(
        99_999,
        { status: "completed", note: undefined, expectedDeliveryDate: undefined },
        staff.id,
      ),
    ).toBeUndefined();
  });
});

describe(`the repair page's status form on ${testDriver}`, () => {
  async function staffCookie() {
    const response = responseOf(
      await loginAction(
        routeArgs(formPost("/admin/login", { username: staff.username, password: staffPassword })),
      ),
    );
    return cookiesFrom(response);
  }

  it("applies the canned-note rule without JavaScript and the customer sees the change when tracking", async () => {
    const booking = await insertBooking(handle.db, { customerNote: "Registered this morning." });
    const request = formPost(`/admin/repairs/${booking.id}?q=sam&page=2`, {
      status: "in_progress",
      expectedDeliveryDate: "2030-09-30",
      internal_notes: "Registered this morning.",
      shownNote: "Registered this morning.",
    });
    request.headers.set("cookie", await staffCookie());
    const response = responseOf(await editAction(routeArgs(request, { id: String(booking.id) })));
    expect(response.status).toBe(303);
    // Back to the repair's page, which still knows the way back to the list as it was.
    expect(response.headers.get("location")).toBe(`/admin/repairs/${booking.id}?q=sam&page=2`);

    const [tracked] = await trackRepairs({ repairId: bookingReference(booking.id) });
    expect(tracked).toMatchObject({
      status: "in_progress",
      statusLabel: "In Progress",
      customerNote: cannedNotes.in_progress,
      expectedDeliveryDate: "2030-09-30",
    });
    expect(tracked!.history.at(-1)).toMatchObject({
      status: "in_progress",
      note: cannedNotes.in_progress,
    });
  });

  it("keeps the note the staff member typed, and refuses an unknown status", async () => {
    const booking = await insertBooking(handle.db);
    const cookie = await staffCookie();
    const post = (fields: Record<string, string>) => {
      const request = formPost(`/admin/repairs/${booking.id}`, fields);
      request.headers.set("cookie", cookie);
      return editAction(routeArgs(request, { id: String(booking.id) }));
    };
    const bad = await post({ status: "on_fire", shownNote: "" });
    expect(statusOf(bad)).toBe(400);
    expect(replyOf(bad).error?.status).toEqual(["Please choose a repair status."]);

    await post({ status: "completed", internal_notes: "Ready from 3 pm.", shownNote: "" });
    const [row] = await handle.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, booking.id)));
    expect(row).toMatchObject({ status: "completed", customerNote: "Ready from 3 pm." });
  });

  it("sends a visitor without a session to the login page instead of saving", async () => {
    const booking = await insertBooking(handle.db);
    const refused = await thrownBy(
      editAction(
        routeArgs(
          formPost(`/admin/repairs/${booking.id}`, { status: "cancelled", shownNote: "" }),
          { id: String(booking.id) },
        ),
      ),
    );
    expect(responseOf(refused).headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe("pending");
  });
});

describe(`the repair page on ${testDriver}`, () => {
  let cookie: string;
  beforeAll(async () => {
    const login = responseOf(
      await loginAction(
        routeArgs(formPost("/admin/login", { username: staff.username, password: staffPassword })),
      ),
    );
    cookie = cookiesFrom(login);
  });
  async function post(bookingId: number, fields: Record<string, string>, query = "") {
    const request = formPost(`/admin/repairs/${bookingId}${query}`, fields);
    request.headers.set("cookie", cookie);
    return await editAction(routeArgs(request, { id: String(bookingId) }));
  }
  async function legacyUpdate(body: Record<string, unknown>) {
    const token = await startSession(staff.id, "bearer");
    const request = new Request("http://localhost/api/admin/update_booking.php", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return responseOf(await updateBookingApi(routeArgs(request)));
  }
  const rowOf = async (id: number) =>
    (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const auditOf = (id: number) => auditTrailOf(handle.db, "booking", id);
  async function page(id: number, query = "") {
    const request = new Request(`http://localhost/admin/repairs/${id}${query}`, {
      headers: { cookie },
    });
    return repairLoader(routeArgs(request, { id: String(id) }));
  }

  it("refuses an expected delivery before the booking's day, in the shop's time zone, on both doors, storing nothing", async () => {
    // 10:00 in Toronto on Monday, June 15.
    const booking = await insertBooking(handle.db, { createdAt: new Date("2026-06-15T14:00:00Z") });
    const message = "Expected delivery cannot be before the booking date (Mon, Jun 15, 2026).";

    const refused = updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: "2026-06-14" },
      staff.id,
    );
    await expect(refused).rejects.toThrow(RepairChangeRefused);
    await expect(refused).rejects.toThrow(message);

    const form = await post(booking.id, {
      intent: "status",
      status: "in_progress",
      expectedDeliveryDate: "2020-01-01",
      shownNote: "",
    });
    expect(statusOf(form)).toBe(400);
    expect(replyOf(form).error?.expectedDeliveryDate).toEqual([
      "Expected delivery cannot be before the booking date (Mon, Jun 15, 2026).",
    ]);

    const legacy = await legacyUpdate({
      id: booking.id,
      status: "in_progress",
      expectedDeliveryDate: "2020-01-01",
    });
    expect(legacy.status).toBe(422);
    expect(await legacy.json()).toMatchObject({
      success: false,
      message,
      errors: { expectedDeliveryDate: [message] },
    });

    expect(await rowOf(booking.id)).toMatchObject({
      status: "pending",
      expectedDeliveryDate: null,
      updatedAt: booking.updatedAt,
    });
    expect(
      await handle.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id)),
    ).toEqual([]);
    expect(await auditOf(booking.id)).toEqual([]);

    // The booking's own day is fine, and the day is Toronto's: 02:00 UTC on the 15th is still the
    // 14th there.
    expect(
      (
        await updateRepairStatus(
          booking.id,
          { status: "pending", note: undefined, expectedDeliveryDate: "2026-06-15" },
          staff.id,
        )
      )?.booking.expectedDeliveryDate,
    ).toBe("2026-06-15");
    const late = await insertBooking(handle.db, { createdAt: new Date("2026-06-15T02:00:00Z") }); // 22:00 on June 14 in Toronto
    expect(
      (
        await updateRepairStatus(
          late.id,
          { status: "pending", note: undefined, expectedDeliveryDate: "2026-06-14" },
          staff.id,
        )
      )?.booking.expectedDeliveryDate,
    ).toBe("2026-06-14");
  });

  it("lets an old booking with an earlier stored date move on, as long as the date is not changed", async () => {
    const booking = await insertBooking(handle.db, {
      createdAt: new Date("2026-06-15T14:00:00Z"),
      expectedDeliveryDate: "2026-06-01",
    });
    const legacy = await legacyUpdate({
      id: booking.id,
      status: "completed",
      expectedDeliveryDate: "2026-06-01",
    });
    expect(legacy.status).toBe(200);
    expect(await rowOf(booking.id)).toMatchObject({
      status: "completed",
      expectedDeliveryDate: "2026-06-01",
    });
  });

  it("records who changed what in the audit trail and the history, on both doors, also for a date alone", async () => {
    const other = await createTestStaff(handle.db, "counter-two");
    const booking = await insertBooking(handle.db, { createdAt: new Date("2026-06-15T14:00:00Z") });
    await handle.db.insert(bookingEvents).values({
      bookingId: booking.id,
      status: "pending",
      createdAt: new Date("2026-06-15T14:00:00Z"),
    });

    const saved = responseOf(
      await post(
        booking.id,
        {
          intent: "status",
          status: "in_progress",
          expectedDeliveryDate: "2026-06-20",
          shownNote: "",
          notifyCustomer: "on",
        },
        "?from=%2Fadmin%2Frepairs%3Fq%3Dsam",
      ),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(
      `/admin/repairs/${booking.id}?from=%2Fadmin%2Frepairs%3Fq%3Dsam`,
    );
    const reference = bookingReference(booking.id);
    await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: "2026-06-22" },
      other.id,
    );
    expect(
      (
        await legacyUpdate({
          id: booking.id,
          status: "waiting_parts",
          internal_notes: "Screen ordered.",
        })
      ).status,
    ).toBe(200);

    expect((await auditOf(booking.id)).map((a) => [a.action, a.staffUserId, a.summary])).toEqual([
      [
        "repair.status",
        staff.id,
        `${reference}: Pending → In Progress; note changed; expected delivery Jun 20, 2026`,
      ],
      ["repair.status", other.id, `${reference}: In Progress; expected delivery Jun 22, 2026`],
      ["repair.status", staff.id, `${reference}: In Progress → Waiting for Parts; note changed`],
    ]);
    const [first] = await auditOf(booking.id);
    expect(first!.details).toEqual({
      status: { from: "pending", to: "in_progress" },
      customerNote: { from: null, to: cannedNotes.in_progress },
      expectedDeliveryDate: { from: null, to: "2026-06-20" },
    });

    const history = await repairHistory(booking.id);
    expect(history.map((h) => [h.kind, h.staff])).toEqual([
      ["status", null],
      ["status", staff.username],
      ["audit", other.username],
      ["status", staff.username],
    ]);

    const view = await page(booking.id, "?from=%2Fadmin%2Frepairs%3Fq%3Dsam");
    expect(view.backTo).toBe("/admin/repairs?q=sam");
    expect(view.history.map((h) => [h.title, h.by])).toEqual([
      ["Pending", "Customer (online booking)"],
      ["In Progress", staff.username],
      ["Expected delivery changed", other.username],
      ["Waiting for Parts", staff.username],
    ]);
    expect(view.history[2]!.lines).toEqual([
      "Expected delivery: Sat, Jun 20, 2026 → Mon, Jun 22, 2026",
    ]);
    // Each entry names its moment with the year, on the shop's clock: the booking's own (14:00
    // UTC), then the changes just made, in whatever year the test runs.
    expect(view.history[0]!.at).toMatch(/^Jun 15, 2026, 10:00 AM$/);
    expect(view.history.every((h) => /^[A-Z][a-z]{2} \d{1,2}, \d{4}, /.test(h.at))).toBe(true);
    expect(view.repair).toMatchObject({
      appointmentDate: "Monday, June 15, 2026",
      appointmentTime: "11:00 AM",
      urgencyLabel: "Normal (2-3 days)",
    });
  });

  it("leads back only to the repair list", async () => {
    const booking = await insertBooking(handle.db);
    for (const [query, back] of [
      [
        "?from=%2Fadmin%2Frepairs%3Fstatus%3Dpending%26page%3D2",
        "/admin/repairs?status=pending&page=2",
      ],
      ["?from=https%3A%2F%2Fevil.example%2Fadmin%2Frepairs", "/admin/repairs"],
      ["?from=%2F%2Fevil.example", "/admin/repairs"],
      ["?from=%2Fadmin%2Fstaff", "/admin/repairs"],
      ["?q=sam&page=3", "/admin/repairs?q=sam&page=3"],
      ["", "/admin/repairs"],
    ] as const) {
      expect({ query, back: (await page(booking.id, query)).backTo }).toEqual({ query, back });
    }
  });

  it("lists the customer's other repairs by phone and by e-mail (any case), newest first, and the e-mails about the booking", async () => {
    const mine = await insertBooking(handle.db, {
      email: "Lena.Moss@Example.com",
      phone: "416-555-0199",
      createdAt: new Date("2026-05-01T12:00:00Z"),
    });
    const samePhone = await insertBooking(handle.db, {
      email: "other@example.com",
      phone: "+1 (416) 555-0199",
      createdAt: new Date("2026-04-01T12:00:00Z"),
    });
    const sameEmail = await insertBooking(handle.db, {
      email: "lena.moss@example.com",
      phone: "647-555-0123",
      createdAt: new Date("2026-04-20T12:00:00Z"),
    });
    await insertBooking(handle.db, { email: "xlena.moss@example.com", phone: "647-555-0124" });
    await insertBooking(handle.db, { email: null, source: "walk_in", phone: "647-555-0125" });
    const related = await sameCustomerRepairs(mine);
    expect(related.map((r) => r.id)).toEqual([sameEmail.id, samePhone.id]);
    expect(
      (
        await sameCustomerRepairs({
          id: sameEmail.id,
          phoneDigits: sameEmail.phoneDigits,
          email: null,
        })
      ).map((r) => r.id),
    ).toEqual([]);

    await handle.db.insert(outbox).values([
      {
        kind: "booking_confirmation",
        bookingId: mine.id,
        recipient: mine.email!,
        subject: "s",
        textBody: "t",
        htmlBody: "h",
        status: "sent",
        sentAt: new Date(),
      },
      {
        kind: "status_update",
        bookingId: mine.id,
        recipient: mine.email!,
        subject: "s",
        textBody: "t",
        htmlBody: "h",
        status: "failed",
        attempts: 5,
      },
      {
        kind: "status_update",
        bookingId: samePhone.id,
        recipient: "other@example.com",
        subject: "s",
        textBody: "t",
        htmlBody: "h",
      },
    ]);
    expect((await bookingMessages(mine.id)).map((m) => [m.kind, m.status])).toEqual([
      ["status_update", "failed"],
      ["booking_confirmation", "sent"],
    ]);
    const view = await page(mine.id);
    expect(view.related.map((r) => r.reference)).toEqual([
      bookingReference(sameEmail.id),
      bookingReference(samePhone.id),
    ]);
    expect(view.messages.map((m) => [m.kind, m.statusLabel])).toEqual([
      ["Status update", "Failed"],
      ["Booking confirmation", "Sent"],
    ]);
    expect(view.repair).toMatchObject({
      phoneDisplay: "(416) 555-0199",
      email: "Lena.Moss@Example.com",
    });
  });

  it("corrects customer and device details with an audit of what changed, keeping the phone digits in step", async () => {
    const booking = await insertBooking(handle.db, {
      firstName: "Jonh",
      phone: "905-555-0300",
      deviceModel: "iPhone 31",
    });
    const fields = {
      intent: "details",
      firstName: "John",
      lastName: booking.lastName,
      email: booking.email!,
      phone: "(289) 555-0301",
      deviceBrand: "Apple",
      deviceModel: "iPhone 13",
      issueType: booking.issueType,
      issueDescription: "",
    };
    const saved = responseOf(await post(booking.id, fields));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/admin/repairs/${booking.id}`);
    expect(await rowOf(booking.id)).toMatchObject({
      firstName: "John",
      phone: "(289) 555-0301",
      phoneDigits: "2895550301",
      deviceModel: "iPhone 13",
    });
    const [audit] = await auditOf(booking.id);
    expect(audit).toMatchObject({
      action: "repair.edit",
      staffUserId: staff.id,
      summary: `${bookingReference(booking.id)}: first name, phone, model corrected`,
      details: {
        firstName: { from: "Jonh", to: "John" },
        phone: { from: "905-555-0300", to: "(289) 555-0301" },
        deviceModel: { from: "iPhone 31", to: "iPhone 13" },
      },
    });
    expect((await page(booking.id)).history.at(-1)).toMatchObject({
      title: "Details corrected",
      by: staff.username,
    });

    // Saving the same values again changes and records nothing.
    await post(booking.id, fields);
    expect(await auditOf(booking.id)).toHaveLength(1);
  });

  it("refuses bad details and an online booking without e-mail, but lets a walk-in go without one", async () => {
    const online = await insertBooking(handle.db);
    const base = {
      intent: "details",
      firstName: "Ann",
      lastName: "Lee",
      phone: "905-555-0400",
      issueType: "Screen Repair",
      deviceBrand: "",
      deviceModel: "",
      issueDescription: "",
    };
    const bad = await post(online.id, {
      ...base,
      firstName: "",
      email: "not-an-address",
      phone: "12",
    });
    expect(statusOf(bad)).toBe(400);
    expect(Object.keys(replyOf(bad).error ?? {}).sort()).toEqual(["email", "firstName", "phone"]);
    const noEmail = await post(online.id, { ...base, email: "" });
    expect(statusOf(noEmail)).toBe(400);
    expect(replyOf(noEmail).error?.email?.[0]).toMatch(
      /online booking needs the customer's e-mail/,
    );
    expect(await rowOf(online.id)).toMatchObject({
      firstName: online.firstName,
      email: online.email,
    });

    const walkIn = await insertBooking(handle.db, { source: "walk_in" });
    expect(
      (
        await updateRepairDetails(
          walkIn.id,
          {
            ...base,
            email: null,
            deviceBrand: null,
            deviceModel: null,
            issueDescription: null,
            quotedPrice: null,
            deviceCondition: null,
            accessories: null,
            passcodeWithheld: null,
            intakeChecklist: null,
          },
          staff.id,
        )
      )?.email,
    ).toBeNull();
  });

  it("answers 404 for a repair that does not exist", async () => {
    expect(statusOf(await thrownBy(page(99_999)))).toBe(404);
  });
});
