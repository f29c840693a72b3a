import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { delay, http, HttpResponse } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox, smsOptOuts } from "../../db/schema";
import { bookingReference } from "~/utils/booking-reference";
import { createBooking } from "~/models/booking.server";
import { parseSettings } from "~/server/env.server";
import { createMailTransport } from "~/server/mail-transport.server";
import { deliverAllDueMail, type MailSettings } from "~/server/mail-worker.server";
import { describeMailError } from "~/models/outbox-message.server";
import { updateRepairStatus } from "~/models/booking-changes.server";
import { addDays, shopInstant, shopToday } from "~/utils/shop-time";
import { maxTextLength } from "~/mail/sms-content.server";
import { isQuietHours, textSendAfter } from "~/utils/sms-quiet-hours";
import { optOutReason } from "~/utils/message-withdrawal";
import {
  createSmsTransport,
  routedTransport,
  type SmsSettings,
} from "~/server/sms-transport.server";
import { bookingSchema } from "~/schemas/booking";
import { createTestStaff } from "../support/admin";
import { freshKey, futureWeekday, testOrigin, validBooking } from "../support/forms";
import { mockServer } from "../support/msw-setup";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { testMailSettings } from "../support/mail-settings";

const api = "https://twilio.test";
const sms: SmsSettings = {
  accountSid: "AC0123456789",
  authToken: "twilio-secret",
  from: "+19055550199",
  apiUrl: api,
  dir: "unused",
  // A provider that answers late is an unknown outcome the worker retries: on a starved machine a
  // short limit would turn an answered request into a second text. Only the timeout test waits less.
  timeoutMs: 30_000,
};
const messagesUrl = `${api}/2010-04-01/Accounts/AC0123456789/Messages.json`;

let handle: TestDatabase;
let mailDir: string;
let staffId: number;
let clock = new Date();

const settingsFor = (smsSettings: SmsSettings): MailSettings =>
  testMailSettings({ dir: mailDir, sms: smsSettings, clock: () => clock });
const transportFor = (settings: MailSettings) =>
  routedTransport(createMailTransport(settings), createSmsTransport(settings.sms));

/** A shop-clock moment `daysAgo` days back: in the past for the database, whatever the hour now. */
const realToday = shopToday();
const shopMoment = (daysAgo: number, hours: number, minutes = 0) =>
  shopInstant(addDays(realToday, -daysAgo), hours * 60 + minutes);

type Received = { authorization: string | null; to: string; from: string; body: string };
let received: Received[];

/** Twilio's Messages API as MSW: records each request, answers with `reply`. */
function twilio(
  reply: () => Promise<Response> | Response = () =>
    HttpResponse.json({ sid: `SM${received.length}` }, { status: 201 }),
) {
  mockServer.use(
    http.post(messagesUrl, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      received.push({
        authorization: request.headers.get("authorization"),
        to: form.get("To")!,
        from: form.get("From")!,
        body: form.get("Body")!,
      });
      return reply();
    }),
  );
}

beforeAll(async () => {
  handle = await installTestDatabase();
  mailDir = await mkdtemp(path.join(os.tmpdir(), "wefix-sms-mail-"));
  staffId = (await createTestStaff(handle.db, "sms-tester")).id;
});
afterAll(async () => {
  await handle.drop();
  await rm(mailDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await handle.db.delete(outbox);
  await handle.db.delete(smsOptOuts);
  received = [];
  clock = shopMoment(1, 12);
});

let slot = 0;
/** A booking made at the shop-clock moment `clock` (yesterday noon unless a test moves it). */
async function book(fields: Record<string, string> = {}) {
  slot += 1;
  const input = bookingSchema.parse(
    validBooking({
      submissionKey: freshKey(),
      preferredDate: futureWeekday(3 + (slot % 20)),
      preferredTime: `1${slot % 8}:30`,
      ...fields,
    }),
  );
  const result = await createBooking(input, testOrigin, clock);
  if (result.outcome !== "created") throw new Error(`booking not created: ${result.outcome}`);
  return result.booking;
}

const rowsOf = (channel: "email" | "sms") =>
  handle.db.select().from(outbox).where(eq(outbox.channel, channel)).orderBy(outbox.id);

describe(`texts through Twilio on ${testDriver}`, () => {
  it("texts the booking confirmation once, with the account's credentials, from the shop's number, short and without personal data", async () => {
    twilio();
    const settings = settingsFor(sms);
    const booking = await book({
      notifyBy: "sms",
      firstName: "Zelda",
      lastName: "Quartermain",
      email: "zelda@example.com",
    });
    expect(await deliverAllDueMail(transportFor(settings), settings)).toEqual({
      sent: 3,
      failed: 0,
    });
    expect(await deliverAllDueMail(transportFor(settings), settings)).toEqual({
      sent: 0,
      failed: 0,
    });

    expect(received).toHaveLength(1);
    const [text] = received;
    expect(text!.authorization).toBe(
      `Basic ${Buffer.from("AC0123456789:twilio-secret").toString("base64")}`,
    );
    expect(text!.from).toBe("+19055550199");
    expect(text!.to).toBe("+19055550100");
    expect(text!.body.length).toBeLessThanOrEqual(maxTextLength);
    expect(text!.body).toMatch(/^WeFix: /);
    expect(text!.body).toContain(bookingReference(booking.id));
    expect(text!.body).toContain(`${testOrigin}/track-repair/${booking.trackingToken}`);
    for (const personal of ["Zelda", "Quartermain", "zelda@example.com", "555-0100", "iPhone"])
      expect(text!.body).not.toContain(personal);
    expect((await rowsOf("sms")).map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ["booking_confirmation", "sent", 1],
    ]);
  });

  it("queues no text for a customer who chose e-mail, and both for one who chose both", async () => {
    const byMail = await book({ notifyBy: "email" });
    const byBoth = await book({ notifyBy: "both" });
    const texts = await rowsOf("sms");
    expect(texts.map((r) => r.bookingId)).toEqual([byBoth.id]);
    for (const booking of [byMail, byBoth])
      await updateRepairStatus(
        booking.id,
        { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
        staffId,
        { notifyCustomer: true, origin: testOrigin, now: clock },
      );
    const updates = (
      await handle.db.select().from(outbox).where(eq(outbox.kind, "status_update"))
    ).map((r) => [r.bookingId, r.channel]);
    expect(updates).toEqual(
      expect.arrayContaining([
        [byMail.id, "email"],
        [byBoth.id, "email"],
        [byBoth.id, "sms"],
      ]),
    );
    expect(updates).toHaveLength(3);
  });

  it("marks a text the provider refuses (4xx) failed at once with the reason, and never sends it again", async () => {
    twilio(() =>
      HttpResponse.json(
        {
          code: 21211,
          message: "The 'To' number +19055550100 is not a valid phone number.",
          status: 400,
        },
        { status: 400 },
      ),
    );
    const settings = settingsFor(sms);
    await book({ notifyBy: "sms" });
    await deliverAllDueMail(transportFor(settings), settings);
    await deliverAllDueMail(transportFor(settings), settings);
    expect(received).toHaveLength(1);
    const [row] = await rowsOf("sms");
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.lastError).toContain("HTTP 400, code 21211");
    expect(describeMailError(row!.lastError!)).toBe("The text provider refused this text");
  });

  it("retries a text after a 5xx and after a timeout, then sends it once", async () => {
    const answers = [
      () => HttpResponse.json({ message: "Service unavailable" }, { status: 503 }),
      async () => {
        await delay(2_000);
        return HttpResponse.json({ sid: "SMlate" }, { status: 201 });
      },
      () => HttpResponse.json({ sid: "SMok" }, { status: 201 }),
    ];
    twilio(() => answers[received.length - 1]!());
    const settings = settingsFor({ ...sms, timeoutMs: 300 });
    await book({ notifyBy: "sms" });
    const transport = transportFor(settings);

    await deliverAllDueMail(transport, settings);
    let [row] = await rowsOf("sms");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(describeMailError(row!.lastError!)).toBe("Could not reach the text provider");

    await new Promise((resolve) => setTimeout(resolve, 20));
    await deliverAllDueMail(transport, settings);
    [row] = await rowsOf("sms");
    expect(row).toMatchObject({
      status: "pending",
      attempts: 2,
      lastError: "SMS provider timeout",
    });

    await new Promise((resolve) => setTimeout(resolve, 20));
    await deliverAllDueMail(transport, settings);
    [row] = await rowsOf("sms");
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    expect(received).toHaveLength(3);
  });

  it("sends nothing to a number that replied STOP: the text is cancelled, not failed", async () => {
    twilio();
    const settings = settingsFor(sms);
    await book({ notifyBy: "both" });
    await handle.db.insert(smsOptOuts).values({ phone: "+19055550100" });
    expect(await deliverAllDueMail(transportFor(settings), settings)).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(received).toHaveLength(0);
    const [row] = await rowsOf("sms");
    expect(row).toMatchObject({ status: "cancelled", attempts: 0, lastError: optOutReason });
    expect(await deliverAllDueMail(transportFor(settings), settings)).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(received).toHaveLength(0);
  });

  it("holds texts through quiet hours (21:00 to 09:00 shop time) while e-mail goes out", async () => {
    twilio();
    const settings = settingsFor(sms);
    expect(isQuietHours(shopMoment(2, 20, 59))).toBe(false);
    expect(isQuietHours(shopMoment(2, 21))).toBe(true);
    expect(isQuietHours(shopMoment(2, 8, 59))).toBe(true);
    expect(isQuietHours(shopMoment(2, 9))).toBe(false);
    expect(textSendAfter(shopMoment(2, 8, 15))).toEqual(shopMoment(2, 9));

    clock = shopMoment(2, 22, 30);
    await book({ notifyBy: "both" });
    const [queued] = await rowsOf("sms");
    expect(queued!.nextAttemptAt).toEqual(shopMoment(1, 9));

    // Still night on the shop's clock: the e-mails go, the text waits, even though its time has
    // passed for the database.
    clock = shopMoment(1, 8, 59);
    expect(await deliverAllDueMail(transportFor(settings), settings)).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(received).toHaveLength(0);

    clock = shopMoment(1, 9);
    expect(await deliverAllDueMail(transportFor(settings), settings)).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(received).toHaveLength(1);
  });

  it("sends each text once with two workers running side by side", async () => {
    twilio(async () => {
      await delay(5);
      return HttpResponse.json({ sid: "SMx" }, { status: 201 });
    });
    const settings = { ...settingsFor(sms), batchSize: 4 };
    const bookings = [];
    for (let i = 0; i < 12; i += 1) bookings.push(await book({ notifyBy: "sms" }));
    const [a, b] = await Promise.all([
      deliverAllDueMail(transportFor(settings), settings),
      deliverAllDueMail(transportFor(settings), settings),
    ]);
    expect(a.sent + b.sent).toBe(36);
    expect(received).toHaveLength(12);
    expect(new Set(received.map((r) => r.body)).size).toBe(12);
    expect((await rowsOf("sms")).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("writes each text to a file in the SMS folder when no provider is configured", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "wefix-sms-"));
    const settings = settingsFor({ ...parseSettings({}).sms, dir });
    const booking = await book({ notifyBy: "sms" });
    await deliverAllDueMail(transportFor(settings), settings);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-booking-confirmation\.txt$/);
    const content = await readFile(path.join(dir, files[0]!), "utf8");
    expect(content).toContain("To: +19055550100");
    expect(content).toContain(bookingReference(booking.id));
    await rm(dir, { recursive: true, force: true });
  });
});
