import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { createBooking } from "~/models/booking.server";
import { createMailTransport, type MailTransport } from "~/server/mail-transport.server";
import { deliverAllDueMail, newWorkerState, type MailSettings } from "~/server/mail-worker.server";
import { bookingSchema } from "~/schemas/booking";
import { freshKey, futureWeekday, testOrigin, validBooking } from "../support/forms";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { testMailSettings } from "../support/mail-settings";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let smtp: TestSmtpServer;
let transport: MailTransport;
let settings: MailSettings;

beforeAll(async () => {
  handle = await installTestDatabase();
  smtp = await startSmtpServer();
  settings = testMailSettings({ smtpUrl: smtp.url });
  transport = createMailTransport(settings);
  // The outage: while the trigger exists, every write to the outbox fails as if the database
  // had gone away; reads (the test's own) still work.
  await handle.db.execute(sql`
    create function outbox_outage() returns trigger language plpgsql as $$
    begin raise exception 'the database is down (test outage)'; end $$`);
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await handle.drop();
});
beforeEach(async () => {
  await handle.db.execute(sql`drop trigger if exists outage on outbox`);
  await handle.db.delete(outbox);
  smtp.received.length = 0;
});

const outageStarts = async () => {
  await handle.db.execute(
    sql`create trigger outage before update on outbox for each statement execute function outbox_outage()`,
  );
};
const outageEnds = async () => {
  await handle.db.execute(sql`drop trigger outage on outbox`);
};
const rows = () => handle.db.select().from(outbox).orderBy(outbox.id);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean>) {
  while (!(await condition())) await pause(20);
}

/**
 * The SMTP transport, with the database going away the moment the server has accepted the first
 * message; `outageBegan` waits for that moment.
 */
function failingAfterFirstSend() {
  let outage: Promise<unknown> | undefined;
  const failing: MailTransport = {
    ...transport,
    send: async (row) => {
      await transport.send(row);
      await (outage ??= outageStarts());
    },
  };
  const outageBegan = async () => {
    await until(async () => outage !== undefined);
    await outage;
  };
  return { failing, outageBegan };
}

let slot = 0;
/** A booking in a slot of its own: its shop alert and its confirmation. */
async function book() {
  slot += 1;
  const input = bookingSchema.parse(
    validBooking({
      submissionKey: freshKey(),
      preferredDate: futureWeekday(3 + slot),
      preferredTime: "12:00",
    }),
  );
  const result = await createBooking(input, testOrigin);
  if (result.outcome !== "created") throw new Error(`booking not created: ${result.outcome}`);
}

describe(`sent marks through a database outage on ${testDriver}`, () => {
  it("sends each message once when the database fails between sending and the sent mark, for longer than the lease", async () => {
    await book();
    const sending = { ...settings, leaseMs: 300, settleMs: 60_000 };
    const { failing, outageBegan } = failingAfterFirstSend();
    const first = newWorkerState();
    const delivering = deliverAllDueMail(failing, sending, first);

    // The lease runs out while the worker cannot write.
    await outageBegan();
    await until(async () =>
      (await rows()).every((r) => r.claimedUntil !== null && r.claimedUntil < new Date()),
    );
    // Another instance leaves them alone while the database is down, and the moment it is back:
    // their outcome is unknown, and the worker that sent them is still trying to write its marks.
    const other = newWorkerState();
    expect(await deliverAllDueMail(transport, sending, other)).toEqual({ sent: 0, failed: 0 });
    await outageEnds();
    expect(await deliverAllDueMail(transport, sending, other)).toEqual({ sent: 0, failed: 0 });

    // The first worker kept its marks and writes them now.
    expect(await delivering).toEqual({ sent: 2, failed: 0 });
    expect((await rows()).map((r) => [r.status, r.attempts, r.claimToken])).toEqual([
      ["sent", 1, null],
      ["sent", 1, null],
    ]);
    expect(await deliverAllDueMail(transport, settings, other)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(2);
  });

  it("keeps the lease of a message that takes longer to send than the lease lasts", async () => {
    await book();
    // A lease long enough that a busy machine still renews it in time (every third of it).
    const short = { ...settings, leaseMs: 1_000 };
    let started = 0;
    const slow: MailTransport = {
      ...transport,
      send: async (row) => {
        started += 1;
        await pause(3_000);
        await transport.send(row);
      },
    };
    const delivering = deliverAllDueMail(slow, short);
    await until(async () => started === 2);
    await pause(2_000);
    // Two leases' time later another worker, ready to take anything whose lease ran out, finds
    // nothing: the sending worker has renewed them.
    expect(await deliverAllDueMail(transport, short)).toEqual({ sent: 0, failed: 0 });
    expect(await delivering).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("gives up writing the marks when the worker stops, and says so", async () => {
    await book();
    const { failing, outageBegan } = failingAfterFirstSend();
    const stopped = newWorkerState();
    const delivering = deliverAllDueMail(failing, settings, stopped);
    await outageBegan();
    // Both messages are out before the worker is told to stop, however busy the machine.
    await until(async () => smtp.received.length === 2);
    stopped.stopping = true;
    await expect(delivering).rejects.toThrow(/sent marks not written/);
    await outageEnds();
    expect(smtp.received).toHaveLength(2);
    // The messages stay claimed: in doubt, for the lease and the settling time.
    expect((await rows()).every((r) => r.status === "pending" && r.claimToken !== null)).toBe(true);
  });

  it("sends a message whose outcome is unknown again only once a worker has reached the database for the settling time, under the same Message-ID", async () => {
    await book();
    expect(await deliverAllDueMail(transport, settings)).toEqual({ sent: 2, failed: 0 });
    // As if the worker had died after the SMTP server accepted them, before the sent mark.
    await handle.db.update(outbox).set({
      status: "pending",
      claimToken: "dead-worker",
      claimedUntil: sql`now() - interval '1 second'`,
    });
    const careful = { ...settings, settleMs: 60_000 };
    const fresh = newWorkerState();
    expect(await deliverAllDueMail(transport, careful, fresh)).toEqual({ sent: 0, failed: 0 });
    // Once it has reached the database long enough, the worker sends them again.
    fresh.reachedSince = performance.now() - 60_000;
    expect(await deliverAllDueMail(transport, careful, fresh)).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received).toHaveLength(4);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(2);
  });
});
