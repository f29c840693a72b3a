import { readFile } from "node:fs/promises";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, outbox } from "../../db/schema";
import { createBooking, type CreateBookingResult } from "~/models/booking.server";
import { queueScheduledMessages } from "~/models/outbox-scheduler.server";
import { updateRepairStatus } from "~/models/booking-changes.server";
import { createWalkIn } from "~/models/booking-walk-in.server";
import { deliverAllDueMail } from "~/server/mail-worker.server";
import type { MailTransport } from "~/server/mail-transport.server";
import { action as bookingFormAction } from "~/routes/book-appointment";
import { loader as outboxLoader } from "~/routes/admin.outbox";
import { action as loginAction } from "~/routes/admin_.login";
import { bookingSchema } from "~/schemas/booking";
import { walkInSchema } from "~/schemas/walk-in";
import { addDays, shopInstant, shopToday } from "~/utils/shop-time";
import { emailKey } from "~/utils/recipient-key";
import { cookiesFrom, createTestStaff, insertBooking, staffPassword } from "../support/admin";
import {
  formPost,
  freshKey,
  futureWeekday,
  bookByJson,
  testOrigin,
  validBooking,
  routeArgs,
} from "../support/forms";
import { dataOf, replyOf, responseOf, statusOf } from "../support/answers";
import { testMailSettings } from "../support/mail-settings";
import { useSettings } from "../support/settings";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staff: { id: number; username: string };
let cookie: string;

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await createTestStaff(handle.db, "limits-tester", "manager");
  cookie = cookiesFrom(
    responseOf(
      await loginAction(
        routeArgs(formPost("/admin/login", { username: staff.username, password: staffPassword })),
      ),
    ),
  );
});
afterAll(() => handle.drop());
beforeEach(async () => {
  await handle.db.delete(outbox);
  await handle.db.delete(bookings);
});

const hourHeading = /^Not sent: too many messages to this (address|number) in the last hour/;
const dayHeading = /^Not sent: too many messages to this (address|number) today/;

let slot = 0;
/** A booking in a slot of its own (slot capacity never interferes), for a customer who wants texts. */
function booking(fields: Record<string, string> = {}) {
  slot += 1;
  return bookingSchema.parse(
    validBooking({
      submissionKey: freshKey(),
      preferredDate: futureWeekday(3 + (slot % 30)),
      preferredTime: `1${slot % 8}:30`,
      notifyBy: "both",
      ...fields,
    }),
  );
}

async function book(fields: Record<string, string> = {}) {
  const result = await createBooking(booking(fields), testOrigin);
  if (result.outcome !== "created") throw new Error(`booking not created: ${result.outcome}`);
  return result.booking;
}

/** Each message queued for the booking: kind, channel, status and, when not sent, why. */
async function messagesOf(bookingId: number) {
  const rows = await handle.db
    .select()
    .from(outbox)
    .where(eq(outbox.bookingId, bookingId))
    .orderBy(outbox.id);
  return rows.map(
    (r) => `${r.kind}:${r.channel}:${r.status}${r.lastError ? `:${r.lastError}` : ""}`,
  );
}

/** Moves every message queued so far back in time, as if the test had waited that long. */
const age = (interval: string) =>
  handle.db.update(outbox).set({ createdAt: sql`${outbox.createdAt} - ${interval}::interval` });

const bookingCount = async () => (await handle.db.select({ n: count() }).from(bookings))[0]!.n;
const outboxCount = async () => (await handle.db.select({ n: count() }).from(outbox))[0]!.n;

describe(`messages per recipient on ${testDriver}`, () => {
  it("caps what one address and one number get from bookings per hour, then per day; every booking is stored and the shop hears of each", async () => {
    useSettings({
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "2",
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_DAY: "3",
    });
    // One mailbox and one number, however they are written.
    const victim = [
      { email: "victim@example.com", phone: "(905) 555-0177" },
      { email: " Victim@Example.COM", phone: "+1 905 555 0177" },
      { email: "victim+again@example.com", phone: "905.555.0177" },
    ];
    const first = await book(victim[0]);
    const second = await book(victim[1]);
    const third = await book(victim[2]);
    expect(await messagesOf(first.id)).toEqual([
      "booking_alert:email:pending",
      "booking_confirmation:email:pending",
      "booking_confirmation:sms:pending",
    ]);
    expect(await messagesOf(second.id)).toEqual([
      "booking_alert:email:pending",
      "booking_confirmation:email:pending",
      "booking_confirmation:sms:pending",
    ]);
    const [alert, mail, text] = await messagesOf(third.id);
    expect(alert).toBe("booking_alert:email:pending");
    expect(mail).toMatch(
      /^booking_confirmation:email:cancelled:Not sent: too many messages to this address in the last hour/,
    );
    expect(text).toMatch(
      /^booking_confirmation:sms:cancelled:Not sent: too many messages to this number in the last hour/,
    );

    // An hour later the hourly cap has room again, but the day's holds only one more message each.
    await age("61 minutes");
    const fourth = await book(victim[0]);
    expect((await messagesOf(fourth.id)).slice(1)).toEqual([
      "booking_confirmation:email:pending",
      "booking_confirmation:sms:pending",
    ]);
    const fifth = await book(victim[1]);
    const [, dayMail, dayText] = await messagesOf(fifth.id);
    expect(dayMail).toMatch(
      /^booking_confirmation:email:cancelled:Not sent: too many messages to this address today/,
    );
    expect(dayText).toMatch(
      /^booking_confirmation:sms:cancelled:Not sent: too many messages to this number today/,
    );

    // Another customer is not held back by the victim's limits.
    const other = await book({ email: "someone.else@example.com", phone: "905-555-0178" });
    expect((await messagesOf(other.id)).every((m) => m.endsWith(":pending"))).toBe(true);

    // A day later the victim's address and number get messages again.
    await age("1 day");
    const later = await book(victim[2]);
    expect((await messagesOf(later.id)).every((m) => m.endsWith(":pending"))).toBe(true);
    expect(await bookingCount()).toBe(7);

    // What was held back is never sent; everything else is.
    const sent: string[] = [];
    const transport: MailTransport = {
      send: async (row) => void sent.push(`${row.bookingId}:${row.kind}:${row.channel}`),
      close() {},
    };
    await deliverAllDueMail(transport, testMailSettings());
    // Texts wait through quiet hours, so only the e-mails are counted: seven alerts, five confirmations.
    expect(sent.filter((m) => m.endsWith(":email"))).toHaveLength(7 + 5);
    for (const held of [third, fifth])
      expect(sent.filter((m) => m.startsWith(`${held.id}:`))).toEqual([
        `${held.id}:booking_alert:email`,
      ]);
  });

  it("shows staff on the Outbox page which messages were held back, and why", async () => {
    useSettings({ RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "1" });
    await book();
    const held = await book();
    const request = new Request("http://localhost/admin/outbox", { headers: { cookie } });
    const page = (await outboxLoader(routeArgs(request))) as {
      withdrawn: { about: string | null; channel: string; reason: string | null }[];
    };
    const reference = `WF-${String(held.id).padStart(5, "0")}`;
    expect(page.withdrawn.filter((m) => m.about === reference)).toEqual([
      expect.objectContaining({
        channel: "Text",
        reason: expect.stringMatching(hourHeading),
      }),
      expect.objectContaining({
        channel: "E-mail",
        reason: expect.stringMatching(hourHeading),
      }),
    ]);
  });

  it("never lets concurrent bookings to one address past the cap", async () => {
    useSettings({ RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "2" });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createBooking(booking(), testOrigin)),
    );
    expect(results.every((r) => r.outcome === "created")).toBe(true);
    const confirmations = await handle.db
      .select({ channel: outbox.channel, status: outbox.status })
      .from(outbox)
      .where(eq(outbox.kind, "booking_confirmation"));
    for (const channel of ["email", "sms"] as const) {
      const mine = confirmations.filter((r) => r.channel === channel);
      expect(mine.filter((r) => r.status === "pending")).toHaveLength(2);
      expect(mine.filter((r) => r.status === "cancelled")).toHaveLength(4);
    }
  });

  it("counts the appointment reminder a booking brings, but never caps what staff send", async () => {
    useSettings({
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "3",
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_DAY: "2",
    });
    const base = addDays(shopToday(), 5);
    const tomorrow = addDays(base, 1);
    const customer = { email: "reminded@example.com", phone: "905-555-0190" };
    const reminded = await insertBooking(handle.db, {
      ...customer,
      preferredDate: tomorrow,
      notifyBy: "both",
    });
    // Two bookings' confirmations use up the day.
    await book(customer);
    await book(customer);
    await queueScheduledMessages(testOrigin, shopInstant(base, 18 * 60));
    const reminders = (await messagesOf(reminded.id)).filter((m) => m.startsWith("appointment"));
    expect(reminders).toHaveLength(2);
    expect(reminders.every((m) => dayHeading.test(m.split(":").slice(3).join(":")))).toBe(true);

    // Staff still reach the customer: a status update is queued as usual and is not counted.
    await updateRepairStatus(
      reminded.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
      staff.id,
      { notifyCustomer: true, origin: testOrigin },
    );
    expect((await messagesOf(reminded.id)).filter((m) => m.startsWith("status_update"))).toEqual([
      "status_update:email:pending",
      "status_update:sms:pending",
    ]);
  });
});

describe(`future bookings per customer on ${testDriver}`, () => {
  const postForm = (fields: Record<string, string>) =>
    bookingFormAction(routeArgs(formPost("/book-appointment", fields)));
  const postJson = (fields: Record<string, string>) =>
    bookByJson({ ...fields, submissionKey: undefined });
  const limitMessage =
    "This phone number or e-mail address already has 2 upcoming appointments with us. Please call us directly to book another.";
  const fields = (customer: Record<string, string>) => {
    slot += 1;
    return validBooking({
      preferredDate: futureWeekday(3 + (slot % 30)),
      preferredTime: `1${slot % 8}:00`,
      ...customer,
    });
  };

  it("refuses a third upcoming booking for one number or address on both doors, storing nothing", async () => {
    useSettings({ BOOKING_LIMIT_PER_CUSTOMER: "2" });
    const customer = { email: "busy@example.com", phone: "905-555-0150" };
    const accepted = fields(customer);
    expect(responseOf(await postForm(accepted)).status).toBe(303);
    expect((await postJson(fields(customer))).status).toBe(201);
    const bookingsBefore = await bookingCount();
    const messagesBefore = await outboxCount();

    // The same number with another address, the same mailbox with another number, either door.
    const sameNumber = await postForm(fields({ email: "other@example.com", phone: "9055550150" }));
    expect(statusOf(sameNumber)).toBe(409);
    expect(replyOf(sameNumber).error?.[""]).toEqual([limitMessage]);
    expect(dataOf(sameNumber).toast).toMatchObject({
      title: "Booking Failed",
      description: limitMessage,
    });
    const sameMailbox = await postJson(
      fields({ email: "Busy+more@Example.com", phone: "905-555-0151" }),
    );
    expect(sameMailbox.status).toBe(409);
    expect(await sameMailbox.json()).toEqual({ success: false, message: limitMessage });
    expect(await bookingCount()).toBe(bookingsBefore);
    expect(await outboxCount()).toBe(messagesBefore);

    // A retry of an accepted booking still lands on it; a new customer books as usual.
    expect(responseOf(await postForm(accepted)).status).toBe(303);
    expect(await bookingCount()).toBe(bookingsBefore);
    expect(
      (await postJson(fields({ email: "new@example.com", phone: "905-555-0152" }))).status,
    ).toBe(201);
  });

  it("counts only upcoming bookings that are not cancelled, and leaves staff walk-ins out", async () => {
    useSettings({ BOOKING_LIMIT_PER_CUSTOMER: "1" });
    const customer = { email: "regular@example.com", phone: "905-555-0160" };
    await insertBooking(handle.db, { ...customer, preferredDate: addDays(shopToday(), -3) });
    await insertBooking(handle.db, {
      ...customer,
      preferredDate: futureWeekday(4),
      status: "cancelled",
    });
    expect(statusOf(await postForm(fields(customer)))).toBe(303);
    expect(statusOf(await postForm(fields(customer)))).toBe(409);

    const walkIn = walkInSchema.parse({
      firstName: "Regular",
      lastName: "Customer",
      phone: customer.phone,
      email: customer.email,
      deviceCategory: "mobile",
      issueType: "Screen Repair",
      passcode: "withheld",
      urgency: "normal",
      status: "pending",
      notifyBy: "email",
      submissionKey: freshKey(),
    });
    expect((await createWalkIn(walkIn, staff, testOrigin)).outcome).toBe("created");
  });

  it("finds bookings stored before the limit by their mailbox, as it finds new ones", async () => {
    const addresses = [
      "Ann.Lee+old@Example.com",
      " ann.lee@example.com",
      "a.n.n+x@GoogleMail.com",
      "+tagged@example.com",
      "plain@example.org",
    ];
    for (const email of addresses) await insertBooking(handle.db, { email, emailKey: null });
    const migration = await readFile(
      new URL("../../drizzle/0013_recipient_limits.sql", import.meta.url),
      "utf8",
    );
    await handle.db.execute(sql.raw(migration.split("--> statement-breakpoint").at(-1)!));
    const stored = await handle.db
      .select({ email: bookings.email, key: bookings.emailKey })
      .from(bookings);
    expect(stored.map((row) => row.key)).toEqual(stored.map((row) => emailKey(row.email!)));
  });

  it("lets only the allowed number of simultaneous bookings for one number through", async () => {
    useSettings({ BOOKING_LIMIT_PER_CUSTOMER: "2" });
    const results: CreateBookingResult[] = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createBooking(
          booking({ email: `racer${i}@example.com`, phone: "905-555-0170" }),
          testOrigin,
        ),
      ),
    );
    expect(results.filter((r) => r.outcome === "created")).toHaveLength(2);
    expect(results.filter((r) => r.outcome === "too_many_bookings")).toHaveLength(4);
    const stored = await handle.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.phoneDigits, "9055550170")));
    expect(stored[0]!.n).toBe(2);
  });
});
