import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import { dayAvailability } from "~/models/booking-availability.server";
import { createBooking } from "~/models/booking.server";
import { loader as availabilityLoader } from "~/routes/book-appointment_.availability";
import { bookingSchema, type BookingInput } from "~/schemas/booking";
import { freshKey, testOrigin, validBooking, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { useSettings } from "../support/settings";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await installTestDatabase();
});
afterAll(() => handle.drop());

// A fixed clock, so nothing depends on today's weekday or hour: Wednesday 5 June 2030, 2:10 PM in
// Oakville. Each test books on days of its own.
const now = new Date("2030-06-05T14:10:00-04:00");
const wednesday = "2030-06-05";
const thursday = "2030-06-06";
const saturday = "2030-06-08";
const sunday = "2030-06-09";
const monday = "2030-06-10";

const template = bookingSchema.parse(validBooking());
/** Stored as the form stores it (`createBooking`), for a date the schema's real clock would not accept. */
const book = (date: string, time: string): ReturnType<typeof createBooking> =>
  createBooking(
    {
      ...template,
      preferredDate: date,
      preferredTime: time,
      submissionKey: freshKey(),
    } satisfies BookingInput,
    testOrigin,
  );
const times = (day: { slots: { time: string }[] }) => day.slots.map((slot) => slot.time);

describe(`availability on ${testDriver}`, () => {
  it("lists only the times inside each day's opening hours", async () => {
    expect(times(await dayAvailability(sunday, now))).toEqual([
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
    expect(times(await dayAvailability(saturday, now)).at(-1)).toBe("17:30");
    const weekday = await dayAvailability(thursday, now);
    expect(times(weekday)).toHaveLength(17);
    expect(weekday).toMatchObject({
      date: thursday,
      dateLabel: "Thursday, June 6, 2030",
      counted: true,
      next: [],
    });
    expect(weekday.slots[0]).toEqual({ time: "10:00", label: "10:00 AM", full: false });
  });

  it("leaves out the times already begun today", async () => {
    expect(times(await dayAvailability(wednesday, now))[0]).toBe("14:30");
  });

  it("marks a slot full at the capacity createBooking refuses at, and a cancelled booking frees its place", async () => {
    useSettings({ BOOKING_SLOT_CAPACITY: "2" });
    const date = "2030-06-12";
    const first = await book(date, "11:00");
    await book(date, "11:00");
    const slot = async () =>
      (await dayAvailability(date, now)).slots.find((s) => s.time === "11:00");
    expect(await slot()).toEqual({ time: "11:00", label: "11:00 AM", full: true });
    expect((await book(date, "11:00")).outcome).toBe("slot_full");

    if (first.outcome !== "created") throw new Error("expected a booking");
    await handle.db
      .update(bookings)
      .set({ status: "cancelled" })
      .where(eq(bookings.id, first.booking.id));
    expect((await slot())?.full).toBe(false);
    expect((await book(date, "11:00")).outcome).toBe("created");
    expect((await slot())?.full).toBe(true);
  });

  it("offers the next three free times when the chosen day has none", async () => {
    useSettings({ BOOKING_SLOT_CAPACITY: "1" });
    for (const time of times(await dayAvailability(sunday, now))) await book(sunday, time);
    await book(monday, "10:00");
    const full = await dayAvailability(sunday, now);
    expect(full.slots.every((slot) => slot.full)).toBe(true);
    expect(full.next).toEqual([
      { date: monday, time: "10:30", label: "Mon, Jun 10, 10:30 AM" },
      { date: monday, time: "11:00", label: "Mon, Jun 10, 11:00 AM" },
      { date: monday, time: "11:30", label: "Mon, Jun 10, 11:30 AM" },
    ]);
    expect((await dayAvailability(thursday, now)).next).toEqual([]);
  });

  it("lists nothing on a past day or past the booking window; a past day offers today's remaining times", async () => {
    const past = await dayAvailability("2030-06-01", now);
    expect(past.slots).toEqual([]);
    expect(past.next.map((offer) => `${offer.date} ${offer.time}`)).toEqual([
      `${wednesday} 14:30`,
      `${wednesday} 15:00`,
      `${wednesday} 15:30`,
    ]);
    const beyond = await dayAvailability("2030-08-05", now);
    expect(beyond).toMatchObject({ slots: [], next: [] });
  });

  it("without a date, picks the first day with a free time: tomorrow once today's last slot has begun", async () => {
    expect((await dayAvailability(undefined, now)).date).toBe(wednesday);
    expect((await dayAvailability(undefined, new Date("2030-06-05T18:05:00-04:00"))).date).toBe(
      thursday,
    );
  });
});

describe(`GET /book-appointment/availability on ${testDriver}`, () => {
  const get = (query: string) =>
    availabilityLoader(
      routeArgs(new Request(`http://localhost/book-appointment/availability${query}`)),
    );

  it("answers a day's times as JSON that no cache keeps", async () => {
    const date = "2020-01-06"; // past: no times, and still a 200
    const response = await get(`?date=${date}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ date, counted: true, slots: [] });
  });

  it("refuses a missing or malformed date with 400 and a message", async () => {
    for (const query of ["", "?date=", "?date=tomorrow", "?date=2030-02-30", "?date=9999-12-31"]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toEqual({
        message: "Please give the date as date=YYYY-MM-DD.",
      });
    }
  });
});
