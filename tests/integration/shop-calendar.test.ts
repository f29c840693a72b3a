import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, hoursExceptions } from "../../db/schema";
import { dayAvailability } from "~/models/booking-availability.server";
import { createBooking } from "~/models/booking.server";
import {
  addCalendarEntry,
  changeCalendarEntry,
  removeCalendarEntry,
} from "~/models/shop-calendar.server";
import { action as bookingAction } from "~/routes/book-appointment";
import { loader as availabilityLoader } from "~/routes/book-appointment_.availability";
import { action as hoursAction, loader as hoursLoader } from "~/routes/admin.hours";
import { bookingSchema, type BookingInput } from "~/schemas/booking";
import type { CalendarException } from "~/types/shop-calendar";
import { formatCalendarDate } from "~/utils/shop-time";
import { dataOf, replyOf, responseOf, statusOf, thrownBy } from "../support/answers";
import { signedInStaff } from "../support/admin";
import {
  bookByJson,
  formPost,
  freshKey,
  futureWeekday,
  routeArgs,
  testOrigin,
  validBooking,
} from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Holidays and closures (decision 0054) where the database takes part: the booking form's times,
 * the refusal at the store and at both doors, the availability answer, and the owner's entries,
 * versioned and audited.
 */

let handle: TestDatabase;
let owner: { id: number; cookie: string };
let manager: { id: number; cookie: string };
let frontDesk: { id: number; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  owner = await signedInStaff(handle.db, "hours-owner", "owner");
  manager = await signedInStaff(handle.db, "hours-manager", "manager");
  frontDesk = await signedInStaff(handle.db, "hours-desk", "front_desk");
});
afterAll(() => handle.drop());

/** Sunday, December 20, 2026, 9:00 AM in Oakville: Christmas and New Year's Day are ahead. */
const now = new Date("2026-12-20T09:00:00-05:00");
const template = bookingSchema.parse(validBooking());
const book = (date: string, time: string, at = now) =>
  createBooking(
    {
      ...template,
      preferredDate: date,
      preferredTime: time,
      submissionKey: freshKey(),
    } satisfies BookingInput,
    testOrigin,
    at,
  );
const times = (day: { slots: { time: string }[] }) => day.slots.map((slot) => slot.time);
const closure = (from: string, to: string, reason: string): CalendarException => ({
  from,
  to,
  hours: null,
  reason,
});
const saved = async (result: ReturnType<typeof addCalendarEntry>) => {
  const answer = await result;
  if (answer.outcome !== "saved") throw new Error(`expected saved, got ${answer.outcome}`);
  return answer.entry;
};
const bookingsOn = async (date: string) =>
  (await handle.db.select().from(bookings).where(eq(bookings.preferredDate, date))).length;

describe(`statutory holidays and the owner's closures in the slot rules on ${testDriver}`, () => {
  it("December 25 and January 1 offer no time, name the holiday and offer the next free times", async () => {
    const christmas = await dayAvailability("2026-12-25", now);
    expect(christmas).toMatchObject({
      date: "2026-12-25",
      closed: "Christmas Day",
      counted: true,
      slots: [],
    });
    // Boxing Day (Saturday) is closed too: the next free times are Sunday's, from 11:00 AM.
    expect(christmas.next[0]).toEqual({
      date: "2026-12-27",
      time: "11:00",
      label: "Sun, Dec 27, 11:00 AM",
    });
    const newYear = await dayAvailability("2027-01-01", now);
    expect(newYear).toMatchObject({ closed: "New Year's Day", slots: [] });
    expect(newYear.next[0]?.date).toBe("2027-01-02");
    // Boxing Day observed, Monday the 28th.
    expect(await dayAvailability("2026-12-28", now)).toMatchObject({
      closed: "Boxing Day, observed",
      slots: [],
    });
    expect(times(await dayAvailability("2026-12-29", now))).toHaveLength(17);
  });

  it("refuses a booking on a holiday naming it, and stores nothing", async () => {
    expect(await book("2026-12-25", "14:00")).toEqual({
      outcome: "closed",
      refusal: {
        field: "preferredDate",
        message: "We're closed on Friday, December 25 (Christmas Day). Please choose another day.",
      },
    });
    expect(await book("2027-01-01", "10:00")).toMatchObject({
      outcome: "closed",
      refusal: { message: expect.stringContaining("Friday, January 1 (New Year's Day)") },
    });
    expect(await bookingsOn("2026-12-25")).toBe(0);
    expect(await bookingsOn("2027-01-01")).toBe(0);
  });

  it("opens a holiday the owner opens, at the hours set, and closes it again when they are removed", async () => {
    const opened = await saved(
      addCalendarEntry(
        {
          from: "2026-12-26",
          to: "2026-12-26",
          hours: { open: 11 * 60, close: 16 * 60 },
          reason: null,
        },
        owner.id,
      ),
    );
    const day = await dayAvailability("2026-12-26", now);
    expect(day.closed).toBeNull();
    expect(times(day)).toEqual([
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
    ]);
    expect((await book("2026-12-26", "12:00")).outcome).toBe("created");
    expect(await book("2026-12-26", "16:00")).toMatchObject({
      outcome: "closed",
      refusal: { field: "preferredTime", message: expect.stringMatching(/closed at that time/) },
    });
    expect(await removeCalendarEntry(opened.id, owner.id, opened.version)).toEqual({
      outcome: "removed",
    });
    expect(await dayAvailability("2026-12-26", now)).toMatchObject({ closed: "Boxing Day" });
    expect((await book("2026-12-26", "12:30")).outcome).toBe("closed");
  });

  it("closes the days of an owner's closure with its reason, and no others", async () => {
    await saved(addCalendarEntry(closure("2027-01-11", "2027-01-13", "Renovation"), manager.id));
    for (const date of ["2027-01-11", "2027-01-12", "2027-01-13"])
      expect(await dayAvailability(date, now)).toMatchObject({ closed: "Renovation", slots: [] });
    expect(times(await dayAvailability("2027-01-14", now))).toHaveLength(17);
    expect(await book("2027-01-12", "15:00")).toMatchObject({
      outcome: "closed",
      refusal: {
        message: "We're closed on Tuesday, January 12 (Renovation). Please choose another day.",
      },
    });
    // Without a date, the form opens on the first day with a free time: after the closure.
    const during = new Date("2027-01-11T08:00:00-05:00");
    expect((await dayAvailability(undefined, during)).date).toBe("2027-01-14");
  });

  it("keeps a booking stored before its day closed, and answers its retry with it", async () => {
    const key = freshKey();
    const input = {
      ...template,
      preferredDate: "2027-02-03",
      preferredTime: "11:00",
      submissionKey: key,
    };
    const first = await createBooking(input, testOrigin, now);
    expect(first.outcome).toBe("created");
    await saved(addCalendarEntry(closure("2027-02-03", "2027-02-03", "Stocktaking"), owner.id));
    expect((await createBooking(input, testOrigin, now)).outcome).toBe("replayed");
    expect(await bookingsOn("2027-02-03")).toBe(1);
  });
});

describe(`closed days at the doors on ${testDriver}`, () => {
  // The doors check the date against the real clock: a closure on a day ahead of today.
  const day = futureWeekday(5);
  const dayWords = formatCalendarDate(day, "weekdayLong");
  const message = `We're closed on ${dayWords} (Staff training). Please choose another day.`;
  beforeAll(async () => {
    await saved(addCalendarEntry(closure(day, day, "Staff training"), owner.id));
  });

  it("the JSON door refuses with 422 and the reason, as it refuses any date it cannot take", async () => {
    const refused = await bookByJson(validBooking({ preferredDate: day }));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      success: false,
      message,
      errors: { preferredDate: [message] },
    });
    expect(await bookingsOn(day)).toBe(0);
  });

  it("the form refuses with 400, the reason beside the date, and that day's times (none)", async () => {
    const answer = await bookingAction(
      routeArgs(formPost("/book-appointment", validBooking({ preferredDate: day }))),
    );
    expect(statusOf(answer)).toBe(400);
    expect(replyOf(answer).error?.preferredDate).toEqual([message]);
    expect(dataOf(answer)).toMatchObject({
      availability: { date: day, closed: "Staff training", slots: [] },
    });
  });

  it("the availability answer says the day is closed and why", async () => {
    const response = responseOf(
      await availabilityLoader(
        routeArgs(new Request(`http://localhost/book-appointment/availability?date=${day}`)),
      ),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ date: day, closed: "Staff training", slots: [] });
  });
});

describe(`the owner's entries, versioned and audited, on ${testDriver}`, () => {
  it("refuses an entry whose dates meet another's, naming it, even when two are saved at once", async () => {
    const first = await saved(
      addCalendarEntry(closure("2027-03-01", "2027-03-03", "Flooring"), owner.id),
    );
    expect(
      await addCalendarEntry(
        { from: "2027-03-03", to: "2027-03-03", hours: { open: 600, close: 900 }, reason: null },
        manager.id,
      ),
    ).toEqual({ outcome: "overlap", others: [first] });
    const racing = await Promise.all([
      addCalendarEntry(closure("2027-03-10", "2027-03-12", "Inventory"), owner.id),
      addCalendarEntry(closure("2027-03-12", "2027-03-14", "Holiday"), manager.id),
    ]);
    expect(racing.map((result) => result.outcome).sort()).toEqual(["overlap", "saved"]);
    const stored = await handle.db
      .select()
      .from(hoursExceptions)
      .where(and(eq(hoursExceptions.startsOn, "2027-03-10")));
    const other = await handle.db
      .select()
      .from(hoursExceptions)
      .where(and(eq(hoursExceptions.startsOn, "2027-03-12")));
    expect(stored.length + other.length).toBe(1);
  });

  it("refuses a change or removal made on an old copy, saying who changed it", async () => {
    const entry = await saved(
      addCalendarEntry(closure("2027-04-05", "2027-04-06", "Painting"), owner.id),
    );
    const changed = await changeCalendarEntry(
      entry.id,
      closure("2027-04-05", "2027-04-07", "Painting"),
      manager.id,
      entry.version,
    );
    expect(changed).toMatchObject({ outcome: "saved", entry: { to: "2027-04-07", version: 2 } });
    const stale = await changeCalendarEntry(
      entry.id,
      closure("2027-04-05", "2027-04-06", "Painting the front"),
      owner.id,
      entry.version,
    );
    expect(stale).toMatchObject({
      outcome: "changed_meanwhile",
      current: { to: "2027-04-07", version: 2 },
      changes: [
        expect.objectContaining({
          by: "hours-manager",
          summary:
            "Hours: Closed Apr 5, 2027 to Apr 6, 2027 (Painting) → Closed Apr 5, 2027 to Apr 7, 2027 (Painting)",
        }),
      ],
    });
    expect((await removeCalendarEntry(entry.id, owner.id, 1)).outcome).toBe("changed_meanwhile");
    expect(await removeCalendarEntry(entry.id, manager.id, 2)).toEqual({ outcome: "removed" });
    expect(await removeCalendarEntry(entry.id, owner.id, 2)).toMatchObject({
      outcome: "gone",
      changes: [expect.objectContaining({ by: "hours-manager" })],
    });
    expect(
      (await changeCalendarEntry(entry.id, closure("2027-04-05", "2027-04-05", "x"), owner.id, 2))
        .outcome,
    ).toBe("gone");
    const trail = await handle.db
      .select({ action: auditEvents.action, summary: auditEvents.summary })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, "hours_exception"), eq(auditEvents.entityId, entry.id)));
    expect(trail.map((event) => event.action).sort()).toEqual([
      "hours.add",
      "hours.change",
      "hours.remove",
    ]);
    expect(trail.find((event) => event.action === "hours.remove")?.summary).toBe(
      "Hours: removed Closed Apr 5, 2027 to Apr 7, 2027 (Painting)",
    );
  });
});

describe(`the Hours & Closures page on ${testDriver}`, () => {
  const as = (who: { cookie: string }, request: Request) => {
    request.headers.set("cookie", who.cookie);
    return request;
  };
  const post = (who: { cookie: string }, fields: Record<string, string>, path = "/admin/hours") =>
    hoursAction(routeArgs(as(who, formPost(path, fields))));
  const page = async (query = "") =>
    dataOf(
      await hoursLoader(routeArgs(as(owner, new Request(`http://localhost/admin/hours${query}`)))),
    );

  it("is the owner's and managers' only", async () => {
    expect(
      statusOf(
        await thrownBy(
          hoursLoader(routeArgs(as(frontDesk, new Request("http://localhost/admin/hours")))),
        ),
      ),
    ).toBe(403);
    expect(
      statusOf(
        await thrownBy(
          post(frontDesk, { intent: "closure", from: futureWeekday(9), reason: "Nope" }),
        ),
      ),
    ).toBe(403);
  });

  it("adds a closure, fills its form for Edit, saves the change, and refuses a stale one with the typed change on top", async () => {
    const from = futureWeekday(20);
    const added = await post(owner, { intent: "closure", from, to: "", reason: "Renovation" });
    expect(statusOf(added)).toBe(303);
    expect(responseOf(added).headers.get("location")).toBe("/admin/hours");
    const listed = (await page()).entries.find((entry) => entry.reason === "Renovation")!;
    expect(listed).toMatchObject({ kind: "closure", hours: "Closed", version: 1 });
    const edit = await page(`?edit=${listed.id}`);
    expect(edit.editing).toEqual({
      form: "closure",
      fill: { id: listed.id, version: 1, values: { from, to: "", reason: "Renovation" } },
    });
    const shown = JSON.stringify(edit.editing!.fill.values);
    const fields = { intent: "closure", id: String(listed.id), version: "1", shown, from, to: "" };
    expect(statusOf(await post(manager, { ...fields, reason: "Renovation works" }))).toBe(303);
    const stale = await post(owner, { ...fields, to: futureWeekday(21), reason: "Renovation" });
    expect(statusOf(stale)).toBe(409);
    expect(replyOf(stale).initialValue).toMatchObject({
      to: futureWeekday(21),
      reason: "Renovation works",
    });
    expect(dataOf(stale)).toMatchObject({
      form: "closure",
      conflict: { version: 2, changes: [expect.objectContaining({ by: "hours-manager" })] },
    });
  });

  it("answers bad input with each field's message, storing nothing", async () => {
    const before = (await page()).entries.length;
    const closureAnswer = await post(owner, {
      intent: "closure",
      from: futureWeekday(30),
      to: futureWeekday(25),
      reason: "",
    });
    expect(statusOf(closureAnswer)).toBe(400);
    expect(replyOf(closureAnswer).error).toMatchObject({
      reason: ["Please write the reason customers see, such as Renovation."],
    });
    const past = await post(owner, { intent: "closure", from: "2020-01-06", reason: "Old" });
    expect(replyOf(past).error?.from).toEqual(["Please choose today or a later date."]);
    const backwards = await post(owner, {
      intent: "closure",
      from: futureWeekday(30),
      to: futureWeekday(25),
      reason: "Flooring",
    });
    expect(replyOf(backwards).error?.to).toEqual(["The last day can't be before the first."]);
    const hours = await post(owner, {
      intent: "hours",
      date: futureWeekday(31),
      opens: "16:00",
      closes: "11:00",
    });
    expect(statusOf(hours)).toBe(400);
    expect(replyOf(hours).error?.closes).toEqual([
      "The closing time must be after the opening time.",
    ]);
    expect((await page()).entries).toHaveLength(before);
  });

  it("lists the coming year's holidays, and ?open= fills the special hours form with the weekday's hours", async () => {
    const view = await page("?open=2027-12-27");
    expect(view.holidays.length).toBeGreaterThanOrEqual(9);
    expect(view.opening).toEqual({
      values: { date: "2027-12-27", opens: "10:00", closes: "20:00", reason: "" },
    });
  });
});
