import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings } from "../../db/schema";
import { createBooking } from "~/models/booking.server";
import { action } from "~/routes/book-appointment";
import { bookingSchema } from "~/schemas/booking";
import {
  bookByJson,
  formPost,
  freshKey,
  futureWeekday,
  testContext,
  testOrigin,
  validBooking,
  routeArgs,
} from "../support/forms";
import { dataOf, dataWith, replyOf, responseOf, statusOf } from "../support/answers";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

const parse = (fields: Record<string, string>) => bookingSchema.parse(fields);
const bookingCount = async () => (await handle.db.select({ n: count() }).from(bookings))[0]!.n;

describe(`bookings on ${testDriver}`, () => {
  it("stores a booking with normalised phone digits, a tracking token and a first history event", async () => {
    const result = await createBooking(
      parse(validBooking({ phone: "+1 (905) 555-0123" })),
      testOrigin,
    );
    expect(result.outcome).toBe("created");
    if (result.outcome !== "created") return;
    expect(result.booking).toMatchObject({
      phoneDigits: "9055550123",
      deviceCategory: "mobile",
      status: "pending",
      urgency: "normal",
    });
    expect(result.booking.trackingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const events = await handle.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, result.booking.id));
    expect(events.map((e) => e.status)).toEqual(["pending"]);
  });

  it("returns the first booking for a retried submission and stores nothing new", async () => {
    const input = parse(validBooking({ preferredTime: "15:00" }));
    const first = await createBooking(input, testOrigin);
    const before = await bookingCount();
    const again = await createBooking(input, testOrigin);
    expect(again.outcome).toBe("replayed");
    expect("booking" in again && "booking" in first && again.booking.id === first.booking.id).toBe(
      true,
    );
    expect(await bookingCount()).toBe(before);
  });

  it("stores one booking when the same submission races itself", async () => {
    const input = parse(validBooking({ preferredTime: "16:00" }));
    const before = await bookingCount();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => createBooking(input, testOrigin)),
    );
    const ids = new Set(results.map((r) => ("booking" in r ? r.booking.id : -1)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.outcome === "created")).toHaveLength(1);
    expect(await bookingCount()).toBe(before + 1);
  });

  it("tells a reused key with a different booking apart from a retry, and gives nothing of the earlier booking", async () => {
    const key = freshKey();
    await createBooking(
      parse(validBooking({ submissionKey: key, preferredTime: "11:00" })),
      testOrigin,
    );
    const reused = await createBooking(
      parse(validBooking({ submissionKey: key, preferredTime: "11:00", firstName: "Someone" })),
      testOrigin,
    );
    expect(reused).toEqual({ outcome: "key_reused" });
  });

  it("fills a slot to its capacity of three, even under concurrent bookings, then refuses", async () => {
    const date = futureWeekday(5);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        createBooking(
          parse(
            validBooking({
              preferredDate: date,
              preferredTime: "12:30",
              submissionKey: freshKey(),
            }),
          ),
          testOrigin,
        ),
      ),
    );
    expect(results.filter((r) => r.outcome === "created")).toHaveLength(3);
    expect(results.filter((r) => r.outcome === "slot_full")).toHaveLength(2);
  });

  it("frees a place in the slot when a booking is cancelled", async () => {
    const date = futureWeekday(6);
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(
        await createBooking(
          parse(
            validBooking({
              preferredDate: date,
              preferredTime: "13:00",
              submissionKey: freshKey(),
            }),
          ),
          testOrigin,
        ),
      );
    const first = made[0]!;
    if (first.outcome !== "created") throw new Error("unexpected");
    await handle.db
      .update(bookings)
      .set({ status: "cancelled" })
      .where(eq(bookings.id, first.booking.id));
    const next = await createBooking(
      parse(
        validBooking({ preferredDate: date, preferredTime: "13:00", submissionKey: freshKey() }),
      ),
      testOrigin,
    );
    expect(next.outcome).toBe("created");
  });
});

describe(`booking page action on ${testDriver}`, () => {
  const post = (fields: Record<string, string>, context = testContext()) =>
    action(routeArgs(formPost("/book-appointment", fields), {}, context));

  it("redirects to the confirmation, and a resubmission lands on the same one", async () => {
    const fields = validBooking({ preferredTime: "17:00" });
    const first = responseOf(await post(fields));
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toMatch(
      /^\/book-appointment\/confirmation\/[A-Za-z0-9_-]{32}$/,
    );
    const before = await bookingCount();
    const again = responseOf(await post(fields));
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await bookingCount()).toBe(before);
  });

  it("lists the missing required fields in the Missing Information toast and keeps the input", async () => {
    const context = testContext();
    const answer = await post(
      { firstName: "Ann", email: "ann@example.com", submissionKey: freshKey() },
      context,
    );
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer).toast).toEqual({
      type: "destructive",
      title: "Missing Information",
      description:
        "Please fill in the following fields: Last Name, Phone, Device Category, Issue Type, Preferred Date, Preferred Time",
    });
    expect(context.toast?.title).toBe("Missing Information");
    expect(replyOf(answer).initialValue).toMatchObject({
      firstName: "Ann",
      email: "ann@example.com",
    });
  });

  it("rejects a closed time, a past date and a date beyond 60 days with field messages", async () => {
    const sunday = (() => {
      let d = futureWeekday(2);
      while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 0)
        d = new Date(new Date(`${d}T12:00:00Z`).getTime() + 86400000).toISOString().slice(0, 10);
      return d;
    })();
    const closed = replyOf(
      await post(
        validBooking({ preferredDate: sunday, preferredTime: "10:00", submissionKey: freshKey() }),
      ),
    );
    expect(closed.error?.preferredTime?.[0]).toMatch(/closed at that time/);
    const past = replyOf(
      await post(validBooking({ preferredDate: "2020-01-06", submissionKey: freshKey() })),
    );
    expect(past.error?.preferredDate?.[0]).toBe("Please choose today or a later date.");
    const far = await post(
      validBooking({ preferredDate: "2099-01-05", submissionKey: freshKey() }),
    );
    expect(replyOf(far).error?.preferredDate?.[0]).toMatch(/up to 60 days ahead/);
    expect(dataOf(far).toast).toBeUndefined();
  });

  it("answers a full slot with 409 and a message on the time field", async () => {
    const date = futureWeekday(7);
    for (let i = 0; i < 3; i++)
      await post(
        validBooking({ preferredDate: date, preferredTime: "10:30", submissionKey: freshKey() }),
      );
    const full = await post(
      validBooking({ preferredDate: date, preferredTime: "10:30", submissionKey: freshKey() }),
    );
    expect(statusOf(full)).toBe(409);
    expect(replyOf(full).error?.preferredTime).toEqual([
      "This time slot is fully booked. Please choose another time.",
    ]);
    // The form comes back listing that day's times, the full one marked.
    expect(dataOf(full).availability.date).toBe(date);
    expect(dataOf(full).availability.slots.find((slot) => slot.time === "10:30")).toEqual({
      time: "10:30",
      label: "10:30 AM",
      full: true,
    });
  });

  it("refuses a full slot at the JSON door too, with the same message", async () => {
    const date = futureWeekday(8);
    const fields = (firstName: string) => ({
      ...validBooking({ preferredDate: date, preferredTime: "18:00", firstName }),
      submissionKey: undefined,
    });
    for (const name of ["One", "Two", "Three"])
      expect((await bookByJson(fields(name))).status).toBe(201);
    const refused = await bookByJson(fields("Four"));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      success: false,
      message: "This time slot is fully booked.",
      errors: { preferredTime: ["This time slot is fully booked. Please choose another time."] },
    });
  });

  it("shows another date's times without JavaScript: the form as typed, no messages, the same key", async () => {
    const key = freshKey();
    const sunday = (() => {
      let d = futureWeekday(2);
      while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 0)
        d = new Date(new Date(`${d}T12:00:00Z`).getTime() + 86400000).toISOString().slice(0, 10);
      return d;
    })();
    const before = await bookingCount();
    const step = await post({
      firstName: "Ann",
      email: "not-an-email",
      preferredDate: sunday,
      submissionKey: key,
      intent: "times",
    });
    expect(statusOf(step)).toBe(200);
    expect(replyOf(step).error).toBeUndefined();
    expect(dataOf(step).toast).toBeUndefined();
    expect(replyOf(step).initialValue).toMatchObject({
      firstName: "Ann",
      email: "not-an-email",
      preferredDate: sunday,
    });
    expect(dataWith(step, "submissionKey").submissionKey).toBe(key);
    expect(dataOf(step).availability.date).toBe(sunday);
    expect(dataOf(step).availability.slots.map((slot) => slot.time)).toEqual([
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
    ]);
    expect(await bookingCount()).toBe(before);

    // One of the offered times: date and time both set. A key the server did not sign is replaced.
    const weekday = futureWeekday(9);
    const pick = await post({
      firstName: "Ann",
      submissionKey: "made-up",
      intent: `${weekday}T10:30`,
    });
    expect(replyOf(pick).initialValue).toMatchObject({
      firstName: "Ann",
      preferredDate: weekday,
      preferredTime: "10:30",
    });
    expect(dataOf(pick).availability.date).toBe(weekday);
    expect(dataWith(pick, "submissionKey").submissionKey).not.toBe("made-up");

    // A date the step cannot read shows the first day with a free time.
    const blank = await post({ preferredDate: "", submissionKey: key, intent: "times" });
    expect(dataOf(blank).availability.slots.some((slot) => !slot.full)).toBe(true);
    expect(replyOf(blank).initialValue?.preferredDate).toBe(dataOf(blank).availability.date);
  });
});
