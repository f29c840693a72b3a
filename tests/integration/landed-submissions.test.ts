import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import type { LandedAnswer, QueuedAnswer } from "~/offline/queued-answer";
import { action as bookAction } from "~/routes/book-appointment";
import { action as bookingLandedAction } from "~/routes/book-appointment_.landed";
import { action as queuedBookingAction } from "~/routes/book-appointment_.queued";
import { action as contactAction } from "~/routes/contact";
import { action as contactLandedAction } from "~/routes/contact_.landed";
import { makePhoneKey } from "~/utils/phone-made-key";
import { action as bookingApiAction } from "~/routes/api.endpoints.submit_booking[.php]";
import {
  formPost,
  freshKey,
  futureWeekday,
  routeArgs,
  testContext,
  validBooking,
} from "../support/forms";
import { responseOf } from "../support/answers";
import { useSettings } from "../support/settings";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

type Asked = { status: number; body: unknown; headers: Headers };

/** Asks a landed door about `fields` (the key as a form field), as the phone does. */
async function ask(
  action: typeof bookingLandedAction,
  url: string,
  fields: Record<string, string>,
  clientIp?: string,
): Promise<Asked> {
  const response = await action(routeArgs(formPost(url, fields), {}, testContext(clientIp)));
  return { status: response.status, body: await response.json(), headers: response.headers };
}
const askBooking = (submissionKey: string, clientIp?: string) =>
  ask(bookingLandedAction, "/book-appointment/landed", { submissionKey }, clientIp);
const askContact = (submissionKey: string) =>
  ask(contactLandedAction, "/contact/landed", { submissionKey });

const notLanded: LandedAnswer = { landed: false };

let slot = 0;
const booking = (submissionKey: string) => {
  slot += 1;
  return validBooking({
    phone: `905-555-${String(3000 + slot)}`,
    preferredDate: futureWeekday(3 + slot),
    preferredTime: "12:30",
    submissionKey,
  });
};
const book = async (submissionKey: string) =>
  responseOf(
    await bookAction(routeArgs(formPost("/book-appointment", booking(submissionKey)))),
  ).headers.get("location");

describe(`whether a submission landed, on ${testDriver}`, () => {
  it("answers a stored booking's key with its confirmation, and nothing else, never to be kept", async () => {
    const key = freshKey();
    const confirmation = await book(key);
    expect(confirmation).toMatch(/^\/book-appointment\/confirmation\/[\w-]+$/);
    const asked = await askBooking(key);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ landed: true, location: confirmation });
    expect(asked.headers.get("cache-control")).toBe("no-store");
    // The same for a key a phone made for a form it opened offline.
    const phoneKey = makePhoneKey();
    const offlineBooking = await book(phoneKey);
    expect((await askBooking(phoneKey)).body).toEqual({ landed: true, location: offlineBooking });
  });

  it("answers a key nothing was stored under, and any key that is not one of ours, alike", async () => {
    const key = freshKey();
    const answers = await Promise.all(
      [
        key,
        makePhoneKey(),
        // Tampered, cut, made up, empty.
        `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`,
        key.slice(0, 30),
        "order-0000000000000001",
        "",
      ].map((one) => askBooking(one)),
    );
    for (const asked of answers) {
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual(notLanded);
    }
    // A field that is missing, or a body that is not a form.
    const missing = await ask(bookingLandedAction, "/book-appointment/landed", {});
    expect([missing.status, missing.body]).toEqual([200, notLanded]);
    const json = await bookingLandedAction(
      routeArgs(
        new Request("http://localhost/book-appointment/landed", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ submissionKey: key }),
        }),
      ),
    );
    expect(await json.json()).toEqual(notLanded);
  });

  it("keeps doors and forms apart: a JSON booking's key, or a booking's key asked of the contact door, is not landed", async () => {
    const jsonKey = `order-${testDriver}-${Date.now()}`;
    const { submissionKey: _formKey, ...fields } = booking(jsonKey);
    const viaJson = await bookingApiAction(
      routeArgs(
        new Request("http://localhost/api/endpoints/submit_booking.php", {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": jsonKey },
          body: JSON.stringify(fields),
        }),
      ),
    );
    expect(viaJson.status).toBe(201);
    expect((await askBooking(jsonKey)).body).toEqual(notLanded);

    const key = freshKey();
    await book(key);
    expect((await askContact(key)).body).toEqual(notLanded);
    const messageKey = freshKey();
    const sent = responseOf(
      await contactAction(
        routeArgs(
          formPost("/contact", {
            name: "Dana Smith",
            email: "dana@example.com",
            message: "Is my screen in stock?",
            submissionKey: messageKey,
          }),
        ),
      ),
    );
    expect(sent.status).toBe(303);
    expect((await askContact(messageKey)).body).toEqual({ landed: true, location: "/contact" });
    expect((await askBooking(messageKey)).body).toEqual(notLanded);
  });

  it("answers a kept booking changed after it landed with the booking stored first", async () => {
    const key = freshKey();
    const confirmation = await book(key);
    const before = (await handle.db.select({ n: count() }).from(bookings))[0]!.n;
    const changed = await queuedBookingAction(
      routeArgs(formPost("/book-appointment/queued", { ...booking(key), preferredTime: "17:00" })),
    );
    expect((await changed.json()) as QueuedAnswer).toEqual({
      outcome: "sent",
      location: confirmation,
    });
    expect((await handle.db.select({ n: count() }).from(bookings))[0]!.n).toBe(before);
  });

  it("limits each client like a tracking lookup, and says how long to wait", async () => {
    useSettings({ RATE_LIMIT_TRACK_PER_MIN: "3" });
    const client = "198.51.100.31";
    const asked: Asked[] = [];
    for (let n = 0; n < 4; n += 1) asked.push(await askBooking(freshKey(), client));
    expect(asked.map((one) => one.status)).toEqual([200, 200, 200, 429]);
    const refused = asked[3]!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // Another client is not held back.
    expect((await askBooking(freshKey(), "198.51.100.32")).status).toBe(200);
  });
});
