import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { adminMessages } from "~/content/messages/admin-messages";
import { outboxContent } from "~/mail/outbox-content.server";
import { startSession } from "~/models/staff-session.server";
import { action as repairAction, loader as repairLoader } from "~/routes/admin.repairs_.$id";
import { action as updateBookingApi } from "~/routes/api.admin.update_booking[.php]";
import { action as loginAction } from "~/routes/admin_.login";
import { getToast } from "~/server/toast.server";
import { cannedNotes } from "~/utils/canned-notes";
import { dataOf, responseOf, statusOf } from "../support/answers";
import { cookiesFrom, createTestStaff, insertBooking, staffPassword } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * A note changed on its own, with "Notify customer" ticked, is sent to the customer; the staff
 * member is told plainly whether anything went out (issue 30, item 9; decision 0041).
 */

let handle: TestDatabase;
let staff: { id: number; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  const username = "note-writer";
  const created = await createTestStaff(handle.db, username);
  const login = responseOf(
    await loginAction(routeArgs(formPost("/admin/login", { username, password: staffPassword }))),
  );
  staff = { ...created, cookie: cookiesFrom(login) };
});
afterAll(() => handle.drop());
beforeEach(async () => {
  await handle.db.delete(outbox);
});

const messagesFor = (id: number) =>
  handle.db.select().from(outbox).where(eq(outbox.bookingId, id)).orderBy(outbox.id);

/** The status form as the repair page draws it, with `fields` changed. */
async function saveStatus(id: number, fields: Record<string, string | undefined>) {
  const page = new Request(`http://localhost/admin/repairs/${id}`, {
    headers: { cookie: staff.cookie },
  });
  const { repair } = dataOf(await repairLoader(routeArgs(page, { id: String(id) })));
  const form = {
    intent: "status",
    version: String(repair.version),
    status: repair.status,
    expectedDeliveryDate: repair.expectedDeliveryDate ?? "",
    internal_notes: repair.note ?? "",
    shownStatus: repair.status,
    shownDate: repair.expectedDeliveryDate ?? "",
    shownNote: repair.note ?? "",
    notifyCustomer: "on",
    ...fields,
  };
  // An unticked checkbox is absent from the form.
  const sent = Object.entries(form).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const request = formPost(`/admin/repairs/${id}`, Object.fromEntries(sent));
  request.headers.set("cookie", staff.cookie);
  const answer = await repairAction(routeArgs(request, { id: String(id) }));
  expect(statusOf(answer)).toBe(303);
  const cookie = responseOf(answer).headers.get("set-cookie")!.split(";")[0]!;
  const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie } }));
  return toast?.description;
}

describe(`a note changed on its own, on ${testDriver}`, () => {
  it("with Notify customer ticked, is sent once by the customer's channels, and the toast says so", async () => {
    const booking = await insertBooking(handle.db, {
      status: "in_progress",
      notifyBy: "both",
    });
    const note = "The new screen is fitted; we are testing the touch layer now.";
    expect(await saveStatus(booking.id, { internal_notes: note })).toBe(adminMessages.noteSent);
    const messages = await messagesFor(booking.id);
    expect(messages.map((m) => [m.kind, m.channel])).toEqual([
      ["status_update", "email"],
      ["status_update", "sms"],
    ]);
    const mail = outboxContent(messages[0]!);
    expect(mail.subject).toContain("a note from us");
    expect(mail.text).toContain(note);
    expect(mail.text).toContain("In Progress");
    // A text names the repair and the link, never the note (a lock screen shows it).
    expect(messages[1]!.textBody).toMatch(/^WeFix: a new note on repair WF-\d{5} \(In Progress\)/);
    expect(messages[1]!.textBody).not.toContain(note);
  });

  it("without Notify customer, sends nothing, and the toast says so", async () => {
    const booking = await insertBooking(handle.db, { status: "waiting_parts" });
    const toast = await saveStatus(booking.id, {
      internal_notes: "Part shipped today.",
      notifyCustomer: undefined,
    });
    expect(toast).toBe(adminMessages.noteSavedNotSent);
    expect(await messagesFor(booking.id)).toEqual([]);
  });

  it("a cleared note is not news: nothing is sent, and the toast says so", async () => {
    const booking = await insertBooking(handle.db, {
      status: "in_progress",
      customerNote: "Old words",
    });
    expect(await saveStatus(booking.id, { internal_notes: "" })).toBe(
      adminMessages.noteSavedNotSent,
    );
    expect(await messagesFor(booking.id)).toEqual([]);
  });

  it("a new status is sent as before, with its canned note, under the usual toast", async () => {
    const booking = await insertBooking(handle.db, { status: "waiting_parts" });
    expect(await saveStatus(booking.id, { status: "ready_for_pickup" })).toBe(
      adminMessages.statusUpdated,
    );
    const messages = await messagesFor(booking.id);
    expect(messages).toHaveLength(1);
    const mail = outboxContent(messages[0]!);
    expect(mail.subject).toContain("Ready for Pickup");
    expect(mail.text).toContain(cannedNotes.ready_for_pickup);
  });
});

describe(`the legacy update_booking.php with a note alone, on ${testDriver}`, () => {
  async function legacyUpdate(body: Record<string, unknown>) {
    const request = new Request("http://localhost/api/admin/update_booking.php", {
      method: "POST",
      headers: {
        authorization: `Bearer ${await startSession(staff.id, "bearer")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(body),
    });
    return responseOf(await updateBookingApi(routeArgs(request)));
  }

  it("sends the note unless notifyCustomer is false, and says whether it did", async () => {
    const booking = await insertBooking(handle.db, { status: "in_progress" });
    const sent = await legacyUpdate({
      id: booking.id,
      status: "in_progress",
      internal_notes: "Testing the battery overnight.",
    });
    expect(await sent.json()).toEqual({ success: true, customer_notified: true });
    expect(await messagesFor(booking.id)).toHaveLength(1);

    const quiet = await legacyUpdate({
      id: booking.id,
      status: "in_progress",
      internal_notes: "Battery passed.",
      notifyCustomer: false,
    });
    expect(await quiet.json()).toEqual({ success: true, customer_notified: false });
    expect(await messagesFor(booking.id)).toHaveLength(1);
  });
});
