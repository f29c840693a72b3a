import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, contactMessages } from "../../db/schema";
import type { QueuedAnswer } from "~/offline/queued-answer";
import { action as bookAction } from "~/routes/book-appointment";
import { action as queuedBookingAction } from "~/routes/book-appointment_.queued";
import { action as queuedContactAction } from "~/routes/contact_.queued";
import {
  formPost,
  freshKey,
  futureWeekday,
  testContext,
  validBooking,
  routeArgs,
} from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { responseOf } from "../support/answers";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

/**
 * Posts a kept submission to its door, as the phone's queue does; the status and the JSON answer.
 */
async function sendKept(
  action: typeof queuedBookingAction,
  url: string,
  fields: Record<string, string>,
  clientIp?: string,
) {
  const response = await action(routeArgs(formPost(url, fields), {}, testContext(clientIp)));
  return {
    status: response.status,
    answer: (await response.json()) as QueuedAnswer,
    cacheControl: response.headers.get("cache-control"),
  };
}
const sendBooking = (fields: Record<string, string>, clientIp?: string) =>
  sendKept(queuedBookingAction, "/book-appointment/queued", fields, clientIp);
const sendMessage = (fields: Record<string, string>) =>
  sendKept(queuedContactAction, "/contact/queued", fields);

const bookingsBy = async (phone: string) =>
  handle.db.select().from(bookings).where(eq(bookings.phone, phone));
const messagesFrom = async (email: string) =>
  (
    await handle.db
      .select({ n: count() })
      .from(contactMessages)
      .where(eq(contactMessages.email, email))
  )[0]!.n;

let slot = 0;
/** A booking in a slot of its own, under a phone of its own. */
const booking = (overrides: Record<string, string> = {}) => {
  slot += 1;
  return validBooking({
    phone: `905-555-${String(2000 + slot)}`,
    preferredDate: futureWeekday(3 + slot),
    preferredTime: "11:00",
    ...overrides,
  });
};

describe(`the door of submissions kept on a phone, on ${testDriver}`, () => {
  it("stores a kept booking once however often it is sent, and answers where its confirmation is", async () => {
    const fields = booking();
    const first = await sendBooking(fields);
    const again = await sendBooking(fields);
    expect(first.status).toBe(200);
    expect(first.answer).toEqual({
      outcome: "sent",
      location: expect.stringMatching(/^\/book-appointment\/confirmation\/[\w-]+$/),
    });
    expect(again.answer).toEqual(first.answer);
    const stored = await bookingsBy(fields.phone);
    expect(stored).toHaveLength(1);
    expect(
      first.answer.outcome === "sent" && first.answer.location.endsWith(stored[0]!.trackingToken),
    ).toBe(true);
  });

  it("answers the same booking the page's own request stored first (the answer was lost on the way)", async () => {
    const fields = booking();
    const fromPage = responseOf(await bookAction(routeArgs(formPost("/book-appointment", fields))));
    expect(fromPage.status).toBe(303);
    const kept = await sendBooking(fields);
    expect(kept.answer).toEqual({ outcome: "sent", location: fromPage.headers.get("location") });
    expect(await bookingsBy(fields.phone)).toHaveLength(1);
  });

  it("refuses a booking whose time was taken meanwhile with the form's own answer: input and reason", async () => {
    const date = futureWeekday(50);
    for (let n = 0; n < 3; n += 1)
      expect(
        (await sendBooking(booking({ preferredDate: date, preferredTime: "16:00" }))).status,
      ).toBe(200);
    const late = booking({ preferredDate: date, preferredTime: "16:00" });
    const { status, answer } = await sendBooking(late);
    expect(status).toBe(409);
    expect(answer.outcome).toBe("refused");
    const form = (answer as Extract<QueuedAnswer, { outcome: "refused" }>).answer as {
      result: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    expect(form.result.error.preferredTime).toEqual([
      "This time slot is fully booked. Please choose another time.",
    ]);
    expect(form.result.initialValue.phone).toBe(late.phone);
    expect(await bookingsBy(late.phone)).toHaveLength(0);
  });

  it("refuses a booking that is not valid with the messages, and stores nothing", async () => {
    const fields = booking({ email: "not-an-e-mail", firstName: "" });
    const { status, answer } = await sendBooking(fields);
    expect(status).toBe(400);
    const form = (answer as Extract<QueuedAnswer, { outcome: "refused" }>).answer as {
      result: { error: Record<string, string[]> };
    };
    expect(Object.keys(form.result.error)).toEqual(expect.arrayContaining(["email", "firstName"]));
    expect(await bookingsBy(fields.phone)).toHaveLength(0);
  });

  it("gives a new key for a key the form door does not take (a page from before a secret change), and stores nothing under the old one", async () => {
    const stale = `${freshKey().split(".")[0]}.${"A".repeat(32)}`;
    const kept = booking({ submissionKey: stale });
    const { status, answer } = await sendBooking(kept);
    expect(status).toBe(409);
    expect(answer).toEqual({ outcome: "new-key", submissionKey: expect.any(String) });
    expect(await bookingsBy(kept.phone)).toHaveLength(0);
    const renewed = await sendBooking({
      ...kept,
      submissionKey: (answer as { submissionKey: string }).submissionKey,
    });
    expect(renewed.answer.outcome).toBe("sent");
    expect(await bookingsBy(kept.phone)).toHaveLength(1);
  });

  it("answers a kept booking sent again with other details under a key that landed with that booking, never a second", async () => {
    const key = freshKey();
    const first = await sendBooking(booking({ submissionKey: key }));
    const other = booking({ submissionKey: key });
    const { status, answer } = await sendBooking(other);
    expect(status).toBe(200);
    expect(answer).toEqual(first.answer);
    expect(await bookingsBy(other.phone)).toHaveLength(0);
  });

  it("sends a kept message once, and asks to wait when the visitor sent too many", async () => {
    const fields = {
      name: "Dana Smith",
      email: `dana.${testDriver}@example.com`,
      message: "Is my screen in stock?",
      submissionKey: freshKey(),
    };
    const first = await sendMessage(fields);
    expect(first.answer).toEqual({ outcome: "sent", location: "/contact" });
    expect((await sendMessage(fields)).answer).toEqual(first.answer);
    expect(await messagesFrom(fields.email)).toBe(1);

    const crowded = "198.51.100.77";
    let last: Awaited<ReturnType<typeof sendBooking>> | undefined;
    for (let n = 0; n < 40 && last?.status !== 429; n += 1)
      last = await sendBooking(booking(), crowded);
    expect(last?.status).toBe(429);
    expect(last?.answer).toEqual({ outcome: "retry" });
  });
});
