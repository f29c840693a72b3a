import { eq, sql } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, outbox } from "../../db/schema";
import { reviews } from "~/config/shop";
import { createMailTransport } from "~/server/mail-transport.server";
import { deliverAllDueMail } from "~/server/mail-worker.server";
import { outboxContent } from "~/models/outbox-content.server";
import { pickupReminderNumber, queueScheduledMessages } from "~/models/outbox-scheduler.server";
import { addDays, shopInstant, shopToday } from "~/utils/shop-time";
import { maxTextLength } from "~/models/sms-content.server";
import { createSmsTransport, routedTransport } from "~/server/sms-transport.server";
import { insertBooking } from "../support/admin";
import { testOrigin } from "../support/forms";
import { mockServer } from "../support/msw-setup";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { testMailSettings } from "../support/mail-settings";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());
beforeEach(async () => {
  await handle.db.delete(outbox);
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

    await queueScheduledMessages(testOrigin, at(addDays(base, 2), 14, 59));
    expect(await queued()).toEqual([]);
    await queueScheduledMessages(testOrigin, at(addDays(base, 2), 15));
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

describe(`scheduled messages with two workers on ${testDriver}`, () => {
  it("sends each reminder once when two instances schedule and deliver side by side", async () => {
    const requests: string[] = [];
    mockServer.use(
      http.post(
        "https://twilio.test/2010-04-01/Accounts/AC1/Messages.json",
        async ({ request }) => {
          requests.push(new URLSearchParams(await request.text()).get("To")!);
          return HttpResponse.json({ sid: "SM1" }, { status: 201 });
        },
      ),
    );
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
    // The reminders were queued for a day still ahead; bring their time to now.
    await handle.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.kind, "pickup_reminder"));
    const settings = testMailSettings({
      batchSize: 3,
      sms: {
        accountSid: "AC1",
        authToken: "token",
        from: "+19055550199",
        apiUrl: "https://twilio.test",
        dir: "unused",
        timeoutMs: 1000,
      },
      clock: () => now,
    });
    const worker = () =>
      deliverAllDueMail(
        routedTransport(createMailTransport(settings), createSmsTransport(settings.sms)),
        settings,
      );
    await Promise.all([worker(), worker()]);
    expect(requests).toHaveLength(8);
    expect(new Set(requests).size).toBe(8);
  });
});
