import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, outbox, smsOptOuts } from "../../db/schema";
import { reviews } from "~/config/shop";
import { createMailTransport } from "~/server/mail-transport.server";
import { deliverAllDueMail, type MailSettings } from "~/server/mail-worker.server";
import { outboxContent } from "~/mail/outbox-content.server";
import { listWithdrawnMail } from "~/models/outbox-message.server";
import { pickupReminderNumber, queueScheduledMessages } from "~/models/outbox-scheduler.server";
import { updateRepairStatus } from "~/models/booking-changes.server";
import { addDays, shopInstant, shopToday } from "~/utils/shop-time";
import { optOutReason } from "~/utils/message-withdrawal";
import { maxTextLength } from "~/mail/sms-content.server";
import { createSmsTransport, routedTransport } from "~/server/sms-transport.server";
import { createTestStaff, insertBooking } from "../support/admin";
import { testOrigin } from "../support/forms";
import { mockServer } from "../support/msw-setup";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { testMailSettings } from "../support/mail-settings";

let handle: TestDatabase;
let staffId: number;
let mailDir: string;
beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "reminder-tester")).id;
  mailDir = await mkdtemp(path.join(os.tmpdir(), "wefix-reminder-mail-"));
});
afterAll(async () => {
  await handle.drop();
  await rm(mailDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await handle.db.delete(outbox);
  await handle.db.delete(smsOptOuts);
  await handle.db.delete(bookings);
});

const hour = 3_600_000;
const day = 24 * hour;
/** A day ahead of the real clock, so bookings made "now" by the database were made before it. */
const base = addDays(shopToday(), 5);
const at = (date: string, hours: number, minutes = 0) => shopInstant(date, hours * 60 + minutes);
const queued = () => handle.db.select().from(outbox).orderBy(outbox.id);
const kinds = async () =>
  (await queued()).map((r) => `${r.kind}:${r.channel}:${r.bookingId}`).sort();

describe(`appointment reminders on ${testDriver}`, () => {
  it("goes the evening before by the chosen channels, once, and not to cancelled, walk-in or last-minute bookings", async () => {
    const tomorrow = addDays(base, 1);
    const both = await insertBooking(handle.db, {
      preferredDate: tomorrow,
      preferredTime: "14:30",
      notifyBy: "both",
    });
    const otherDay = await insertBooking(handle.db, {
      preferredDate: addDays(base, 2),
      notifyBy: "both",
    });
    const cancelled = await insertBooking(handle.db, {
      preferredDate: tomorrow,
      status: "cancelled",
    });
    const walkIn = await insertBooking(handle.db, { preferredDate: tomorrow, source: "walk_in" });
    const lastMinute = await insertBooking(handle.db, {
      preferredDate: tomorrow,
      createdAt: at(base, 17),
    });

    expect(await queueScheduledMessages(testOrigin, at(base, 17, 59))).toBe(0);
    expect(await queued()).toEqual([]);

    await queueScheduledMessages(testOrigin, at(base, 18, 0));
    await queueScheduledMessages(testOrigin, at(base, 18, 1));
    await Promise.all([
      queueScheduledMessages(testOrigin, at(base, 19)),
      queueScheduledMessages(testOrigin, at(base, 19)),
    ]);
    expect(await kinds()).toEqual([
      `appointment_reminder:email:${both.id}`,
      `appointment_reminder:sms:${both.id}`,
    ]);
    for (const other of [otherDay, cancelled, walkIn, lastMinute])
      expect((await queued()).some((r) => r.bookingId === other.id)).toBe(false);

    const [mail, text] = await queued();
    expect(outboxContent(mail!).subject).toContain("tomorrow");
    expect(text!.textBody).toContain("tomorrow");
    expect(text!.textBody).toContain("2:30 PM");
    expect(text!.textBody!.length).toBeLessThanOrEqual(maxTextLength);
  });

  it("holds a reminder queued after 21:00 until 09:00, as a text", async () => {
    const late = await insertBooking(handle.db, {
      preferredDate: addDays(base, 1),
      notifyBy: "sms",
    });
    await queueScheduledMessages(testOrigin, at(base, 22, 15));
    const [text] = await queued();
    expect(text).toMatchObject({ bookingId: late.id, channel: "sms" });
    expect(text!.nextAttemptAt).toEqual(at(addDays(base, 1), 9));
  });
});

describe(`pickup reminders on ${testDriver}`, () => {
  it("counts the reminder due: the first after 3 days, then weekly, at most 3", () => {
    const ready = at(base, 12);
    expect(pickupReminderNumber(ready, new Date(ready.getTime() + 3 * day - 1))).toBe(0);
    expect(pickupReminderNumber(ready, new Date(ready.getTime() + 3 * day))).toBe(1);
    expect(pickupReminderNumber(ready, new Date(ready.getTime() + 10 * day - 1))).toBe(1);
    expect(pickupReminderNumber(ready, new Date(ready.getTime() + 10 * day))).toBe(2);
    expect(pickupReminderNumber(ready, new Date(ready.getTime() + 17 * day))).toBe(3);
    expect(pickupReminderNumber(ready, new Date(ready.getTime() + 40 * day))).toBe(3);
  });

  it("queues each reminder once as the weeks go by, stops at three and after pickup, and waits for the day", async () => {
    const readyAt = at(base, 11);
    const waiting = await insertBooking(handle.db, {
      status: "ready_for_pickup",
      statusChangedAt: readyAt,
      notifyBy: "sms",
    });
    const picked = await insertBooking(handle.db, {
      status: "completed",
      statusChangedAt: readyAt,
      notifyBy: "sms",
    });
    const later = (days: number, hours = 12) => at(addDays(base, days), hours);
    const pickups = async () => (await queued()).filter((r) => r.kind === "pickup_reminder");

    await queueScheduledMessages(testOrigin, later(2));
    expect(await pickups()).toHaveLength(0);
    // Due, but it is night: nothing now, the reminder is queued by day.
    await queueScheduledMessages(testOrigin, later(3, 23));
    expect(await pickups()).toHaveLength(0);
    for (const when of [later(4), later(4, 15), later(5)])
      await queueScheduledMessages(testOrigin, when);
    expect(await pickups()).toHaveLength(1);
    await queueScheduledMessages(testOrigin, later(11));
    await queueScheduledMessages(testOrigin, later(18));
    await queueScheduledMessages(testOrigin, later(25));
    await queueScheduledMessages(testOrigin, later(40));
    const sent = await pickups();
    expect(sent).toHaveLength(3);
    expect(sent.every((r) => r.bookingId === waiting.id && r.channel === "sms")).toBe(true);
    expect(sent[0]!.textBody).toContain("ready for pickup");
    expect((await queued()).some((r) => r.bookingId === picked.id)).toBe(false);
  });
});

describe(`review requests on ${testDriver}`, () => {
  it("asks 2 days after completion, once, only customers who opted in, with the shop's review link", async () => {
    const doneAt = at(base, 15);
    const agreed = await insertBooking(handle.db, {
      status: "completed",
      statusChangedAt: doneAt,
      reviewOptIn: true,
      notifyBy: "both",
    });
    await insertBooking(handle.db, {
      status: "completed",
      statusChangedAt: doneAt,
      reviewOptIn: false,
      notifyBy: "both",
    });
    await insertBooking(handle.db, {
      status: "completed",
      statusChangedAt: new Date(doneAt.getTime() - 20 * day),
      reviewOptIn: true,
    });

    // Two days are 48 hours, also when the clocks change in between (base is days from now, so
    // the first Sunday of November can fall there): counted from the moment, not the clock face.
    const twoDaysOn = doneAt.getTime() + 2 * day;
    await queueScheduledMessages(testOrigin, new Date(twoDaysOn - 60_000));
    expect(await queued()).toEqual([]);
    await queueScheduledMessages(testOrigin, new Date(twoDaysOn));
    await queueScheduledMessages(testOrigin, at(addDays(base, 3), 12));
    expect(await kinds()).toEqual([
      `review_request:email:${agreed.id}`,
      `review_request:sms:${agreed.id}`,
    ]);
    const [mail, text] = await queued();
    expect(outboxContent(mail!).text).toContain(reviews.href);
    expect(text!.textBody).toContain(reviews.href);
    expect(text!.textBody).toContain("STOP");
  });
});

const twilioApi = "https://twilio.test";
/** Twilio's Messages API as MSW; returns the numbers texted, in order. */
function twilioRecorder(): string[] {
  const requests: string[] = [];
  mockServer.use(
    http.post(`${twilioApi}/2010-04-01/Accounts/AC1/Messages.json`, async ({ request }) => {
      requests.push(new URLSearchParams(await request.text()).get("To")!);
      return HttpResponse.json({ sid: "SM1" }, { status: 201 });
    }),
  );
  return requests;
}

/** One worker pass at the shop-clock moment `now`, texts to Twilio's stand-in, e-mails to files. */
function worker(now: Date, overrides: Partial<MailSettings> = {}) {
  const settings = testMailSettings({
    dir: mailDir,
    sms: {
      accountSid: "AC1",
      authToken: "token",
      from: "+19055550199",
      apiUrl: twilioApi,
      dir: "unused",
      timeoutMs: 30_000,
    },
    clock: () => now,
    ...overrides,
  });
  return deliverAllDueMail(
    routedTransport(createMailTransport(settings), createSmsTransport(settings.sms)),
    settings,
  );
}

/**
 * Scheduled messages are queued for a day still ahead of the database's clock; bring them to now.
 */
const makeDue = () => handle.db.update(outbox).set({ nextAttemptAt: sql`now()` });

describe(`scheduled messages with two workers on ${testDriver}`, () => {
  it("sends each reminder once when two instances schedule and deliver side by side", async () => {
    const requests = twilioRecorder();
    const readyAt = at(base, 11);
    for (let i = 0; i < 8; i += 1) {
      await insertBooking(handle.db, {
        status: "ready_for_pickup",
        statusChangedAt: readyAt,
        notifyBy: "sms",
        phone: `905-555-07${10 + i}`,
      });
    }
    const now = at(addDays(base, 4), 12);
    await Promise.all([
      queueScheduledMessages(testOrigin, now),
      queueScheduledMessages(testOrigin, now),
    ]);
    await makeDue();
    await Promise.all([worker(now, { batchSize: 3 }), worker(now, { batchSize: 3 })]);
    expect(requests).toHaveLength(8);
    expect(new Set(requests).size).toBe(8);
  });
});

describe(`scheduled messages that are no longer true on ${testDriver}`, () => {
  const state = async (bookingId: number) =>
    (await queued())
      .filter((r) => r.bookingId === bookingId)
      .map((r) => ({ kind: r.kind, channel: r.channel, status: r.status, reason: r.lastError }));

  it("withdraws a pickup reminder once the repair was picked up, and sends the one still true", async () => {
    const requests = twilioRecorder();
    const readyAt = at(base, 11);
    const pickedUp = await insertBooking(handle.db, {
      status: "ready_for_pickup",
      statusChangedAt: readyAt,
      notifyBy: "sms",
      phone: "905-555-0801",
    });
    const stillWaiting = await insertBooking(handle.db, {
      status: "ready_for_pickup",
      statusChangedAt: readyAt,
      notifyBy: "sms",
      phone: "905-555-0802",
    });
    const now = at(addDays(base, 4), 12);
    await queueScheduledMessages(testOrigin, now);
    await makeDue();
    await updateRepairStatus(
      pickedUp.id,
      { status: "completed", note: undefined, expectedDeliveryDate: undefined },
      staffId,
    );

    expect(await worker(now)).toEqual({ sent: 1, failed: 0 });
    expect(requests).toEqual(["+19055550802"]);
    expect(await state(pickedUp.id)).toEqual([
      {
        kind: "pickup_reminder",
        channel: "sms",
        status: "cancelled",
        reason: "The repair is no longer ready for pickup (now Completed).",
      },
    ]);
    expect((await state(stillWaiting.id))[0]).toMatchObject({ status: "sent", reason: null });
    // Staff see it among the messages withdrawn this week, with the reason.
    const withdrawn = await listWithdrawnMail();
    expect(withdrawn.map((r) => [r.bookingId, r.lastError])).toEqual([
      [pickedUp.id, "The repair is no longer ready for pickup (now Completed)."],
    ]);
  });

  it("withdraws an appointment reminder held through the night when the booking was cancelled, moved or started", async () => {
    const requests = twilioRecorder();
    const tomorrow = addDays(base, 1);
    const appointment = { preferredDate: tomorrow, notifyBy: "sms" as const };
    const kept = await insertBooking(handle.db, { ...appointment, phone: "905-555-0811" });
    const cancelled = await insertBooking(handle.db, { ...appointment, phone: "905-555-0812" });
    const moved = await insertBooking(handle.db, { ...appointment, phone: "905-555-0813" });
    const started = await insertBooking(handle.db, { ...appointment, phone: "905-555-0814" });
    // Queued at 22:15: the texts wait for 09:00.
    await queueScheduledMessages(testOrigin, at(base, 22, 15));
    expect((await queued()).map((r) => r.nextAttemptAt)).toEqual(
      Array.from({ length: 4 }, () => at(tomorrow, 9)),
    );
    await updateRepairStatus(
      cancelled.id,
      { status: "cancelled", note: undefined, expectedDeliveryDate: undefined },
      staffId,
    );
    await updateRepairStatus(
      started.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
      staffId,
    );
    await handle.db
      .update(bookings)
      .set({ preferredDate: addDays(base, 3) })
      .where(eq(bookings.id, moved.id));
    await makeDue();

    expect(await worker(at(tomorrow, 9, 0))).toEqual({ sent: 1, failed: 0 });
    expect(requests).toEqual(["+19055550811"]);
    expect((await state(kept.id))[0]).toMatchObject({ status: "sent" });
    expect((await state(cancelled.id))[0]).toMatchObject({
      status: "cancelled",
      reason: "The booking was cancelled before this went out.",
    });
    expect((await state(moved.id))[0]).toMatchObject({
      status: "cancelled",
      reason: "The appointment was moved; the new time gets a reminder of its own.",
    });
    expect((await state(started.id))[0]).toMatchObject({
      status: "cancelled",
      reason: "The repair had already started (now In Progress) when this was due.",
    });
  });

  it("withdraws a review request, e-mail and text, once consent is withdrawn or the repair is reopened, and any text to a stopped number", async () => {
    const requests = twilioRecorder();
    const doneAt = at(base, 15);
    const review = { status: "completed" as const, statusChangedAt: doneAt, reviewOptIn: true };
    const withdrew = await insertBooking(handle.db, { ...review, notifyBy: "both" });
    const reopened = await insertBooking(handle.db, { ...review, notifyBy: "sms" });
    const stopped = await insertBooking(handle.db, {
      ...review,
      notifyBy: "both",
      phone: "905-555-0821",
    });
    const now = at(addDays(base, 2), 16);
    await queueScheduledMessages(testOrigin, now);
    expect(await queued()).toHaveLength(5);
    await handle.db
      .update(bookings)
      .set({ reviewOptIn: false })
      .where(eq(bookings.id, withdrew.id));
    await updateRepairStatus(
      reopened.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
      staffId,
    );
    await handle.db.insert(smsOptOuts).values({ phone: "+19055550821" });
    await makeDue();

    expect(await worker(now)).toEqual({ sent: 1, failed: 0 });
    expect(requests).toEqual([]);
    expect(await state(withdrew.id)).toEqual([
      expect.objectContaining({
        channel: "email",
        status: "cancelled",
        reason: "The customer withdrew consent to a review request.",
      }),
      expect.objectContaining({
        channel: "sms",
        status: "cancelled",
        reason: "The customer withdrew consent to a review request.",
      }),
    ]);
    expect(await state(reopened.id)).toEqual([
      expect.objectContaining({
        status: "cancelled",
        reason: "The repair is no longer completed (now In Progress).",
      }),
    ]);
    expect(await state(stopped.id)).toEqual([
      expect.objectContaining({ channel: "email", status: "sent" }),
      expect.objectContaining({ channel: "sms", status: "cancelled", reason: optOutReason }),
    ]);
  });
});
