import type { ActionFunctionArgs } from "react-router";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, contactMessages } from "../../db/schema";
import { action as bookAction } from "~/routes/book-appointment";
import { action as contactAction } from "~/routes/contact";
import { action as bookApiAction } from "~/routes/api.endpoints.submit_booking[.php]";
import { action as contactApiAction } from "~/routes/api.endpoints.send_contact_message[.php]";
import { formPost, freshKey, futureWeekday, validBooking, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { dataWith, replyOf, responseOf, statusOf } from "../support/answers";
import { makePhoneKey } from "~/utils/phone-made-key";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

/** The HTML door: a redirect (Response) or an error answer kept on the page. */
const postForm = <A>(
  action: (args: ActionFunctionArgs) => Promise<A>,
  url: string,
  fields: Record<string, string>,
) => action(routeArgs(formPost(url, fields)));
const bookForm = (fields: Record<string, string>) =>
  postForm(bookAction, "/book-appointment", fields);
const contactForm = (fields: Record<string, string>) => postForm(contactAction, "/contact", fields);

/** The JSON door, with or without an Idempotency-Key header. */
const postJson = async (
  action: typeof bookApiAction | typeof contactApiAction,
  url: string,
  body: unknown,
  key?: string,
) => {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== undefined) headers["idempotency-key"] = key;
  const response = await action(
    routeArgs(
      new Request(`http://localhost${url}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      }),
    ),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const bookJson = (body: unknown, key?: string) =>
  postJson(bookApiAction, "/api/endpoints/submit_booking.php", body, key);
const contactJson = (body: unknown, key?: string) =>
  postJson(contactApiAction, "/api/endpoints/send_contact_message.php", body, key);

const bookingCount = async () => (await handle.db.select({ n: count() }).from(bookings))[0]!.n;
const messageCount = async () =>
  (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n;
const bookingById = async (id: unknown) =>
  (
    await handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, Number(id)))
  )[0]!;

let slot = 0;
/** Each booking in a slot of its own, so capacity never interferes. */
const booking = (overrides: Record<string, string> = {}) => {
  slot += 1;
  const { submissionKey: _key, ...fields } = validBooking({
    preferredDate: futureWeekday(3 + (slot % 40)),
    preferredTime: `1${slot % 8}:00`,
    ...overrides,
  });
  return fields;
};
const other = {
  firstName: "Mallory",
  lastName: "Other",
  email: "mallory@example.com",
  phone: "905-555-0666",
};
const message = (overrides: Record<string, string> = {}) => ({
  name: "Dana Smith",
  email: "dana@example.com",
  message: "How much for a screen?",
  ...overrides,
});

/** Nothing of the first customer's booking may appear in an answer given to someone else. */
function expectNothingOf(
  first: { trackingToken: string; firstName: string; email: string | null; phone: string },
  answer: unknown,
) {
  const text =
    answer instanceof Response
      ? `${answer.status} ${answer.headers.get("location") ?? ""}`
      : JSON.stringify(answer);
  for (const secret of [
    first.trackingToken,
    first.firstName,
    first.email ?? first.trackingToken,
    first.phone,
  ])
    expect(text).not.toContain(secret);
}

describe(`submission keys on ${testDriver}`, () => {
  it("refuses the review's attack: a JSON Idempotency-Key posted on the booking form gets nothing of that booking", async () => {
    const key = `order-${Date.now()}`.padEnd(22, "0");
    const first = await bookJson(
      booking({ firstName: "Victoria", email: "victoria@example.com", phone: "905-555-0111" }),
      key,
    );
    expect(first.status).toBe(201);
    const stored = await bookingById(first.body.id);
    const before = await bookingCount();

    const answer = await bookForm({ ...booking(other), submissionKey: key });
    expect(answer).not.toBeInstanceOf(Response);
    expect(statusOf(answer)).toBe(400);
    expect(replyOf(answer).error?.[""]).toEqual([
      "This form has expired. Please check your details and submit again.",
    ]);
    expect(replyOf(answer).initialValue).toMatchObject({
      firstName: "Mallory",
      email: "mallory@example.com",
    });
    expectNothingOf(stored, answer);
    expect(await bookingCount()).toBe(before);
  });

  it("keeps the doors apart: a signed form key sent to the JSON door makes a booking of its own, and the form still gets only its own", async () => {
    const key = freshKey();
    const fields = booking();
    const viaJson = await bookJson(fields, key);
    expect(viaJson.status).toBe(201);
    const viaForm = responseOf(await bookForm({ ...fields, submissionKey: key }));
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.get("location")).not.toContain(
      (await bookingById(viaJson.body.id)).trackingToken,
    );

    expect((await bookJson(fields, key)).body).toEqual({
      success: true,
      id: viaJson.body.id,
      reference: viaJson.body.reference,
    });
    expect(
      responseOf(await bookForm({ ...fields, submissionKey: key })).headers.get("location"),
    ).toBe(viaForm.headers.get("location"));
  });

  it("a form booking's key replayed on the JSON door returns only that door's answer, never the form's booking", async () => {
    const key = freshKey();
    const fields = booking();
    const viaForm = responseOf(await bookForm({ ...fields, submissionKey: key }));
    const token = viaForm.headers.get("location")!.split("/").pop()!;
    const viaJson = await bookJson(fields, key);
    expect(viaJson.status).toBe(201);
    expect(Object.keys(viaJson.body).sort()).toEqual(["id", "reference", "success"]);
    expect((await bookingById(viaJson.body.id)).trackingToken).not.toBe(token);
  });

  it("answers the same form key with other details with the booking stored first, never a second one (decision 0060)", async () => {
    const key = freshKey();
    const first = responseOf(
      await bookForm({
        ...booking({ firstName: "Victoria", email: "victoria@example.com", phone: "905-555-0112" }),
        submissionKey: key,
      }),
    );
    expect(first.status).toBe(303);
    const before = await bookingCount();

    // The key's holder changed the form and sent it again (a kept copy changed, an answer lost).
    const changed = responseOf(await bookForm({ ...booking(other), submissionKey: key }));
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe(first.headers.get("location"));
    expect(changed.headers.get("set-cookie")).toMatch(/^wf_toast=/);
    expect(await bookingCount()).toBe(before);

    // A key the form door never issued still gets nothing (the review's attack, above).
    const made = await bookForm({ ...booking(other), submissionKey: `${key}x` });
    expect(statusOf(made)).toBe(400);
    expect(await bookingCount()).toBe(before);
  });

  it("takes a key a phone made for a form it opened offline, once, and no other key of that shape", async () => {
    const key = makePhoneKey();
    expect(key).toMatch(/^phone\.[\w-]{32}$/);
    const fields = booking();
    const first = responseOf(await bookForm({ ...fields, submissionKey: key }));
    expect(first.status).toBe(303);
    const before = await bookingCount();
    expect(
      responseOf(await bookForm({ ...fields, submissionKey: key })).headers.get("location"),
    ).toBe(first.headers.get("location"));
    expect(await bookingCount()).toBe(before);
    expect(
      responseOf(await contactForm({ ...message(), submissionKey: makePhoneKey() })).status,
    ).toBe(303);
    for (const malformed of ["phone.short", `phone.${"a".repeat(33)}`, `Phone.${"a".repeat(32)}`])
      expect(statusOf(await bookForm({ ...booking(), submissionKey: malformed })), malformed).toBe(
        400,
      );
    expect(await bookingCount()).toBe(before);
  });

  it("refuses the same Idempotency-Key with another booking with 422, and replays an identical retry once", async () => {
    const key = `retry-${Date.now()}`;
    const fields = booking();
    const first = await bookJson(fields, key);
    const before = await bookingCount();
    const retry = await bookJson(fields, key);
    expect(retry).toEqual(first);
    expect(await bookingCount()).toBe(before);
    const reused = await bookJson(booking(other), key);
    expect(reused).toEqual({
      status: 422,
      body: {
        success: false,
        message: "This Idempotency-Key was already used for a different request.",
      },
    });
    expect(await bookingCount()).toBe(before);
  });

  it("refuses a form key whose signature was tampered with or that was made up, keeping the input", async () => {
    const key = freshKey();
    const tampered = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
    for (const submissionKey of [
      tampered,
      `${key.split(".")[0]}.`,
      key.split(".")[0]!,
      "k".repeat(24),
      `${key}.x`,
      "",
    ]) {
      const answer = await bookForm({ ...booking(other), submissionKey });
      expect(statusOf(answer), submissionKey).toBe(400);
      expect(replyOf(answer).error?.[""]).toEqual([
        "This form has expired. Please check your details and submit again.",
      ]);
      expect(replyOf(answer).initialValue).toMatchObject({ firstName: "Mallory" });
      expect(dataWith(answer, "submissionKey").submissionKey).toMatch(/^[\w-]+\.[\w-]+$/);
    }
    const withoutKey = await bookForm(booking(other));
    expect(statusOf(withoutKey)).toBe(400);
    expect(replyOf(withoutKey).error?.[""]).toEqual([
      "This form has expired. Please check your details and submit again.",
    ]);
  });

  it("accepts any Idempotency-Key the draft allows, and names the header when a key is not one", async () => {
    for (const key of [
      "booking-1700000000.123",
      "a:b",
      "with space inside",
      '~!@#$%^&*()_+{}|:"<>?',
      "x",
      "k".repeat(255),
    ]) {
      const answer = await bookJson(booking(), key);
      expect(answer.status, key).toBe(201);
    }
    const invalid = {
      success: false,
      message: "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
    };
    for (const key of ["k".repeat(256), "tab\there", "caf\u00e9", ""]) {
      expect(await bookJson(booking(), key), JSON.stringify(key)).toEqual({
        status: 400,
        body: invalid,
      });
      expect(await contactJson(message(), key)).toMatchObject({ status: 400 });
    }
    const before = await bookingCount();
    const fields = booking();
    expect((await bookJson(fields)).status).toBe(201);
    expect((await bookJson(fields)).status).toBe(201);
    expect(await bookingCount()).toBe(before + 2);
  });

  it("contact messages: one per key and door, a retry stored once, another message under the key refused on both doors", async () => {
    const before = await messageCount();
    const formKey = freshKey();
    expect(responseOf(await contactForm({ ...message(), submissionKey: formKey })).status).toBe(
      303,
    );
    expect(responseOf(await contactForm({ ...message(), submissionKey: formKey })).status).toBe(
      303,
    );
    expect(await messageCount()).toBe(before + 1);

    const reused = await contactForm({
      ...message({ message: "Something else entirely" }),
      submissionKey: formKey,
    });
    expect(statusOf(reused)).toBe(422);
    expect(replyOf(reused).initialValue).toMatchObject({ message: "Something else entirely" });
    expect(dataWith(reused, "submissionKey").submissionKey).toBeTruthy();

    const jsonKey = "contact-order-0000000000000001";
    expect(await contactJson(message(), jsonKey)).toEqual({ status: 201, body: { success: true } });
    expect(await contactJson(message(), jsonKey)).toEqual({ status: 201, body: { success: true } });
    expect(await contactJson(message({ message: "Another" }), jsonKey)).toMatchObject({
      status: 422,
    });
    expect(await messageCount()).toBe(before + 2);

    const crossed = await contactForm({ ...message(), submissionKey: jsonKey });
    expect(statusOf(crossed)).toBe(400);
    expect(replyOf(reused).error?.[""]?.[0]).toMatch(/already sent with a different message/);
    expect((await contactJson(message(), formKey)).status).toBe(201);
    expect(await messageCount()).toBe(before + 3);
  });
});
