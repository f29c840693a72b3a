import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings, outbox } from "../../db/schema";
import { conflictIn } from "~/components/admin/changed-meanwhile";
import { RepairChangedMeanwhile, updateRepairStatus } from "~/models/booking-changes.server";
import { answerQuote, createQuote } from "~/models/quote.server";
import { startSession } from "~/models/staff-session.server";
import { action as repairAction, loader as repairLoader } from "~/routes/admin.repairs_.$id";
import { loader as getBookingsApi } from "~/routes/api.admin.get_bookings[.php]";
import { action as updateBookingApi } from "~/routes/api.admin.update_booking[.php]";
import { quoteSchema } from "~/schemas/quote";
import { bookingReference } from "~/utils/booking-reference";
import { cannedNotes } from "~/utils/canned-notes";
import { addDays, shopToday } from "~/utils/shop-time";
import { dataOf, replyOf, responseOf, statusOf } from "../support/answers";
import { insertBooking, signedInStaff } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Two staff members on one repair (decision 0039): a save made on a page drawn before the other's
 * change is refused with what changed, and comes back with its own changes on top of the new
 * values; saving those applies them.
 */

let handle: TestDatabase;
let counter: { id: number; username: string; cookie: string };
let bench: { id: number; username: string; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  counter = await signedInStaff(handle.db, "counter-pc", "manager");
  bench = await signedInStaff(handle.db, "bench-phone");
});
afterAll(() => handle.drop());

const rowOf = async (id: number) =>
  (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailsFor = async (id: number) =>
  (await handle.db.select().from(outbox).where(eq(outbox.bookingId, id))).map((m) => m.kind);

/** The repair's page as a staff member opens it: the form's fields as drawn. */
async function drawn(id: number, who: { cookie: string }) {
  const request = new Request(`http://localhost/admin/repairs/${id}`, {
    headers: { cookie: who.cookie },
  });
  const { repair, details } = dataOf(await repairLoader(routeArgs(request, { id: String(id) })));
  return {
    status: {
      intent: "status",
      version: String(repair.version),
      status: repair.status,
      expectedDeliveryDate: repair.expectedDeliveryDate ?? "",
      internal_notes: repair.note ?? "",
      shownStatus: repair.status,
      shownDate: repair.expectedDeliveryDate ?? "",
      shownNote: repair.note ?? "",
      notifyCustomer: "on",
    },
    details: {
      intent: "details",
      version: String(repair.version),
      ...details,
      shown: JSON.stringify(details),
    },
  };
}

async function post(id: number, who: { cookie: string }, fields: Record<string, string>) {
  const request = formPost(`/admin/repairs/${id}`, fields);
  request.headers.set("cookie", who.cookie);
  return repairAction(routeArgs(request, { id: String(id) }));
}

/** A refused save's data: its reply and what changed. */
function refusal(answer: Awaited<ReturnType<typeof post>>) {
  expect(statusOf(answer)).toBe(409);
  const conflict = conflictIn(dataOf(answer));
  if (!conflict) throw new Error("no conflict in the answer");
  return { reply: replyOf(answer), conflict };
}

/** The form that came back with a refusal, saved as it stands. */
function saveAgain(
  id: number,
  who: { cookie: string },
  intent: "status" | "details",
  { reply, conflict }: ReturnType<typeof refusal>,
) {
  return post(id, who, {
    ...(reply.initialValue as Record<string, string>),
    intent,
    version: String(conflict.version),
  });
}

describe(`saves on a repair someone changed meanwhile, on ${testDriver}`, () => {
  it("the counter's note after the bench's Ready for Pickup: refused, nothing undone or sent, then applied on top", async () => {
    const booking = await insertBooking(handle.db, { email: "kim@example.com" });
    const atCounter = await drawn(booking.id, counter);
    const onBench = await drawn(booking.id, bench);

    const ready = await post(booking.id, bench, { ...onBench.status, status: "ready_for_pickup" });
    expect(statusOf(ready)).toBe(303);
    expect(await mailsFor(booking.id)).toEqual(["status_update"]);

    const note = "Pre-existing Face ID fault noted at intake.";
    const refused = refusal(
      await post(booking.id, counter, { ...atCounter.status, internal_notes: note }),
    );
    // Nothing stored, nothing sent: the bench's status stands.
    expect(await rowOf(booking.id)).toMatchObject({
      status: "ready_for_pickup",
      customerNote: cannedNotes.ready_for_pickup,
      version: 2,
    });
    expect(await mailsFor(booking.id)).toEqual(["status_update"]);
    expect(refused.reply.error?.[""]?.[0]).toBe(
      `${bookingReference(booking.id)} was changed while you had it open, so nothing was saved. Your changes are below, on top of the new values: check them and save again.`,
    );
    expect(refused.conflict.version).toBe(2);
    expect(refused.conflict.changes).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        atLabel: expect.any(String),
        by: "bench-phone",
        summary: `${bookingReference(booking.id)}: Pending → Ready for Pickup; note changed`,
      },
    ]);
    // The counter's note on top of the bench's status; the new values are what the form shows.
    expect(refused.reply.initialValue).toEqual({
      status: "ready_for_pickup",
      expectedDeliveryDate: "",
      internal_notes: note,
      shownStatus: "ready_for_pickup",
      shownDate: "",
      shownNote: cannedNotes.ready_for_pickup,
      notifyCustomer: "on",
    });

    const again = await saveAgain(booking.id, counter, "status", refused);
    expect(statusOf(again)).toBe(303);
    expect(await rowOf(booking.id)).toMatchObject({
      status: "ready_for_pickup",
      customerNote: note,
      version: 3,
    });
    // The counter's save changed the note alone, with "Notify customer" ticked: the note is sent.
    expect(await mailsFor(booking.id)).toEqual(["status_update", "status_update"]);
  });

  it("a status chosen on an old page wins over the other's, and the note follows the rule for it", async () => {
    const booking = await insertBooking(handle.db);
    const first = await drawn(booking.id, counter);
    const second = await drawn(booking.id, bench);
    expect(
      statusOf(await post(booking.id, bench, { ...second.status, status: "waiting_parts" })),
    ).toBe(303);
    const refused = refusal(
      await post(booking.id, counter, { ...first.status, status: "cancelled" }),
    );
    expect(refused.reply.initialValue).toMatchObject({
      status: "cancelled",
      internal_notes: cannedNotes.waiting_parts,
      shownNote: cannedNotes.waiting_parts,
    });
    const again = await saveAgain(booking.id, counter, "status", refused);
    expect(statusOf(again)).toBe(303);
    expect(await rowOf(booking.id)).toMatchObject({
      status: "cancelled",
      customerNote: cannedNotes.cancelled,
    });
  });

  it("details: each person's corrections kept, the other's fields taken as they are now", async () => {
    const booking = await insertBooking(handle.db, { firstName: "Zoe", lastName: "Cote" });
    const first = await drawn(booking.id, counter);
    const second = await drawn(booking.id, bench);
    expect(
      statusOf(await post(booking.id, bench, { ...second.details, phone: "905 555 0199" })),
    ).toBe(303);
    const refused = refusal(
      await post(booking.id, counter, { ...first.details, firstName: "Zoë", lastName: "Côté" }),
    );
    expect((await rowOf(booking.id)).firstName).toBe("Zoe");
    expect(refused.conflict.changes.map((change) => [change.by, change.summary])).toEqual([
      ["bench-phone", `${bookingReference(booking.id)}: phone corrected`],
    ]);
    expect(refused.reply.initialValue).toMatchObject({
      firstName: "Zoë",
      lastName: "Côté",
      phone: "905 555 0199",
    });
    const again = await saveAgain(booking.id, counter, "details", refused);
    expect(statusOf(again)).toBe(303);
    expect(await rowOf(booking.id)).toMatchObject({
      firstName: "Zoë",
      lastName: "Côté",
      phone: "905 555 0199",
      version: 3,
    });
  });

  it("the customer's answer to a quote counts as a change, and is named as theirs", async () => {
    const booking = await insertBooking(handle.db);
    const quote = await createQuote(
      booking.id,
      quoteSchema.parse({
        amount: "129.00",
        covers: "New screen",
        validUntil: addDays(shopToday(), 7),
      }),
      bench.id,
      "http://localhost",
    );
    const page = await drawn(booking.id, counter);
    expect(
      (await answerQuote(booking.trackingToken, quote!.id, "approve", "http://localhost")).outcome,
    ).toBe("answered");
    const refused = refusal(
      await post(booking.id, counter, { ...page.status, status: "waiting_parts" }),
    );
    expect(refused.conflict.changes).toEqual([
      expect.objectContaining({
        by: "the customer",
        summary: expect.stringContaining("You approved the quote"),
      }),
    ]);
    // The approval left the status to staff (QUOTE_APPROVAL_STARTS_REPAIR is off by default).
    expect(await rowOf(booking.id)).toMatchObject({ status: "pending", version: 2 });
  });

  it("the model refuses an old version under the row lock, and lists every change since it, newest first", async () => {
    const booking = await insertBooking(handle.db);
    await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined, readVersion: 1 },
      bench.id,
    );
    await updateRepairStatus(
      booking.id,
      { status: "waiting_parts", note: undefined, expectedDeliveryDate: undefined, readVersion: 2 },
      counter.id,
    );
    const refused = updateRepairStatus(
      booking.id,
      { status: "cancelled", note: undefined, expectedDeliveryDate: undefined, readVersion: 1 },
      counter.id,
    );
    await expect(refused).rejects.toThrow(RepairChangedMeanwhile);
    const error = (await refused.catch((e: unknown) => e)) as RepairChangedMeanwhile;
    expect(error.changes.map((change) => change.by)).toEqual(["counter-pc", "bench-phone"]);
    expect(error.current.version).toBe(3);
    const history = await handle.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id)));
    expect(history.map((entry) => entry.status)).toEqual(["in_progress", "waiting_parts"]);
  });
});

describe(`the legacy update_booking.php with a version, on ${testDriver}`, () => {
  async function bearer() {
    return `Bearer ${await startSession(counter.id, "bearer")}`;
  }
  async function legacyUpdate(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const request = new Request("http://localhost/api/admin/update_booking.php", {
      method: "POST",
      headers: { authorization: await bearer(), "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return responseOf(await updateBookingApi(routeArgs(request)));
  }
  async function listed(id: number) {
    const request = new Request("http://localhost/api/admin/get_bookings.php", {
      headers: { authorization: await bearer() },
    });
    const body = (await responseOf(await getBookingsApi(routeArgs(request))).json()) as {
      bookings: { id: number; version: number }[];
    };
    return body.bookings.find((booking) => booking.id === id)!;
  }

  it("lists each booking's version, refuses an old one in the body or If-Match, and applies the current one", async () => {
    const booking = await insertBooking(handle.db);
    expect((await listed(booking.id)).version).toBe(1);
    await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
      bench.id,
    );

    for (const [body, headers] of [
      [{ id: booking.id, status: "cancelled", version: 1 }, {}],
      [{ id: booking.id, status: "cancelled" }, { "if-match": '"1"' }],
    ] as const) {
      const refused = await legacyUpdate(body, headers);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        success: false,
        message: `${bookingReference(booking.id)} was changed since version 1; nothing was stored.`,
        current_version: 2,
        changes: [
          {
            at: expect.any(String),
            by: "bench-phone",
            summary: `${bookingReference(booking.id)}: Pending → In Progress; note changed`,
          },
        ],
      });
    }
    expect((await rowOf(booking.id)).status).toBe("in_progress");

    const current = await legacyUpdate(
      { id: booking.id, status: "completed" },
      { "if-match": `"${(await listed(booking.id)).version}"` },
    );
    expect(current.status).toBe(200);
    expect(await rowOf(booking.id)).toMatchObject({ status: "completed", version: 3 });
  });

  it("without a version, applies as the old dashboard always did; a malformed one is a 422", async () => {
    const booking = await insertBooking(handle.db);
    await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
      bench.id,
    );
    expect((await legacyUpdate({ id: booking.id, status: "cancelled" })).status).toBe(200);
    expect((await rowOf(booking.id)).status).toBe("cancelled");
    // `If-Match: *` is HTTP's "whatever version": no check either.
    const any = await legacyUpdate({ id: booking.id, status: "completed" }, { "if-match": "*" });
    expect(any.status).toBe(200);
    expect((await rowOf(booking.id)).status).toBe("completed");

    const malformed = await legacyUpdate({ id: booking.id, status: "pending", version: "two" });
    expect(malformed.status).toBe(422);
    expect(await malformed.json()).toMatchObject({
      errors: { version: ["Please send the version as a whole number."] },
    });
    expect((await rowOf(booking.id)).status).toBe("completed");
  });
});
