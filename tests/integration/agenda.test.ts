import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agendaAppointments,
  overdueRepairs,
  waitingForPickup,
} from "~/models/booking-agenda.server";
import { agendaWindow } from "~/utils/agenda";
import { insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
const ids: Record<string, number> = {};

// 03:30 UTC on June 15 is 23:30 on June 14 in Oakville (EDT): the shop's today is still June 14.
const lateEvening = new Date("2026-06-15T03:30:00Z");
const day = (n: number) => new Date(lateEvening.getTime() - n * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  handle = await installTestDatabase();
  const book = async (name: string, overrides: Parameters<typeof insertBooking>[1]) => {
    ids[name] = (await insertBooking(handle.db, { lastName: name, ...overrides })).id;
  };
  await book("early", {
    preferredDate: "2026-06-14",
    preferredTime: "10:00",
    urgency: "emergency",
  });
  await book("late", {
    preferredDate: "2026-06-14",
    preferredTime: "17:30",
    deviceCategory: "laptop",
  });
  await book("cancelled", {
    preferredDate: "2026-06-14",
    preferredTime: "11:00",
    status: "cancelled",
  });
  await book("nextDay", {
    preferredDate: "2026-06-15",
    preferredTime: "10:30",
    urgency: "urgent",
    status: "in_progress",
  });
  await book("sunday", { preferredDate: "2026-06-21", preferredTime: "11:00" });
  await book("nextWeek", { preferredDate: "2026-06-22", preferredTime: "10:00" });
  // Overdue: due before the shop's today (June 14) and not finished.
  await book("dueYesterday", {
    preferredDate: "2026-06-01",
    expectedDeliveryDate: "2026-06-13",
    status: "waiting_parts",
  });
  await book("dueLongAgo", {
    preferredDate: "2026-06-01",
    expectedDeliveryDate: "2026-06-02",
    status: "in_progress",
  });
  await book("dueToday", {
    preferredDate: "2026-06-01",
    expectedDeliveryDate: "2026-06-14",
    status: "in_progress",
  });
  await book("dueDone", {
    preferredDate: "2026-06-01",
    expectedDeliveryDate: "2026-06-02",
    status: "completed",
  });
  await book("dueReady", {
    preferredDate: "2026-06-01",
    expectedDeliveryDate: "2026-06-02",
    status: "ready_for_pickup",
    updatedAt: day(1),
  });
  // Ready for pickup: timed from the last change of status, whatever notes came after.
  await book("readyFiveDays", {
    preferredDate: "2026-06-01",
    status: "ready_for_pickup",
    statusChangedAt: day(5),
    updatedAt: day(0.1),
  });
  await book("readyTwoDays", {
    preferredDate: "2026-06-01",
    status: "ready_for_pickup",
    statusChangedAt: day(2),
    updatedAt: day(2),
  });
  // Ready ten days ago, back in the workshop, ready again yesterday: waiting one day.
  await book("readyAgain", {
    preferredDate: "2026-06-01",
    status: "ready_for_pickup",
    statusChangedAt: day(1),
    updatedAt: day(1),
  });
  await book("readyFourDays", {
    preferredDate: "2026-06-01",
    status: "ready_for_pickup",
    statusChangedAt: day(4),
    updatedAt: day(4),
  });
});
afterAll(() => handle.drop());

const names = (items: { id: number }[]) =>
  items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id));

describe(`agenda on ${testDriver}`, () => {
  it("takes today in the shop's time zone: at 23:30 on June 14 in Oakville (03:30 UTC) the day is June 14", () => {
    expect(agendaWindow({ view: "day" }, lateEvening)).toEqual({
      date: "2026-06-14",
      from: "2026-06-14",
      to: "2026-06-14",
      previous: "2026-06-13",
      next: "2026-06-15",
    });
  });

  it("runs a week from Monday to Sunday around the chosen date", () => {
    // June 14, 2026 is a Sunday.
    expect(agendaWindow({ view: "week", date: "2026-06-14" }, lateEvening)).toEqual({
      date: "2026-06-14",
      from: "2026-06-08",
      to: "2026-06-14",
      previous: "2026-06-01",
      next: "2026-06-15",
    });
    expect(agendaWindow({ view: "week", date: "2026-06-15" }, lateEvening)).toMatchObject({
      from: "2026-06-15",
      to: "2026-06-21",
    });
  });

  it("lists a day's appointments in time order and leaves out cancelled ones unless asked", async () => {
    const today = await agendaAppointments("2026-06-14", "2026-06-14", { status: "active" });
    expect(names(today.items)).toEqual(["early", "late"]);
    expect(today.truncated).toBe(false);
    const all = await agendaAppointments("2026-06-14", "2026-06-14", { status: "all" });
    expect(names(all.items)).toEqual(["early", "cancelled", "late"]);
    const cancelled = await agendaAppointments("2026-06-14", "2026-06-14", { status: "cancelled" });
    expect(names(cancelled.items)).toEqual(["cancelled"]);
  });

  it("lists a week by date, then time", async () => {
    const week = await agendaAppointments("2026-06-15", "2026-06-21", { status: "active" });
    expect(names(week.items)).toEqual(["nextDay", "sunday"]);
    expect(week.items[0]).toMatchObject({
      preferredDate: "2026-06-15",
      preferredTime: "10:30",
      urgency: "urgent",
      status: "in_progress",
    });
  });

  it("filters by category and urgency", async () => {
    expect(
      names(
        (
          await agendaAppointments("2026-06-14", "2026-06-21", {
            status: "active",
            category: "laptop",
          })
        ).items,
      ),
    ).toEqual(["late"]);
    expect(
      names(
        (
          await agendaAppointments("2026-06-14", "2026-06-21", {
            status: "active",
            urgency: "emergency",
          })
        ).items,
      ),
    ).toEqual(["early"]);
    expect(
      names(
        (
          await agendaAppointments("2026-06-14", "2026-06-21", {
            status: "in_progress",
            urgency: "urgent",
          })
        ).items,
      ),
    ).toEqual(["nextDay"]);
  });

  it("flags repairs past their expected delivery, not finished, oldest first", async () => {
    const overdue = await overdueRepairs(lateEvening);
    expect(names(overdue.items)).toEqual(["dueLongAgo", "dueYesterday"]);
    expect(overdue.total).toBe(2);
    // A day later in Oakville, June 14's promise is late too.
    expect(names((await overdueRepairs(new Date("2026-06-15T04:30:00Z"))).items)).toEqual([
      "dueLongAgo",
      "dueYesterday",
      "dueToday",
    ]);
  });

  it("flags repairs ready for pickup longer than N days, timed from when they became ready", async () => {
    const waiting = await waitingForPickup(lateEvening, 3);
    expect(names(waiting.items)).toEqual(["readyFiveDays", "readyFourDays"]);
    expect(waiting.total).toBe(2);
    expect(waiting.items[0]!.readySince).toEqual(day(5));
    expect(waiting.items[1]!.readySince).toEqual(day(4));
    expect(names((await waitingForPickup(lateEvening, 1.5)).items)).toEqual([
      "readyFiveDays",
      "readyFourDays",
      "readyTwoDays",
    ]);
  });
});
