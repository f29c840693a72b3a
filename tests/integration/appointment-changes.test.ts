import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingEvents, bookings, hoursExceptions, outbox, shopSettings } from "../../db/schema";
import { contact } from "~/config/shop";
import { outboxContent } from "~/mail/outbox-content.server";
import {
  cancelBooking,
  changeableBooking,
  rescheduleBooking,
} from "~/models/booking-customer-change.server";
import { dayAvailability } from "~/models/booking-availability.server";
import { RepairChangedMeanwhile, updateRepairStatus } from "~/models/booking-changes.server";
import { createBooking } from "~/models/booking.server";
import { addCalendarEntry } from "~/models/shop-calendar.server";
import { queueScheduledMessages } from "~/models/outbox-scheduler.server";
import { bookingSchema } from "~/schemas/booking";
import { updateShopSettings } from "~/models/shop-settings.server";
import { loader as calendarLoader } from "~/routes/book-appointment_.confirmation.$token.appointment[.ics]";
import * as cancelPage from "~/routes/track-repair_.$token_.cancel";
import * as reschedulePage from "~/routes/track-repair_.$token_.reschedule";
import { repairDetailView } from "~/routes/repair-detail-view.server";
import { getToast } from "~/server/toast.server";
import type { Booking } from "~/types/booking";
import { appointmentStart } from "~/utils/appointment-change";
import { addDays, shopInstant } from "~/utils/shop-time";
import { createTestStaff, insertBooking } from "../support/admin";
import { dataOf, rejectionOf, replyOf, responseOf, statusOf, thrownBy } from "../support/answers";
import {
  formPost,
  freshKey,
  futureWeekday,
  routeArgs,
  testOrigin,
  validBooking,
} from "../support/forms";
import { useSettings } from "../support/settings";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/*
 * A customer moves or cancels their own appointment through its secret link (decision 0056):
 * the booking form's slot rules and capacity, a cut-off before the appointment, the version the
 * page was drawn at, the shop alerted, the history, the calendar file and the reminders.
 */

let handle: TestDatabase;
let staffId: number;
beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "change-tester")).id;
});
afterAll(() => handle.drop());
beforeEach(async () => {
  await handle.db.delete(outbox);
  await handle.db.delete(bookings);
  await handle.db.delete(shopSettings);
  await handle.db.delete(hoursExceptions);
});

const day = futureWeekday(4);
const hour = 3_600_000;

/** An online booking, Pending, as a visitor made it a while ago. */
const booked = (overrides: Parameters<typeof insertBooking>[1] = {}) =>
  insertBooking(handle.db, {
    preferredDate: day,
    preferredTime: "14:00",
    notifyBy: "both",
    createdAt: new Date(Date.now() - 3 * 24 * hour),
    ...overrides,
  });

const current = async (booking: Booking) =>
  (await handle.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;
const eventsOf = (booking: Booking) =>
  handle.db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, booking.id))
    .orderBy(bookingEvents.id);
const messagesOf = (booking: Booking, kind: (typeof outbox.$inferSelect)["kind"]) =>
  handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.bookingId, booking.id), eq(outbox.kind, kind)))
    .orderBy(outbox.id);

const post = (
  page: typeof reschedulePage | typeof cancelPage,
  booking: Pick<Booking, "trackingToken">,
  fields: Record<string, string>,
) => {
  const path = page === cancelPage ? "cancel" : "reschedule";
  return page.action(
    routeArgs(formPost(`/track-repair/${booking.trackingToken}/${path}`, fields), {
      token: booking.trackingToken,
    }),
  );
};

async function toastOf(response: Response) {
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}

async function calendarOf(booking: Pick<Booking, "trackingToken">) {
  const response = await calendarLoader(
    routeArgs(
      new Request(
        `http://localhost/book-appointment/confirmation/${booking.trackingToken}/appointment.ics`,
      ),
      { token: booking.trackingToken },
    ),
  );
  return (await response.text()).replace(/\r\n /g, "");
}

describe(`moving an appointment online on ${testDriver}`, () => {
  it("moves it from the form: the new time stored, the history, the shop alerted, the customer told with a calendar file that replaces the old", async () => {
    const booking = await booked();
    const before = await calendarOf(booking);
    expect(before).toContain(`DTSTART;TZID=America/Toronto:${day.replaceAll("-", "")}T140000`);
    expect(before).toContain("SEQUENCE:0");

    const to = addDays(day, 1);
    const answer = responseOf(
      await post(reschedulePage, booking, {
        preferredDate: to,
        preferredTime: "3:30 PM",
        version: String(booking.version),
      }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/track-repair/${booking.trackingToken}`);
    expect(await toastOf(answer)).toMatchObject({
      title: "Appointment moved",
      description: expect.stringContaining("at 3:30 PM"),
    });

    const after = await current(booking);
    expect(after).toMatchObject({
      preferredDate: to,
      preferredTime: "15:30",
      status: "pending",
      version: booking.version + 1,
    });
    const moved = (await eventsOf(booking)).at(-1);
    expect(moved).toMatchObject({ status: "pending", byCustomer: true, staffUserId: null });
    expect(moved!.note).toMatch(
      /^Rescheduled by the customer from \w{3}, \w{3} \d{1,2}, 2:00 PM to \w{3}, \w{3} \d{1,2}, 3:30 PM\.$/,
    );

    const [alert] = await messagesOf(booking, "booking_change_alert");
    expect(alert).toMatchObject({ recipient: contact.emails.repairs, channel: "email" });
    expect(alert!.subject).toMatch(/^Booking WF-\d{5} moved to \w{3}, \w{3} \d{1,2}, 3:30 PM$/);
    expect(outboxContent(alert!).text).toContain("The customer moved their appointment online");

    const [mail, text] = await messagesOf(booking, "booking_change");
    expect(mail).toMatchObject({ channel: "email", recipient: booking.email });
    expect(outboxContent(mail!).subject).toContain("is moved");
    const [ics] = mail!.attachments;
    expect(ics!.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(ics!.content).toContain(`DTSTART;TZID=America/Toronto:${to.replaceAll("-", "")}T153000`);
    expect(ics!.content).toContain("SEQUENCE:1");
    expect(text).toMatchObject({ channel: "sms" });
    expect(text!.textBody).toMatch(/moved to \w{3}, \w{3} \d{1,2} at 3:30 PM/);

    // The confirmation page's file follows: same UID, next SEQUENCE, the new time.
    const now = await calendarOf(booking);
    expect(now).toContain("SEQUENCE:1");
    expect(now).toContain(`DTSTART;TZID=America/Toronto:${to.replaceAll("-", "")}T153000`);
    expect(/UID:(.+)/.exec(now)![1]).toBe(/UID:(.+)/.exec(before)![1]);

    // Staff read it as the customer's act.
    expect((await repairDetailView(booking.id, testOrigin))!.history.at(-1)).toMatchObject({
      by: "Customer (tracking link)",
    });
  });

  it("holds the new time to the booking form's rules: a full slot, a closed time, the past, the same time, a missing version", async () => {
    useSettings({ BOOKING_SLOT_CAPACITY: "1" });
    const booking = await booked();
    await booked({ preferredTime: "16:00" });
    const version = String(booking.version);
    const refused = async (fields: Record<string, string>, status: number) => {
      const answer = await post(reschedulePage, booking, { version, ...fields });
      expect(statusOf(answer)).toBe(status);
      return replyOf(answer as Exclude<typeof answer, Response>).error;
    };

    expect(await refused({ preferredDate: day, preferredTime: "16:00" }, 409)).toMatchObject({
      preferredTime: ["This time slot is fully booked. Please choose another time."],
    });
    let sunday = addDays(day, 1);
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    expect(await refused({ preferredDate: sunday, preferredTime: "10:00" }, 400)).toMatchObject({
      preferredTime: [expect.stringContaining("We're closed at that time")],
    });
    // A day the owner closed (decision 0054), read with the move as with a new booking.
    const closedDay = futureWeekday(12);
    await addCalendarEntry(
      { from: closedDay, to: closedDay, hours: null, reason: "Renovation" },
      staffId,
    );
    expect(await refused({ preferredDate: closedDay, preferredTime: "15:00" }, 400)).toMatchObject({
      preferredDate: [expect.stringMatching(/^We're closed on .* \(Renovation\)/)],
    });
    expect(
      await refused({ preferredDate: addDays(day, -30), preferredTime: "10:00" }, 400),
    ).toMatchObject({ preferredDate: ["Please choose today or a later date."] });
    expect(await refused({ preferredDate: day, preferredTime: "14:00" }, 400)).toMatchObject({
      preferredTime: ["That is your appointment's time already. Please choose another time."],
    });
    expect(await refused({ preferredDate: day, preferredTime: "14:07" }, 400)).toMatchObject({
      preferredTime: ["Please choose one of the listed times."],
    });
    const answer = await post(reschedulePage, booking, {
      preferredDate: day,
      preferredTime: "15:00",
    });
    expect(statusOf(answer)).toBe(400);
    expect(replyOf(answer as Exclude<typeof answer, Response>).error?.[""]).toEqual([
      "This page is out of date. Please reload it and try again.",
    ]);

    // Nothing of any of it was stored.
    expect(await current(booking)).toMatchObject({ preferredTime: "14:00", version: 1 });
    expect(await eventsOf(booking)).toEqual([]);
    expect(await handle.db.select().from(outbox)).toEqual([]);
  });

  it("holds the slot's capacity against moves and a new booking racing for its last place", async () => {
    useSettings({ BOOKING_SLOT_CAPACITY: "2" });
    const [a, b] = await Promise.all([booked(), booked()]);
    await booked({ preferredTime: "11:00" });
    const to = { preferredDate: day, preferredTime: "11:00" };
    const [first, second, newBooking] = await Promise.all([
      rescheduleBooking(a.trackingToken, to, 1, testOrigin),
      rescheduleBooking(b.trackingToken, to, 1, testOrigin),
      createBooking(
        bookingSchema.parse(validBooking({ ...to, submissionKey: freshKey() })),
        testOrigin,
      ),
    ]);
    const won = [first.outcome, second.outcome, newBooking.outcome].filter(
      (outcome) => outcome === "moved" || outcome === "created",
    );
    expect(won).toHaveLength(1);
    expect([first.outcome, second.outcome, newBooking.outcome].sort()).toEqual(
      [won[0]!, "slot_full", "slot_full"].sort(),
    );
    const taken = await handle.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.preferredDate, day), eq(bookings.preferredTime, "11:00")));
    expect(taken).toHaveLength(2);
    expect((await dayAvailability(day)).slots.find((s) => s.time === "11:00")).toMatchObject({
      full: true,
    });
  });

  it("lets the customer change it until the cut-off, then says to call, with the shop's setting", async () => {
    const booking = await booked();
    const start = appointmentStart(booking);
    const to = { preferredDate: day, preferredTime: "16:30" };

    const late = new Date(start.getTime() - 2 * hour + 60_000);
    expect(await rescheduleBooking(booking.trackingToken, to, 1, testOrigin, late)).toEqual({
      outcome: "closed",
      reason: "cutoff",
      cutoffHours: 2,
    });
    expect(await cancelBooking(booking.trackingToken, 1, testOrigin, late)).toMatchObject({
      outcome: "closed",
      reason: "cutoff",
    });
    const after = new Date(start.getTime() + 60_000);
    expect((await changeableBooking(booking.trackingToken, after))!.window).toEqual({
      open: false,
      reason: "passed",
      cutoffHours: 2,
    });

    // The owner allows changes until an hour before: the same moment is open again.
    await updateShopSettings(
      {
        bookingSlotCapacity: 3,
        bookingLimitPerCustomer: 3,
        changeCutoffHours: 1,
        quoteApprovalStartsRepair: false,
        bookingsConfirmedAtOnce: false,
      },
      staffId,
      1,
    );
    expect((await changeableBooking(booking.trackingToken, late))!.window).toEqual({
      open: true,
      cutoffHours: 1,
    });
    expect((await rescheduleBooking(booking.trackingToken, to, 1, testOrigin, late)).outcome).toBe(
      "moved",
    );

    // A week's cut-off closes it now, and the form says to call, with the shop's number.
    await updateShopSettings(
      {
        bookingSlotCapacity: 3,
        bookingLimitPerCustomer: 3,
        changeCutoffHours: 168,
        quoteApprovalStartsRepair: false,
        bookingsConfirmedAtOnce: false,
      },
      staffId,
      2,
    );
    const answer = await post(reschedulePage, booking, {
      preferredDate: addDays(day, 1),
      preferredTime: "11:00",
      version: "2",
    });
    expect(statusOf(answer)).toBe(409);
    expect(replyOf(answer as Exclude<typeof answer, Response>).error?.[""]).toEqual([
      `Your appointment is less than 168 hours away, so it can't be changed online any more. To move or cancel it, please call us at ${contact.phone.display}.`,
    ]);
    const page = dataOf(
      await reschedulePage.loader(
        routeArgs(
          new Request(`http://localhost/track-repair/${booking.trackingToken}/reschedule`),
          {
            token: booking.trackingToken,
          },
        ),
      ),
    );
    expect(page.form).toBeNull();
    expect(page.page.window).toMatchObject({ open: false, reason: "cutoff" });
  });

  it("changes only a booking not yet started: a repair under way, a walk-in and a cancelled one are the shop's", async () => {
    const to = { preferredDate: day, preferredTime: "16:30" };
    for (const [overrides, reason] of [
      [{ status: "in_progress" }, "started"],
      [{ status: "waiting_parts" }, "started"],
      [{ status: "ready_for_pickup" }, "started"],
      [{ source: "walk_in" }, "walk_in"],
      [{ status: "cancelled" }, "cancelled"],
    ] as const) {
      const booking = await booked(overrides);
      expect(await rescheduleBooking(booking.trackingToken, to, 1, testOrigin)).toMatchObject({
        outcome: "closed",
        reason,
      });
    }
  });

  it("is one change however often the same move is sent (a double tap, a page sent again)", async () => {
    const booking = await booked();
    const fields = { preferredDate: day, preferredTime: "17:00", version: "1" };
    const [first, second] = [
      responseOf(await post(reschedulePage, booking, fields)),
      responseOf(await post(reschedulePage, booking, fields)),
    ];
    for (const answer of [first, second]) {
      expect(answer.status).toBe(303);
      expect((await toastOf(answer))?.title).toBe("Appointment moved");
    }
    expect((await current(booking)).version).toBe(2);
    expect(await eventsOf(booking)).toHaveLength(1);
    expect(await messagesOf(booking, "booking_change_alert")).toHaveLength(1);
    expect(await messagesOf(booking, "booking_change")).toHaveLength(2); // e-mail and text, once
  });

  it("never lets two tabs undo each other: the second move, drawn before the first, is refused and says what the booking is now", async () => {
    const booking = await booked();
    const results = await Promise.all([
      rescheduleBooking(
        booking.trackingToken,
        { preferredDate: day, preferredTime: "10:30" },
        1,
        testOrigin,
      ),
      rescheduleBooking(
        booking.trackingToken,
        { preferredDate: day, preferredTime: "17:30" },
        1,
        testOrigin,
      ),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["changed_meanwhile", "moved"]);
    const won = results.find((r) => r.outcome === "moved");
    const stored = await current(booking);
    expect(won).toMatchObject({ booking: { preferredTime: stored.preferredTime, version: 2 } });
    expect(await eventsOf(booking)).toHaveLength(1);

    const answer = await post(reschedulePage, booking, {
      preferredDate: day,
      preferredTime: stored.preferredTime === "10:30" ? "17:30" : "10:30",
      version: "1",
    });
    expect(statusOf(answer)).toBe(409);
    expect(replyOf(answer as Exclude<typeof answer, Response>).error?.[""]?.[0]).toMatch(
      /^Your booking changed while this page was open, so nothing was changed\. It is now .+ at (10:30 AM|5:30 PM) \(Pending\)\./,
    );
    expect(await current(booking)).toMatchObject({
      preferredTime: stored.preferredTime,
      version: 2,
    });
  });

  it("never lets a staff save and a customer's move undo each other, in either order", async () => {
    const booking = await booked();
    // The customer first: the staff form drawn before is refused, naming the customer's change.
    await rescheduleBooking(
      booking.trackingToken,
      { preferredDate: day, preferredTime: "12:00" },
      1,
      testOrigin,
    );
    const refused = await rejectionOf(
      updateRepairStatus(
        booking.id,
        { status: "in_progress", note: undefined, expectedDeliveryDate: undefined, readVersion: 1 },
        staffId,
      ),
      RepairChangedMeanwhile,
    );
    expect(refused.changes[0]).toMatchObject({
      by: "the customer",
      summary: expect.stringContaining("Rescheduled by the customer"),
    });
    expect((await current(booking)).status).toBe("pending");

    // Staff first: the customer's page drawn before is refused, and the repair under way is staff's.
    await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined, readVersion: 2 },
      staffId,
    );
    expect(
      await rescheduleBooking(
        booking.trackingToken,
        { preferredDate: day, preferredTime: "16:00" },
        2,
        testOrigin,
      ),
    ).toMatchObject({
      outcome: "changed_meanwhile",
      booking: { status: "in_progress", version: 3 },
    });
    expect(await cancelBooking(booking.trackingToken, 3, testOrigin)).toMatchObject({
      outcome: "closed",
      reason: "started",
    });
    expect(await current(booking)).toMatchObject({ preferredTime: "12:00", status: "in_progress" });
  });

  it("takes back the reminder of the old time; the new time gets its own", async () => {
    const base = addDays(day, -1);
    const booking = await booked();
    await queueScheduledMessages(testOrigin, shopInstant(base, 18 * 60 + 5));
    const old = await messagesOf(booking, "appointment_reminder");
    expect(old.map((m) => m.channel)).toEqual(["email", "sms"]);

    const to = addDays(day, 1);
    const eveningBefore = shopInstant(base, 18 * 60 + 30);
    expect(
      (
        await rescheduleBooking(
          booking.trackingToken,
          { preferredDate: to, preferredTime: "11:00" },
          1,
          testOrigin,
          eveningBefore,
        )
      ).outcome,
    ).toBe("moved");
    for (const reminder of await messagesOf(booking, "appointment_reminder"))
      expect(reminder).toMatchObject({
        status: "cancelled",
        lastError: "The appointment was moved; the new time gets a reminder of its own.",
      });

    await queueScheduledMessages(testOrigin, shopInstant(day, 18 * 60 + 5));
    const pending = (await messagesOf(booking, "appointment_reminder")).filter(
      (m) => m.status === "pending",
    );
    expect(pending.map((m) => m.dedupeKey)).toEqual([
      `appointment_reminder:${booking.id}:${to}:11:00:email`,
      `appointment_reminder:${booking.id}:${to}:11:00:sms`,
    ]);
    expect(outboxContent(pending[0]!).text).toContain("11:00 AM");
  });

  it("answers an unknown or malformed link as the tracking page does", async () => {
    const notFound = "Repair not found. Please check the ID/Phone Number and try again.";
    for (const token of ["abcdefghijklmnopqrstuvwxyz0123456789", "not a token"]) {
      for (const page of [reschedulePage, cancelPage]) {
        const thrown = await thrownBy(
          page.loader(routeArgs(new Request(`http://localhost/track-repair/x/y`), { token })),
        );
        expect(thrown).toMatchObject({ data: notFound, init: { status: 404 } });
        const posted = await thrownBy(
          post(
            page,
            { trackingToken: token },
            { preferredDate: day, preferredTime: "15:00", version: "1" },
          ),
        );
        expect(posted).toMatchObject({ data: notFound, init: { status: 404 } });
      }
    }
  });
});

describe(`cancelling a booking online on ${testDriver}`, () => {
  it("cancels it: the slot free again, the history, the shop alerted, the calendar file withdrawn, the reminders taken back", async () => {
    useSettings({ BOOKING_SLOT_CAPACITY: "1" });
    const booking = await booked();
    await queueScheduledMessages(testOrigin, shopInstant(addDays(day, -1), 18 * 60 + 5));
    expect((await dayAvailability(day)).slots.find((s) => s.time === "14:00")?.full).toBe(true);

    const answer = responseOf(await post(cancelPage, booking, { version: "1" }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/track-repair/${booking.trackingToken}`);
    expect(await toastOf(answer)).toMatchObject({
      title: "Booking cancelled",
      description: expect.stringMatching(/^Your booking WF-\d{5} is cancelled\./),
    });

    expect(await current(booking)).toMatchObject({
      status: "cancelled",
      version: 2,
      customerNote: expect.stringContaining("has been cancelled"),
    });
    expect((await eventsOf(booking)).at(-1)).toMatchObject({
      status: "cancelled",
      note: "Cancelled by the customer.",
      byCustomer: true,
    });
    expect((await dayAvailability(day)).slots.find((s) => s.time === "14:00")?.full).toBe(false);

    const [alert] = await messagesOf(booking, "booking_change_alert");
    expect(alert!.subject).toMatch(/^Booking WF-\d{5} cancelled by the customer$/);
    const [mail, text] = await messagesOf(booking, "booking_change");
    expect(outboxContent(mail!).subject).toContain("is cancelled");
    expect(mail!.attachments[0]!.contentType).toContain("method=CANCEL");
    expect(text!.textBody).toContain("is cancelled, as you asked");
    for (const reminder of await messagesOf(booking, "appointment_reminder"))
      expect(reminder).toMatchObject({
        status: "cancelled",
        lastError: "The booking was cancelled before this went out.",
      });

    const ics = await calendarOf(booking);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("SEQUENCE:1");

    // Sent again (a double tap, the back button): the same answer, one change.
    const again = responseOf(await post(cancelPage, booking, { version: "1" }));
    expect((await toastOf(again))?.title).toBe("Booking cancelled");
    expect(await eventsOf(booking)).toHaveLength(1);
    expect(await messagesOf(booking, "booking_change_alert")).toHaveLength(1);
    // Drawn now, the page says it is cancelled, and a move is refused.
    expect(
      await rescheduleBooking(
        booking.trackingToken,
        { preferredDate: day, preferredTime: "16:00" },
        2,
        testOrigin,
      ),
    ).toMatchObject({ outcome: "closed", reason: "cancelled" });
  });

  it("refuses a cancellation drawn before a staff change, and one after the cut-off", async () => {
    const booking = await booked();
    await updateRepairStatus(
      booking.id,
      {
        status: undefined,
        note: "We have your part.",
        expectedDeliveryDate: undefined,
        readVersion: 1,
      },
      staffId,
    );
    const answer = await post(cancelPage, booking, { version: "1" });
    expect(statusOf(answer)).toBe(409);
    expect(replyOf(answer as Exclude<typeof answer, Response>).error?.[""]?.[0]).toContain(
      "Your booking changed while this page was open",
    );
    expect((await current(booking)).status).toBe("pending");

    const late = new Date(appointmentStart(booking).getTime() - 30 * 60_000);
    expect(await cancelBooking(booking.trackingToken, 2, testOrigin, late)).toMatchObject({
      outcome: "closed",
      reason: "cutoff",
    });
    expect((await current(booking)).status).toBe("pending");
  });
});
