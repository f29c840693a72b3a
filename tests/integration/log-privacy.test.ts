import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { staffSessions } from "../../db/schema";
import { handleError } from "~/entry.server";
import { startCookieSession } from "~/server/auth.server";
import { installDatabase } from "~/server/db.server";
import { createMailTransport } from "~/server/mail-transport.server";
import { deliverAllDueMail } from "~/server/mail-worker.server";
import { queueScheduledMessages } from "~/models/outbox-scheduler.server";
import { twilioSignature } from "~/models/sms-webhook.server";
import { loader as adminLoader } from "~/routes/admin";
import { action as smsAction } from "~/routes/api.sms.incoming";
import { action as bookAction } from "~/routes/book-appointment";
import { loader as trackingLinkLoader } from "~/routes/track-repair_.$token";
import { cookiesFrom, createTestStaff, insertBooking } from "../support/admin";
import { isDataAnswer } from "../support/answers";
import { formPost, testContext, testOrigin, validBooking, routeArgs } from "../support/forms";
import { testMailSettings } from "../support/mail-settings";
import { useSettings } from "../support/settings";
import { addDays, shopInstant, shopToday } from "~/utils/shop-time";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
/** Nothing listens on port 1: every query fails at once, as when Postgres is down. */
let down: DatabaseHandle;
beforeAll(async () => {
  handle = await installTestDatabase();
  down = await openDatabase({ driver: "postgres", url: "postgres://nobody@127.0.0.1:1/none" });
});
afterAll(async () => {
  await down.close();
  await handle.drop();
});

/** Every line the app writes to the console while `run` runs, at every log level. */
async function logOf(run: () => Promise<unknown>): Promise<string> {
  useSettings({ LOG_LEVEL: "info" });
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  const spies = (["log", "info", "warn", "error"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(keep),
  );
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("\n");
}

/**
 * Runs a loader or action as the router does: an error it throws goes to the app's error handler; a
 * thrown answer (a 503 page) is answered, not reported.
 */
async function asRouter(request: Request, run: (context: AppLoadContext) => unknown) {
  const context = testContext();
  try {
    return await run(context);
  } catch (error) {
    if (!(error instanceof Response) && !isDataAnswer(error))
      handleError(error, { request, context });
    return error;
  }
}

/** With the database down for the length of `run`. */
async function whileDown<T>(run: () => Promise<T>): Promise<T> {
  installDatabase(down);
  try {
    return await run();
  } finally {
    installDatabase(handle);
  }
}

function expectNoneIn(log: string, values: string[]) {
  expect(log.length, "something was logged").toBeGreaterThan(0);
  for (const value of values) expect(log, `the log holds ${value}`).not.toContain(value);
}

/** A table that refuses every new row: a failure of ours that is not an outage (a 500). */
async function refusingRows<T>(table: string, run: () => Promise<T>): Promise<T> {
  await handle.db.execute(
    sql.raw(`alter table ${table} add constraint log_test_refuse check (false) not valid`),
  );
  try {
    return await run();
  } finally {
    await handle.db.execute(sql.raw(`alter table ${table} drop constraint log_test_refuse`));
  }
}

describe(`what failures log on ${testDriver}`, () => {
  it("a tracking link opened while the database is down logs no token", async () => {
    const token = randomBytes(24).toString("base64url");
    const request = new Request(`${testOrigin}/track-repair/${token}`);
    let answer: unknown;
    const log = await logOf(() =>
      whileDown(async () => {
        answer = await asRouter(request, (context) =>
          trackingLinkLoader(routeArgs(request, { token }, context)),
        );
      }),
    );
    expect(answer).toMatchObject({ init: { status: 503 } });
    expect(log).toContain('"level":"error"');
    expect(log).toContain('"code":"ECONNREFUSED"');
    expectNoneIn(log, [token]);
  });

  it("a staff page while the database is down logs no session token or its hash", async () => {
    const staff = await createTestStaff(handle.db, "log-privacy");
    const cookie = cookiesFrom(
      new Response(null, {
        headers: await startCookieSession(new Request(`${testOrigin}/admin/login`), staff),
      }),
    );
    const [session] = await handle.db
      .select({ tokenHash: staffSessions.tokenHash })
      .from(staffSessions)
      .where(eq(staffSessions.staffUserId, staff.id));
    const request = new Request(`${testOrigin}/admin`, { headers: { cookie } });
    let answer: unknown;
    const log = await logOf(() =>
      whileDown(async () => {
        answer = await asRouter(request, (context) => adminLoader(routeArgs(request, {}, context)));
      }),
    );
    expect(answer).toMatchObject({ init: { status: 503 } });
    const cookieValues = cookie
      .split("; ")
      .map((pair) => pair.slice(pair.indexOf("=") + 1))
      .filter(Boolean);
    expect(cookieValues.length).toBeGreaterThan(0);
    expectNoneIn(log, [session!.tokenHash, ...cookieValues]);
  });

  it("a booking the database refuses logs none of the customer's details", async () => {
    const fields = validBooking({
      firstName: "Quintessa",
      lastName: "Marlowe-Fitch",
      email: "quintessa.marlowe@example.net",
      phone: "(905) 555-0177",
      issueDescription: "Cracked when the spaniel knocked it off the sofa",
    });
    const request = formPost("/book-appointment", fields);
    let answer: unknown;
    const log = await logOf(() =>
      refusingRows("bookings", async () => {
        answer = await asRouter(request, (context) => bookAction(routeArgs(request, {}, context)));
      }),
    );
    expect(answer).toBeInstanceOf(Error);
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('"statement":"with bookings"');
    expectNoneIn(log, [
      "Quintessa",
      "Marlowe",
      "quintessa.marlowe@example.net",
      "555-0177",
      "9055550177",
      "spaniel",
      fields.submissionKey,
    ]);
  });

  it("a text the database refuses logs neither the number nor the words", async () => {
    const authToken = "log-privacy-token";
    useSettings({ TWILIO_AUTH_TOKEN: authToken });
    const params = new URLSearchParams({
      MessageSid: `SM${randomBytes(16).toString("hex")}`,
      AccountSid: "AC0123456789",
      From: "+19055550166",
      To: "+19055550199",
      Body: "Is my Pixel ready, Bartholomew here",
      NumMedia: "0",
    });
    const url = `${testOrigin}/api/sms/incoming`;
    const request = new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSignature(authToken, url, params),
      },
      body: params.toString(),
    });
    let answer: unknown;
    const log = await logOf(() =>
      refusingRows("sms_inbound", async () => {
        answer = await asRouter(request, (context) => smsAction(routeArgs(request, {}, context)));
      }),
    );
    expect(answer).toBeInstanceOf(Error);
    expectNoneIn(log, ["5550166", "Bartholomew", "Pixel", params.get("MessageSid")!]);
  });

  // Review requests wait out the night: queue them as of yesterday's noon, whatever the hour now.
  const reviewDay = shopInstant(addDays(shopToday(), -1), 12 * 60);

  it("mail that cannot be sent logs neither the address nor what the server said of it", async () => {
    const booking = await insertBooking(handle.db, {
      firstName: "Ottoline",
      email: "ottoline@example.org",
      status: "completed",
      statusChangedAt: new Date(reviewDay.getTime() - 3 * 24 * 3600_000),
      reviewOptIn: true,
      notifyBy: "email",
    });
    await queueScheduledMessages(testOrigin, reviewDay);
    const refusing = {
      send: () =>
        Promise.reject(
          Object.assign(new Error("550 5.1.1 <ottoline@example.org>: Recipient unknown"), {
            code: "EENVELOPE",
          }),
        ),
      close() {},
    };
    const log = await logOf(() => deliverAllDueMail(refusing, testMailSettings()));
    expect(log).toContain('"code":"EENVELOPE"');
    expectNoneIn(log, ["ottoline", "Ottoline", booking.trackingToken]);
  });

  it("mail that is sent is logged by its kind, never its subject (which may name the customer)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "wefix-log-privacy-"));
    try {
      const booking = await insertBooking(handle.db, {
        firstName: "Zelda",
        email: "zelda@example.org",
        status: "completed",
        statusChangedAt: new Date(reviewDay.getTime() - 3 * 24 * 3600_000),
        reviewOptIn: true,
        notifyBy: "email",
      });
      await queueScheduledMessages(testOrigin, reviewDay);
      const settings = testMailSettings({ dir });
      const files = createMailTransport(settings);
      const log = await logOf(() => deliverAllDueMail(files, settings));
      files.close();
      expect(log).toContain('"kind":"review_request"');
      expectNoneIn(log, ["Zelda", "zelda@example.org", "How did we do", booking.trackingToken]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
