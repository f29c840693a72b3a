import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outbox } from "../../db/schema";
import { contact } from "~/config/shop";
import { bookingReference } from "~/utils/booking-reference";
import { createBooking } from "~/models/booking.server";
import { saveContactMessage } from "~/models/contact-message.server";
import { threadedMailTransport } from "~/server/threaded-mail-transport.server";
import { createMailTransport, type MailTransport } from "~/server/mail-transport.server";
import { deliverAllDueMail, type MailSettings } from "~/server/mail-worker.server";
import { countFailedMail, listUnsentMail, retryMail } from "~/models/outbox-message.server";
import { outboxContent } from "~/mail/outbox-content.server";
import { updateRepairStatus } from "~/models/booking-changes.server";
import { bookingAlertMail } from "~/mail/booking-alert";
import { bookingConfirmationMail } from "~/mail/booking-confirmation";
import { bookingSchema } from "~/schemas/booking";
import { createTestStaff } from "../support/admin";
import { freshKey, futureWeekday, testOrigin, validBooking } from "../support/forms";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { testMailSettings } from "../support/mail-settings";
import { useSettings } from "../support/settings";

let handle: TestDatabase;
let smtp: TestSmtpServer;
let staffId: number;

const settingsFor = (
  smtpUrl: string | undefined,
  overrides: Partial<MailSettings> = {},
): MailSettings => testMailSettings({ smtpUrl, ...overrides });
let settings: MailSettings;
let transport: MailTransport;

beforeAll(async () => {
  handle = await installTestDatabase();
  smtp = await startSmtpServer();
  settings = settingsFor(smtp.url);
  transport = createMailTransport(settings);
  staffId = (await createTestStaff(handle.db, "mail-tester")).id;
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await handle.drop();
});
beforeEach(async () => {
  // Each test starts with an empty mailbox and nothing queued by an earlier test.
  await handle.db.delete(outbox);
  smtp.received.length = 0;
});

let slot = 0;
/** A booking in a slot of its own, so slot capacity never interferes. */
async function book(fields: Record<string, string> = {}) {
  slot += 1;
  const input = bookingSchema.parse(
    validBooking({
      submissionKey: freshKey(),
      preferredDate: futureWeekday(3 + (slot % 20)),
      preferredTime: `1${slot % 8}:00`,
      ...fields,
    }),
  );
  const result = await createBooking(input, testOrigin);
  if (result.outcome !== "created") throw new Error(`booking not created: ${result.outcome}`);
  return { input, booking: result.booking };
}

/** The nice value of every thread of this process (field 19 of /proc/self/task/<id>/stat). */
async function threadNiceValues(): Promise<number[]> {
  const tasks = await readdir("/proc/self/task");
  return Promise.all(
    tasks.map(async (task) =>
      Number(
        (await readFile(`/proc/self/task/${task}/stat`, "utf8")).split(") ")[1]!.split(" ")[16],
      ),
    ),
  );
}

const outboxRows = () => handle.db.select().from(outbox).orderBy(outbox.id);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`mail for a booking on ${testDriver}`, () => {
  it("sends exactly one shop alert and one confirmation with the .ics, once, even when the booking is retried", async () => {
    const { input, booking } = await book({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann.lee@example.com",
    });
    const reference = bookingReference(booking.id);
    expect(await createBooking(input, testOrigin)).toMatchObject({ outcome: "replayed" });

    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 2, failed: 0 });
    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);

    const alert = smtp.received.find((m) => m.envelopeTo.includes(contact.emails.repairs))!;
    expect(alert.subject).toContain(reference);
    expect(alert.replyTo?.text).toBe("ann.lee@example.com");
    expect(alert.text).toContain("Ann Lee");
    expect(alert.text).toContain("(905) 555-0100");
    expect(alert.text).toContain(`${testOrigin}/admin/repairs/${booking.id}`);
    expect(alert.html).toContain(`${testOrigin}/admin/repairs/${booking.id}`);

    const confirmation = smtp.received.find((m) => m.envelopeTo.includes("ann.lee@example.com"))!;
    const trackingLink = `${testOrigin}/track-repair/${booking.trackingToken}`;
    expect(confirmation.subject).toBe(`Your WeFix booking ${reference} is received`);
    expect(confirmation.from?.text).toBe('"WeFix" <info@wefix.example>');
    expect(confirmation.text).toContain(trackingLink);
    expect(confirmation.html).toContain(trackingLink);
    expect(confirmation.text).toContain(contact.phone.display);
    expect(confirmation.attachments).toHaveLength(1);
    const [ics] = confirmation.attachments;
    expect(ics).toMatchObject({ filename: `${reference}.ics`, contentType: "text/calendar" });
    expect(ics!.content.toString("utf8")).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics!.content.toString("utf8")).toContain(reference);

    expect((await outboxRows()).map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ["booking_alert", "sent", 1],
      ["booking_confirmation", "sent", 1],
    ]);
  });

  it("alerts the shop of a contact message with Reply-To set to the sender, once per submission", async () => {
    const message = {
      name: "Jo <b>Bold</b>",
      email: "jo@example.com",
      phone: "",
      subject: "quote-request",
      message: "<script>alert(1)</script> & more",
      submissionKey: freshKey(),
    };
    await saveContactMessage(message, testOrigin);
    await saveContactMessage(message, testOrigin);
    await deliverAllDueMail(transport, settings);
    expect(smtp.received).toHaveLength(1);
    const [alert] = smtp.received;
    expect(alert!.envelopeTo).toEqual([contact.emails.info]);
    expect(alert!.replyTo?.text).toBe("jo@example.com");
    expect(alert!.subject).toMatch(/^New message #\d+: Quote Request$/);
    expect(alert!.text).toContain("<script>alert(1)</script> & more");
    expect(alert!.html).not.toContain("<script>");
    expect(alert!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
    expect(alert!.html).toContain("Jo &lt;b&gt;Bold&lt;/b&gt;");
  });
});

describe(`a booking's e-mails, rendered when sent on ${testDriver}`, () => {
  it("are queued with the booking as stored and render exactly as from the booking itself, whatever happens to it after", async () => {
    const { booking } = await book({
      firstName: "Zoë",
      issueDescription: 'Cracked "corner" & <b>no</b> touch\nsince Monday.',
    });
    const queued = await outboxRows();
    expect(queued.map((r) => [r.kind, r.subject, r.textBody, r.htmlBody, r.origin])).toEqual([
      ["booking_alert", null, null, null, testOrigin],
      ["booking_confirmation", null, null, null, testOrigin],
    ]);
    const expected = [
      bookingAlertMail(booking, testOrigin),
      bookingConfirmationMail(booking, testOrigin),
    ];
    // Staff move the repair on before the e-mails go out: they still tell of the booking as made.
    await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
      staffId,
      {
        notifyCustomer: false,
        origin: testOrigin,
      },
    );
    const [alert, confirmation] = queued.map(outboxContent);
    expect(alert).toEqual({ ...expected[0], attachments: [] });
    expect(confirmation).toMatchObject(expected[1]!);
    expect(confirmation!.attachments).toEqual([
      expect.objectContaining({ filename: `${bookingReference(booking.id)}.ics` }),
    ]);
  });

  it("refuses to store an e-mail with neither its content nor the facts to render it from", async () => {
    const { booking } = await book();
    await expect(
      handle.db
        .insert(outbox)
        .values({ kind: "booking_alert", bookingId: booking.id, recipient: "x@example.com" }),
    ).rejects.toThrow();
  });
});

describe(`delivery that survives outages on ${testDriver}`, () => {
  it("keeps every message while SMTP is down and delivers each once when it is back", async () => {
    const port = smtp.port;
    await smtp.close();
    await book();
    await book();
    await book();
    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 0, failed: 6 });
    const waiting = await outboxRows();
    expect(
      waiting.every(
        (r) => r.status === "pending" && r.attempts === 1 && r.lastError && r.claimToken === null,
      ),
    ).toBe(true);

    smtp = await startSmtpServer(port);
    await pause(20);
    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 6, failed: 0 });
    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(6);
    expect(
      (await outboxRows()).every(
        (r) => r.status === "sent" && r.attempts === 2 && r.lastError === null,
      ),
    ).toBe(true);
  });

  it("waits longer after each failure", async () => {
    const { backoffMs } = await import("~/server/mail-worker.server");
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(backoffMs(20, 30_000)).toBe(3_600_000);
  });

  it("never sends a row twice when two workers run at once", async () => {
    for (let i = 0; i < 12; i++) await book();
    const slow = (t: MailTransport): MailTransport => ({
      ...t,
      send: async (row) => (await pause(5), t.send(row)),
    });
    const other = createMailTransport(settings);
    const small = { ...settings, batchSize: 5 };
    const [a, b] = await Promise.all([
      deliverAllDueMail(slow(transport), small),
      deliverAllDueMail(slow(other), small),
    ]);
    other.close();
    expect(a.sent + b.sent).toBe(24);
    expect(smtp.received).toHaveLength(24);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(24);
    expect((await outboxRows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("sends from a thread of its own: delivered like the in-process transport, failures with their code", async () => {
    const entry = new URL("../../server/mail-thread.ts", import.meta.url);
    const threaded = threadedMailTransport(settings, entry);
    for (let i = 0; i < 3; i++) await book();
    expect(await deliverAllDueMail(threaded, settings)).toEqual({ sent: 6, failed: 0 });
    expect(smtp.received).toHaveLength(6);
    expect(smtp.received.map((m) => m.subject)).toContain(
      `Your WeFix booking ${bookingReference((await outboxRows())[1]!.bookingId!)} is received`,
    );
    // On Linux the thread runs at a lower priority than the threads serving requests.
    if (process.platform === "linux") expect(await threadNiceValues()).toContain(10);
    threaded.close();

    const nowhere = threadedMailTransport(settingsFor("smtp://127.0.0.1:9"), entry);
    const [row] = await outboxRows();
    await expect(nowhere.send(row!)).rejects.toMatchObject({
      code: "ESOCKET",
      message: expect.stringContaining("ECONNREFUSED"),
    });
    nowhere.close();
  });

  it("sends a batch over at most five SMTP connections at a time", async () => {
    const fresh = await startSmtpServer();
    const sender = createMailTransport(settingsFor(fresh.url));
    for (let i = 0; i < 10; i++) await book();
    expect(await deliverAllDueMail(sender, settings)).toEqual({ sent: 20, failed: 0 });
    sender.close();
    expect(fresh.received).toHaveLength(20);
    expect(fresh.mostConnections()).toBeGreaterThan(1);
    expect(fresh.mostConnections()).toBeLessThanOrEqual(5);
    await fresh.close();
  });

  it("records sent messages soon after they go out, or all at once at the end of a quick batch", async () => {
    await book();
    await book();
    const sentCount = async () => (await outboxRows()).filter((r) => r.status === "sent").length;
    /**
     * How many messages are recorded as sent as each send ends. With `inTurn`, each send ends only
     * once those before it are recorded (or never, and the test fails): the order, not a clock,
     * separates them.
     */
    const recordedAsEachSendEnds = async (recordEveryMs: number, inTurn: boolean) => {
      const seen: number[] = [];
      let started = 0;
      const staggered: MailTransport = {
        ...transport,
        send: async (row) => {
          const before = started++;
          await transport.send(row);
          if (inTurn)
            await vi.waitFor(async () => expect(await sentCount()).toBeGreaterThanOrEqual(before), {
              timeout: 30_000,
              interval: 20,
            });
          seen.push(await sentCount());
        },
      };
      expect(await deliverAllDueMail(staggered, { ...settings, recordEveryMs })).toEqual({
        sent: 4,
        failed: 0,
      });
      expect((await outboxRows()).map((r) => r.status)).toEqual(["sent", "sent", "sent", "sent"]);
      return seen;
    };
    expect(await recordedAsEachSendEnds(0, true)).toEqual([0, 1, 2, 3]);
    await handle.db.update(outbox).set({ status: "pending" });
    expect(await recordedAsEachSendEnds(60_000, false)).toEqual([0, 0, 0, 0]);
  });

  it("leaves a message claimed by another worker alone until its lease runs out", async () => {
    await book();
    await handle.db
      .update(outbox)
      .set({ claimToken: "someone-else", claimedUntil: sql`now() + interval '1 minute'` });
    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 0, failed: 0 });
    // That worker died: once its lease ends the messages go out.
    await handle.db.update(outbox).set({ claimedUntil: sql`now() - interval '1 second'` });
    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 2, failed: 0 });
  });

  it("gives up after the maximum attempts, leaving the message failed for staff, and a retry sends it", async () => {
    const nowhere = createMailTransport(settingsFor("smtp://127.0.0.1:9"));
    await saveContactMessage(
      { name: "Kim", email: "kim@example.com", message: "Hello there", submissionKey: freshKey() },
      testOrigin,
    );
    for (let i = 0; i < 5; i++) {
      await deliverAllDueMail(nowhere, settings);
      await pause(10);
    }
    nowhere.close();
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row!.lastError).toBeTruthy();
    expect(await countFailedMail()).toBe(1);
    expect((await listUnsentMail()).rows.map((r) => r.id)).toEqual([row!.id]);

    expect(await retryMail(row!.id)).toBe(true);
    const [queued] = await outboxRows();
    expect(queued).toMatchObject({ status: "pending", attempts: 0 });
    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await retryMail(row!.id)).toBe(false);
    expect(await listUnsentMail()).toEqual({ rows: [], total: 0 });
  });
});

describe(`status change e-mails on ${testDriver}`, () => {
  it("e-mails the customer about a new status or a new note, with the note and the tracking link, unless staff say not to", async () => {
    const { booking } = await book({ email: "status@example.com" });
    await deliverAllDueMail(transport, settings);
    smtp.received.length = 0;
    const notify = { notifyCustomer: true, origin: testOrigin };

    await updateRepairStatus(
      booking.id,
      { status: "in_progress", note: undefined, expectedDeliveryDate: undefined },
      staffId,
      { ...notify, notifyCustomer: false },
    );
    await deliverAllDueMail(transport, settings);
    expect(smtp.received).toHaveLength(0);

    await updateRepairStatus(
      booking.id,
      {
        status: "waiting_parts",
        note: "Screen ordered & due Friday.",
        expectedDeliveryDate: "2030-09-30",
      },
      staffId,
      notify,
    );
    // The same status with a new note: the note is the news (decision 0041).
    await updateRepairStatus(
      booking.id,
      { status: "waiting_parts", note: "Due Saturday now.", expectedDeliveryDate: undefined },
      staffId,
      notify,
    );
    await deliverAllDueMail(transport, settings);
    expect(smtp.received).toHaveLength(2);
    // Sent side by side: in whichever order they arrived.
    const note = smtp.received.find((m) => m.subject?.endsWith(": a note from us"));
    const mail = smtp.received.find((m) => m !== note);
    expect(note!.subject).toBe(`WeFix repair ${bookingReference(booking.id)}: a note from us`);
    expect(note!.text).toContain("Due Saturday now.");
    expect(mail!.envelopeTo).toEqual(["status@example.com"]);
    expect(mail!.subject).toBe(`WeFix repair ${bookingReference(booking.id)}: Waiting for Parts`);
    expect(mail!.text).toContain("Screen ordered & due Friday.");
    expect(mail!.html).toContain("Screen ordered &amp; due Friday.");
    expect(mail!.text).toContain(`${testOrigin}/track-repair/${booking.trackingToken}`);
  });
});

describe(`mail without SMTP on ${testDriver}`, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "wefix-mail-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("writes each message as an .eml file and logs its kind, never an address, the subject or the body", async () => {
    useSettings({ LOG_LEVEL: "" });
    const lines: string[] = [];
    const spy = vi
      .spyOn(console, "log")
      .mockImplementation((line: string) => void lines.push(line));
    const files = createMailTransport(settingsFor(undefined, { dir }));
    const { booking } = await book({ email: "files@example.com", firstName: "Fiona" });
    expect(await deliverAllDueMail(files, settingsFor(undefined, { dir }))).toEqual({
      sent: 2,
      failed: 0,
    });
    files.close();
    spy.mockRestore();

    const names = await readdir(dir);
    expect(names).toHaveLength(2);
    const parsed = await Promise.all(
      names.map(async (name) => simpleParser(await readFile(path.join(dir, name)))),
    );
    const confirmation = parsed.find(
      (m) => m.to && "text" in m.to && m.to.text === "files@example.com",
    )!;
    expect(confirmation.text).toContain(`/track-repair/${booking.trackingToken}`);
    expect(confirmation.attachments[0]?.filename).toBe(`${bookingReference(booking.id)}.ics`);

    const mailLines = lines.filter((line) => line.includes("mail written"));
    expect(mailLines).toHaveLength(2);
    expect(mailLines.join("\n")).toContain('"kind":"booking_confirmation"');
    for (const secret of [
      bookingReference(booking.id),
      "files@example.com",
      "Fiona",
      booking.trackingToken,
      contact.emails.repairs,
    ])
      expect(lines.join("\n")).not.toContain(secret);
  });
});

describe(`queued in the same transaction on ${testDriver}`, () => {
  it("queues nothing for a booking refused because its slot is full", async () => {
    const date = futureWeekday(30);
    const rows = async () =>
      (await handle.db.select().from(outbox).where(eq(outbox.kind, "booking_confirmation"))).length;
    for (let i = 0; i < 3; i++)
      await createBooking(
        bookingSchema.parse(
          validBooking({ submissionKey: freshKey(), preferredDate: date, preferredTime: "16:00" }),
        ),
        testOrigin,
      );
    expect(await rows()).toBe(3);
    const refused = await createBooking(
      bookingSchema.parse(
        validBooking({ submissionKey: freshKey(), preferredDate: date, preferredTime: "16:00" }),
      ),
      testOrigin,
    );
    expect(refused.outcome).toBe("slot_full");
    expect(await rows()).toBe(3);
  });
});
