import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema";
import { dayAvailability } from "~/models/booking-availability.server";
import { createBooking } from "~/models/booking.server";
import { shopSettingsNow } from "~/models/shop-settings.server";
import { action, loader } from "~/routes/admin.settings";
import { bookingSchema, type BookingInput } from "~/schemas/booking";
import { dataOf, replyOf, responseOf, statusOf, thrownBy } from "../support/answers";
import { signedInStaff } from "../support/admin";
import { formPost, freshKey, routeArgs, testOrigin, validBooking } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { useSettings } from "../support/settings";

/**
 * The Settings page (docs/decisions/0050): the environment's values until the first save, then
 * the stored row, on every booking and quote at once; saved with the version it was read at;
 * the owner's and managers' only.
 */

let handle: TestDatabase;
let owner: { id: number; cookie: string };
let manager: { id: number; cookie: string };
let tech: { id: number; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  owner = await signedInStaff(handle.db, "settings-owner", "owner");
  manager = await signedInStaff(handle.db, "settings-manager", "manager");
  tech = await signedInStaff(handle.db, "settings-tech");
});
afterAll(() => handle.drop());

const as = (who: { cookie: string }, request: Request) => {
  request.headers.set("cookie", who.cookie);
  return request;
};
const page = async (who = owner) =>
  dataOf(await loader(routeArgs(as(who, new Request("http://localhost/admin/settings")))));
const save = (who: { cookie: string }, fields: Record<string, string>) =>
  action(routeArgs(as(who, formPost("/admin/settings", fields))));

const now = new Date("2030-06-05T14:10:00-04:00");
const template = bookingSchema.parse(validBooking());
const book = (date: string, time: string, overrides: Partial<BookingInput> = {}) =>
  createBooking(
    {
      ...template,
      preferredDate: date,
      preferredTime: time,
      submissionKey: freshKey(),
      ...overrides,
    },
    testOrigin,
    now,
  );

describe(`shop settings on ${testDriver}`, () => {
  it("shows the environment's values until the first save, then counts the saved ones for bookings", async () => {
    useSettings({ BOOKING_SLOT_CAPACITY: "3", BOOKING_LIMIT_PER_CUSTOMER: "3" });
    const before = await page();
    expect(before).toMatchObject({
      saved: false,
      changes: [],
      settings: {
        version: 1,
        shown: {
          bookingSlotCapacity: "3",
          bookingLimitPerCustomer: "3",
          changeCutoffHours: "2",
          quoteApprovalStartsRepair: "off",
          bookingsConfirmedAtOnce: "received",
        },
      },
    });

    const answer = await save(manager, {
      bookingSlotCapacity: "1",
      bookingLimitPerCustomer: "3",
      changeCutoffHours: "2",
      quoteApprovalStartsRepair: "off",
      bookingsConfirmedAtOnce: "received",
      version: "1",
      shown: JSON.stringify(before.settings.shown),
    });
    expect(statusOf(answer)).toBe(303);
    expect(responseOf(answer).headers.get("location")).toBe("/admin/settings");

    // One booking fills a slot now, on the form's time list and at the store.
    const date = "2030-06-12";
    expect((await book(date, "11:00")).outcome).toBe("created");
    expect((await book(date, "11:00", { phone: "(905) 555-0142" })).outcome).toBe("slot_full");
    const slot = (await dayAvailability(date, now)).slots.find((s) => s.time === "11:00");
    expect(slot?.full).toBe(true);

    const after = await page();
    expect(after).toMatchObject({ saved: true, settings: { version: 2 } });
    expect(after.changes).toEqual([
      expect.objectContaining({
        by: "settings-manager",
        summary: "Shop settings: bookings per time 1",
      }),
    ]);
    const [audit] = await handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings.update"));
    expect(audit).toMatchObject({
      entity: "shop_settings",
      entityId: 1,
      details: { bookingSlotCapacity: { from: 3, to: 1 } },
    });
  });

  it("holds a customer to the saved limit of upcoming bookings, and says the limit", async () => {
    const current = await page();
    await save(owner, {
      ...current.settings.shown,
      bookingSlotCapacity: "5",
      bookingLimitPerCustomer: "1",
      version: String(current.settings.version),
    });
    const customer = { phone: "(905) 555-0177", email: "one-booking@example.com" };
    expect((await book("2030-06-13", "10:00", customer)).outcome).toBe("created");
    expect(await book("2030-06-14", "10:00", customer)).toEqual({
      outcome: "too_many_bookings",
      limit: 1,
    });
  });

  it("refuses a save on settings read before someone else saved, keeping the typed change on top of theirs", async () => {
    const read = await page();
    const shown = JSON.stringify(read.settings.shown);
    const version = String(read.settings.version);
    expect(
      statusOf(
        await save(owner, {
          ...read.settings.shown,
          quoteApprovalStartsRepair: "on",
          version,
          shown,
        }),
      ),
    ).toBe(303);
    const stale = await save(manager, {
      ...read.settings.shown,
      bookingLimitPerCustomer: "4",
      version,
      shown,
    });
    expect(statusOf(stale)).toBe(409);
    const reply = replyOf(stale);
    expect(reply.initialValue).toMatchObject({
      bookingLimitPerCustomer: "4",
      quoteApprovalStartsRepair: "on",
    });
    expect(reply.error?.[""]?.[0]).toMatch(/changed while you had this page open/);
    expect(dataOf(stale)).toMatchObject({
      conflict: {
        version: read.settings.version + 1,
        changes: [
          expect.objectContaining({
            by: "settings-owner",
            summary: "Shop settings: an approved quote starts the repair",
          }),
        ],
      },
    });
    expect(await shopSettingsNow()).toMatchObject({
      bookingLimitPerCustomer: 1,
      quoteApprovalStartsRepair: true,
    });
  });

  it("lets one of two saves of the same copy through", async () => {
    const read = await page();
    const fields = (limit: string) => ({
      ...read.settings.shown,
      bookingLimitPerCustomer: limit,
      version: String(read.settings.version),
    });
    const statuses = await Promise.all([
      save(owner, fields("6")).then(statusOf),
      save(manager, fields("7")).then(statusOf),
    ]);
    expect(statuses.sort()).toEqual([303, 409]);
    expect((await shopSettingsNow()).version).toBe(read.settings.version + 1);
  });

  it("saves the hours before an appointment that online changes stop, 0 to a week (decision 0056)", async () => {
    const read = await page();
    const answer = await save(owner, {
      ...read.settings.shown,
      changeCutoffHours: "0",
      version: String(read.settings.version),
      shown: JSON.stringify(read.settings.shown),
    });
    expect(statusOf(answer)).toBe(303);
    expect(await shopSettingsNow()).toMatchObject({ changeCutoffHours: 0 });
    const after = await page();
    expect(after.settings.shown.changeCutoffHours).toBe("0");
    expect(after.changes[0]).toMatchObject({
      summary: "Shop settings: online changes until 0 hours before",
    });
    const refused = await save(owner, {
      ...after.settings.shown,
      changeCutoffHours: "169",
      version: String(after.settings.version),
    });
    expect(statusOf(refused)).toBe(400);
    expect(replyOf(refused).error).toEqual({
      changeCutoffHours: [
        "Please enter how many hours before an appointment online changes stop, from 0 to 168.",
      ],
    });
  });

  it("refuses values out of range with the field's message, storing nothing", async () => {
    const read = await page();
    const refused = await save(owner, {
      bookingSlotCapacity: "0",
      bookingLimitPerCustomer: "2.5",
      changeCutoffHours: "-1",
      quoteApprovalStartsRepair: "sometimes",
      bookingsConfirmedAtOnce: "maybe",
      version: String(read.settings.version),
    });
    expect(statusOf(refused)).toBe(400);
    expect(replyOf(refused).error).toEqual({
      bookingSlotCapacity: ["Please enter how many repairs one time can take, from 1 to 100."],
      bookingLimitPerCustomer: [
        "Please enter how many upcoming bookings one customer may hold, from 1 to 50.",
      ],
      changeCutoffHours: [
        "Please enter how many hours before an appointment online changes stop, from 0 to 168.",
      ],
      quoteApprovalStartsRepair: ["Please choose what an approved quote does."],
      bookingsConfirmedAtOnce: ["Please choose what a new online booking is."],
    });
    expect((await shopSettingsNow()).version).toBe(read.settings.version);
  });

  it("is the owner's and managers' page only", async () => {
    expect(statusOf(await thrownBy(page(tech)))).toBe(403);
    const read = await page();
    expect(
      statusOf(
        await thrownBy(
          save(tech, { ...read.settings.shown, version: String(read.settings.version) }),
        ),
      ),
    ).toBe(403);
  });
});
