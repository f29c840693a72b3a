import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings, outbox, repairNotes, staffUsers } from "../../db/schema";
import { listRepairRequests } from "~/models/booking-list.server";
import { addRepairNote } from "~/models/repair-notes.server";
import { startSession } from "~/models/staff-session.server";
import { action as repairAction, loader as repairLoader } from "~/routes/admin.repairs_.$id";
import { loader as csvLoader } from "~/routes/admin.repairs[.csv]";
import { loader as getBookingsApi } from "~/routes/api.admin.get_bookings[.php]";
import { loader as trackJson } from "~/routes/api.endpoints.track_repair[.php]";
import { action as loginAction } from "~/routes/admin_.login";
import { action as trackAction } from "~/routes/track-repair";
import { loader as trackByLink } from "~/routes/track-repair_.$token";
import { privateNoteMax } from "~/schemas/private-note";
import { bookingReference } from "~/utils/booking-reference";
import { dataOf, replyOf, responseOf, statusOf } from "../support/answers";
import {
  auditTrailOf,
  cookiesFrom,
  createTestStaff,
  insertBooking,
  staffPassword,
} from "../support/admin";
import { formPost, routeArgs, testContext } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Private notes on a repair (docs/decisions/0040): staff write them on the repair's page and find
 * repairs by them; nothing the customer reads, and nothing the repair's version counts, changes.
 */

let handle: TestDatabase;
let staff: { id: number; username: string; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  const account = await createTestStaff(handle.db, "bench-manager", "manager");
  const login = responseOf(
    await loginAction(
      routeArgs(formPost("/admin/login", { username: account.username, password: staffPassword })),
    ),
  );
  staff = { ...account, cookie: cookiesFrom(login) };
});
afterAll(() => handle.drop());

/** A word no other row holds, so finding it anywhere means the note got there. */
const marker = () => `zq${randomBytes(5).toString("hex")}`;

function asStaff(request: Request) {
  request.headers.set("cookie", staff.cookie);
  return request;
}

const addNote = (id: number, privateNote: string) =>
  repairAction(
    routeArgs(asStaff(formPost(`/admin/repairs/${id}`, { intent: "private_note", privateNote })), {
      id: String(id),
    }),
  );

async function page(id: number) {
  const request = asStaff(new Request(`http://localhost/admin/repairs/${id}`));
  return dataOf(await repairLoader(routeArgs(request, { id: String(id) })));
}

const notesOf = (id: number) =>
  handle.db.select().from(repairNotes).where(eq(repairNotes.bookingId, id));
const rowOf = async (id: number) =>
  (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe(`private notes on a repair, on ${testDriver}`, () => {
  it("adds a note from the repair page and lists the notes newest first, with who and when", async () => {
    const booking = await insertBooking(handle.db);
    const first = "Pre-existing Face ID fault.\nCustomer told at the counter.";
    const added = responseOf(await addNote(booking.id, `  ${first}  `));
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`/admin/repairs/${booking.id}`);
    await addRepairNote(booking.id, "Screen ordered: supplier order PO-7731.", staff.id);

    const { privateNotes } = await page(booking.id);
    expect(privateNotes.map((note) => note.body)).toEqual([
      "Screen ordered: supplier order PO-7731.",
      first,
    ]);
    expect(privateNotes[0]).toMatchObject({ by: staff.username });
    expect(privateNotes[1]!.at).toMatch(/\d{4}, \d{1,2}:\d{2}/);
    expect(new Date(privateNotes[1]!.iso).getTime()).toBeLessThanOrEqual(
      new Date(privateNotes[0]!.iso).getTime(),
    );
  });

  it("records the note in the audit trail without its text", async () => {
    const booking = await insertBooking(handle.db);
    const word = marker();
    await addNote(booking.id, `Customer mentioned ${word}`);
    const audits = await auditTrailOf(handle.db, "booking", booking.id);
    expect(audits).toEqual([
      expect.objectContaining({
        action: "repair.private_note",
        entity: "booking",
        staffUserId: staff.id,
        summary: `${bookingReference(booking.id)}: private note added`,
        details: null,
      }),
    ]);
  });

  it("leaves the repair's version, its customer history and its messages as they were", async () => {
    const booking = await insertBooking(handle.db, { version: 3 });
    const before = await rowOf(booking.id);
    await addNote(booking.id, "Back glass already cracked at intake.");
    const after = await rowOf(booking.id);
    expect(after.version).toBe(3);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(
      await handle.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id)),
    ).toEqual([]);
    expect(await handle.db.select().from(outbox).where(eq(outbox.bookingId, booking.id))).toEqual(
      [],
    );
    // A status form drawn before the note still saves: the note is no change to the repair.
    const saved = await repairAction(
      routeArgs(
        asStaff(
          formPost(`/admin/repairs/${booking.id}`, {
            intent: "status",
            version: "3",
            status: "in_progress",
            expectedDeliveryDate: "",
            internal_notes: "",
            shownStatus: "pending",
            shownDate: "",
            shownNote: "",
          }),
        ),
        { id: String(booking.id) },
      ),
    );
    expect(statusOf(saved)).toBe(303);
  });

  it("refuses an empty or too long note with a message, keeps the input and stores nothing", async () => {
    const booking = await insertBooking(handle.db);
    const empty = await addNote(booking.id, "   ");
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty)).toMatchObject({ intent: "private_note" });
    expect(replyOf(empty).error?.privateNote).toEqual(["Please write the note."]);

    const long = "x".repeat(privateNoteMax + 1);
    const tooLong = await addNote(booking.id, long);
    expect(statusOf(tooLong)).toBe(400);
    expect(replyOf(tooLong).error?.privateNote).toEqual([
      "Please keep a note under 2,000 characters.",
    ]);
    // Kept as far as the textarea's maxlength lets a browser type.
    expect(replyOf(tooLong).initialValue).toMatchObject({
      privateNote: long.slice(0, privateNoteMax),
    });
    expect(await notesOf(booking.id)).toEqual([]);

    // The table holds the same line, whoever writes to it.
    await expect(
      handle.db.insert(repairNotes).values({ bookingId: booking.id, body: long }),
    ).rejects.toThrow();
    expect(statusOf(await addNote(booking.id, "y".repeat(privateNoteMax)))).toBe(303);
  });

  it("answers 503 with the form's message and the input kept when the database fails", async () => {
    const booking = await insertBooking(handle.db);
    // A disk that takes no more writes, for this table alone: SQLSTATE 53100, disk full.
    await handle.db.execute(sql`
      create function refuse_note() returns trigger language plpgsql as
      $$ begin raise exception 'disk full' using errcode = '53100'; end $$`);
    await handle.db.execute(sql`
      create trigger refuse_note before insert on repair_notes
      for each row execute function refuse_note()`);
    try {
      const failed = await addNote(booking.id, "Waiting on the supplier.");
      expect(statusOf(failed)).toBe(503);
      expect(replyOf(failed).error?.[""]).toEqual(["Failed to add the note. Please try again."]);
      expect(replyOf(failed).initialValue).toMatchObject({
        privateNote: "Waiting on the supplier.",
      });
    } finally {
      await handle.db.execute(sql`drop trigger refuse_note on repair_notes`);
      await handle.db.execute(sql`drop function refuse_note()`);
    }
    expect(await notesOf(booking.id)).toEqual([]);
    expect(await auditTrailOf(handle.db, "booking", booking.id)).toEqual([]);
  });

  it("answers 404 for a repair that does not exist", async () => {
    const missing = await addNote(999_999, "Nobody's repair.").catch((thrown: unknown) => thrown);
    expect(statusOf(missing)).toBe(404);
  });

  it("goes with its repair, and stays when its author's account goes", async () => {
    const booking = await insertBooking(handle.db);
    const leaver = await createTestStaff(handle.db, "summer-temp");
    await addRepairNote(booking.id, "Parts on the shelf.", leaver.id);
    await handle.db.delete(staffUsers).where(eq(staffUsers.id, leaver.id));
    expect((await page(booking.id)).privateNotes).toEqual([
      expect.objectContaining({ body: "Parts on the shelf.", by: "Staff member not recorded" }),
    ]);

    await handle.db.delete(bookings).where(eq(bookings.id, booking.id));
    expect(await notesOf(booking.id)).toEqual([]);
  });
});

describe(`the repair list's search by private notes, on ${testDriver}`, () => {
  it("finds a repair by a word of its note, by the start of a word, and with the customer's name", async () => {
    const word = marker();
    const booking = await insertBooking(handle.db, { firstName: "Priyanka" });
    await insertBooking(handle.db, { firstName: "Priyanka" });
    await addRepairNote(booking.id, `Supplier order\n${word.toUpperCase()} placed.`, staff.id);
    const found = async (q: string) =>
      (await listRepairRequests({ q }, { limit: 25, offset: 0 })).rows.map((row) => row.id);

    expect(await found(word)).toEqual([booking.id]);
    expect(await found(word.slice(3, 9))).toEqual([booking.id]);
    expect(await found(`priyanka ${word}`)).toEqual([booking.id]);
    // A word of two letters matches where a word of the note begins, a new line included.
    expect(await found(`${word} pl`)).toEqual([booking.id]);
    expect(await found(`${word} ${word.slice(0, 2)}`)).toEqual([booking.id]);
    expect(await found(`${word} la`)).toEqual([]);
    expect(await found(`${word} nobody`)).toEqual([]);
  });

  it("finds a supplier's order number typed like a phone number", async () => {
    const booking = await insertBooking(handle.db);
    const digits = String(Date.now()).slice(-9);
    await addRepairNote(booking.id, `Supplier order ${digits}`, staff.id);
    const { rows } = await listRepairRequests({ q: digits }, { limit: 25, offset: 0 });
    expect(rows.map((row) => row.id)).toEqual([booking.id]);
  });
});

describe(`private notes stay off what the customer and the exports see, on ${testDriver}`, () => {
  it("are in none of the tracking page, the legacy JSON, the CSV export or the status message", async () => {
    const word = marker();
    const booking = await insertBooking(handle.db, {
      phone: "905-555-0199",
      phoneDigits: "9055550199",
      customerNote: "Booked in.",
      notifyBy: "email",
    });
    await addNote(booking.id, `Private: ${word}`);
    const leaks = (text: string) => text.includes(word);

    const byLink = dataOf(
      await trackByLink(
        routeArgs(new Request("http://localhost/"), {
          token: booking.trackingToken,
        }),
      ),
    );
    expect(byLink.booking.id).toBe(booking.id);
    expect(leaks(JSON.stringify(byLink))).toBe(false);

    const fields = { repairId: bookingReference(booking.id), phoneNumber: "(905) 555-0199" };
    const tracked = await trackAction(
      routeArgs(formPost("/track-repair", fields), {}, testContext("192.0.2.77")),
    );
    expect(statusOf(tracked)).toBe(200);
    expect(dataOf(tracked).bookings).toEqual([expect.objectContaining({ id: booking.id })]);
    expect(leaks(JSON.stringify(dataOf(tracked)))).toBe(false);

    const json = responseOf(
      await trackJson(
        routeArgs(
          new Request(
            `http://localhost/api/endpoints/track_repair.php?${new URLSearchParams(fields)}`,
          ),
          {},
          testContext("192.0.2.78"),
        ),
      ),
    );
    const trackedJson = await json.text();
    expect(trackedJson).toContain(bookingReference(booking.id));
    expect(leaks(trackedJson)).toBe(false);

    const bearer = `Bearer ${await startSession(staff.id, "bearer")}`;
    const legacy = responseOf(
      await getBookingsApi(
        routeArgs(
          new Request("http://localhost/api/admin/get_bookings.php", {
            headers: { authorization: bearer },
          }),
        ),
      ),
    );
    const legacyJson = await legacy.text();
    expect(legacyJson).toContain(`"tracking_id":"${bookingReference(booking.id)}"`);
    expect(leaks(legacyJson)).toBe(false);

    // The export of the search that finds the repair by the note lists it, without the note.
    const csv = responseOf(
      await csvLoader(
        routeArgs(asStaff(new Request(`http://localhost/admin/repairs.csv?q=${word}`))),
      ),
    );
    const exported = await csv.text();
    expect(exported).toContain(bookingReference(booking.id));
    expect(leaks(exported)).toBe(false);

    const changed = await repairAction(
      routeArgs(
        asStaff(
          formPost(`/admin/repairs/${booking.id}`, {
            intent: "status",
            version: String((await rowOf(booking.id)).version),
            status: "ready_for_pickup",
            expectedDeliveryDate: "",
            internal_notes: "Booked in.",
            shownStatus: "pending",
            shownDate: "",
            shownNote: "Booked in.",
            notifyCustomer: "on",
          }),
        ),
        { id: String(booking.id) },
      ),
    );
    expect(statusOf(changed)).toBe(303);
    const messages = await handle.db.select().from(outbox).where(eq(outbox.bookingId, booking.id));
    expect(messages.map((m) => m.kind)).toEqual(["status_update"]);
    expect(leaks(JSON.stringify(messages))).toBe(false);
  });
});
