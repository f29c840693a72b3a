import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings, outbox, repairItems } from "../../db/schema";
import { AppointmentWhen } from "~/components/tracking/appointment-when";
import { TrackedBookingCard } from "~/components/tracking/tracked-booking-card";
import { createBooking } from "~/models/booking.server";
import type { Booking } from "~/types/booking";
import { lookUpRepairs, trackByToken, trackRepairs } from "~/models/booking-tracking.server";
import type { TrackedRepair } from "~/types/tracking";
import { loader as jsonDoor } from "~/routes/api.endpoints.track_repair[.php]";
import * as trackRepairPage from "~/routes/track-repair";
import { bookingSchema } from "~/schemas/booking";
import { trackingSchema } from "~/schemas/tracking";
import { bookingReference } from "~/utils/booking-reference";
import { appointmentLong } from "~/utils/appointment-change";
import { addDays, formatCalendarDate, shopInstant, shopToday } from "~/utils/shop-time";
import { createTestStaff, insertBooking } from "../support/admin";
import { answerQuote, createQuote } from "~/models/quote.server";
import { quoteSchema } from "~/schemas/quote";
import {
  formPost,
  freshKey,
  testContext,
  testOrigin,
  validBooking,
  routeArgs,
} from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { dataOf, headersOf, statusOf } from "../support/answers";
import { useSettings } from "../support/settings";
import { singleFetchHandler } from "../support/single-fetch";

let handle: TestDatabase;
let older: Booking;
let newer: Booking;

const customer = {
  firstName: "Jordan",
  lastName: "Quixley",
  email: "jordan.quixley@example.com",
  phone: "905-555-0177",
  issueDescription: "Dropped it at Quixley Farm; the screen flickers.",
};

/** Everything of the customer's that a lookup without the phone must not show, in any form. */
const personalTraces = [
  customer.firstName,
  customer.lastName,
  "Q.",
  "J.",
  "@",
  "example.com",
  customer.issueDescription,
  "Quixley Farm",
  "9055550177",
  "555-0177",
  "0177",
  "(905)",
  "***",
];

function expectNoPersonalTrace(text: string) {
  for (const trace of personalTraces)
    expect(text.toLowerCase(), `shows ${trace}`).not.toContain(trace.toLowerCase());
}

/**
 * The appointment still to come (the newer booking's) as each answer writes it: a phone alone may
 * show it (docs/decisions/0057), and it is taken out before the checks below.
 */
const upcomingAppointment = () => [
  `{"kind":"appointment","date":"${newer.preferredDate}","time":"${newer.preferredTime}"}`,
  appointmentLong(newer.preferredDate, newer.preferredTime),
  // The card's markup of the same words, the time kept on one line.
  appointmentMarkup(newer.preferredDate, newer.preferredTime),
  // The router's single-fetch data writes each value once, apart.
  `"${newer.preferredDate}"`,
  `"${newer.preferredTime}"`,
];

/**
 * The reference is the second factor: nothing a lookup by phone alone answers may carry it, the id
 * it is made of, or an exact time or a day that would pick the repair out among lookups by
 * reference, but for the appointment still to come.
 */
function expectNoReference(answer: string) {
  const text = upcomingAppointment().reduce((rest, shown) => rest.replaceAll(shown, ""), answer);
  expect(text).not.toMatch(/WF-/i);
  for (const booking of [older, newer])
    expect(text, `shows the id ${booking.id}`).not.toContain(String(booking.id));
  expect(text, "shows a time of day").not.toMatch(/\d:\d\d/);
  expect(text, "shows a day").not.toMatch(/\d{4}-\d{2}-\d{2}/);
}

function appointmentMarkup(date: string, time: string) {
  return renderToStaticMarkup(createElement(AppointmentWhen, { date, time }));
}

const cardHtml = (booking: TrackedRepair) =>
  renderToStaticMarkup(createElement(TrackedBookingCard, { booking }));

async function book(fields: Record<string, string>) {
  const result = await createBooking(
    bookingSchema.parse(validBooking({ submissionKey: freshKey(), ...fields })),
    testOrigin,
  );
  if (result.outcome !== "created") throw new Error(`booking not created: ${result.outcome}`);
  return result.booking;
}

beforeAll(async () => {
  handle = await installTestDatabase();
  // Ids no other number on the page could be mistaken for.
  await handle.db.execute("select setval(pg_get_serial_sequence('bookings', 'id'), 48210)");
  older = await book({ ...customer, preferredTime: "11:30" });
  newer = await book({ ...customer, phone: "1 (905) 555 0177", preferredTime: "12:00" });
  await handle.db
    .update(bookings)
    .set({ status: "in_progress", customerNote: "Your device is under repair." })
    .where(eq(bookings.id, older.id));
  await handle.db
    .insert(bookingEvents)
    .values({ bookingId: older.id, status: "in_progress", note: "Your device is under repair." });
});
afterAll(() => handle.drop());

const q = (input: Record<string, string>) => trackingSchema.parse(input);

/** Each lookup from an address of its own, so no test runs into another's limits. */
let clients = 0;
const freshClient = () => testContext(`192.0.2.${++clients}`);

describe(`tracking on ${testDriver}`, () => {
  it("by any spelling of the repair ID alone: status, device, dates, note and history, and no personal field", async () => {
    for (const repairId of [
      `WF-${String(older.id).padStart(5, "0")}`,
      `wf-${older.id}`,
      String(older.id),
    ]) {
      const [found] = await trackRepairs(q({ repairId }));
      expect(found).toMatchObject({
        id: older.id,
        status: "in_progress",
        statusLabel: "In Progress",
        deviceBrand: "Apple",
        deviceModel: "iPhone 13",
        issueType: "Battery Replacement",
        customerNote: "Your device is under repair.",
        progressStep: 2,
        appointment: { kind: "appointment", date: older.preferredDate, time: "11:30" },
        quotedPrice: null,
      });
      expect(found).not.toHaveProperty("personal");
      expect(found!.history.map((h) => h.label)).toEqual(["Received", "In Progress"]);
      expectNoPersonalTrace(JSON.stringify(found));
      expectNoPersonalTrace(cardHtml(found!));
    }
  });

  it("by phone alone: every booking of that number, newest first, without personal field, reference, id or a date that follows from its day", async () => {
    const found = await trackRepairs(q({ phoneNumber: "9055550177" }));
    expect(found.map((b) => b.status)).toEqual(["pending", "in_progress"]);
    expect(found[1]).toMatchObject({
      deviceBrand: "Apple",
      deviceModel: "iPhone 13",
      customerNote: "Your device is under repair.",
      history: [
        { status: "pending", label: "Received", note: null },
        { status: "in_progress", label: "In Progress", note: "Your device is under repair." },
      ],
    });
    for (const booking of found) {
      for (const key of ["personal", "id", "reference", "submittedAt", "updatedAt", "quote"])
        expect(booking).not.toHaveProperty(key);
      // Sequential references: the day a repair came in would narrow its reference to a few.
      expect(cardHtml(booking)).not.toContain(formatCalendarDate(shopToday(older.createdAt)));
      expectNoPersonalTrace(JSON.stringify(booking));
      expectNoPersonalTrace(cardHtml(booking));
      expectNoReference(JSON.stringify(booking));
      expectNoReference(cardHtml(booking));
    }
  });

  it("by phone alone: the appointment still to come, but not a started repair's, a past one or a walk-in's drop-off", async () => {
    const [upcoming, started] = await trackRepairs(q({ phoneNumber: "9055550177" }));
    expect(upcoming).toMatchObject({
      status: "pending",
      progressStep: 0,
      appointment: { kind: "appointment", date: newer.preferredDate, time: "12:00" },
    });
    expect(cardHtml(upcoming!)).toContain(
      `Appointment</dt><dd class="font-medium break-words text-slate-900">${appointmentMarkup(newer.preferredDate, "12:00")}`,
    );
    expect(started).toMatchObject({ status: "in_progress", appointment: null });

    // The day after the appointment, it is one more day that would narrow the reference.
    const dayAfter = shopInstant(addDays(newer.preferredDate, 1), 12 * 60);
    const [passed] = await trackRepairs(q({ phoneNumber: "9055550177" }), dayAfter);
    expect(passed).toMatchObject({ status: "pending", appointment: null });
    expect((await trackRepairs(q({ repairId: String(newer.id) }), dayAfter))[0]).toMatchObject({
      appointment: { kind: "appointment", date: newer.preferredDate },
    });

    // A walk-in's drop-off is the day it came in: shown with the reference, never by phone alone.
    const walkIn = await insertBooking(handle.db, {
      source: "walk_in",
      phone: "905-555-0178",
      preferredDate: shopToday(),
      preferredTime: "10:17",
    });
    const [byPhone] = await trackRepairs(q({ phoneNumber: "905-555-0178" }));
    expect(byPhone).toMatchObject({ appointment: null });
    expect(cardHtml(byPhone!)).not.toContain("10:17");
    const [byReference] = await trackRepairs(q({ repairId: String(walkIn.id) }));
    expect(byReference).toMatchObject({
      appointment: { kind: "drop_off", date: shopToday(), time: "10:17" },
    });
    expect(cardHtml(byReference!)).toContain("Dropped off");
  });

  it("shows the price quoted and the diagnosis among the steps on every lookup, and the counter's price once a quote is declined", async () => {
    const phone = "905-555-0166";
    const booking = await book({ ...customer, phone, preferredTime: "16:30" });
    const staff = await createTestStaff(handle.db, "tracking-quoter");
    const quote = (await createQuote(
      booking.id,
      quoteSchema.parse({ amount: "189.5", covers: "Screen", validUntil: addDays(shopToday(), 7) }),
      staff.id,
      testOrigin,
    ))!;
    const lookups = async () => [
      ...(await trackRepairs(q({ repairId: String(booking.id) }))),
      ...(await trackRepairs(q({ phoneNumber: phone }))),
      ...(await trackRepairs(q({ repairId: String(booking.id), phoneNumber: phone }))),
      (await trackByToken(booking.trackingToken))!,
    ];
    for (const found of await lookups()) {
      expect(found).toMatchObject({ quotedPrice: "$189.50 before tax", progressStep: 1 });
      expect(cardHtml(found)).toMatch(/Quoted price<\/dt><dd[^>]*>\$189\.50 before tax</);
      expect(cardHtml(found)).toMatch(/aria-current="step"[^>]*>.*?Diagnosing/);
    }

    await answerQuote(booking.trackingToken, quote.id, "decline", testOrigin);
    for (const found of await lookups()) expect(found).toMatchObject({ quotedPrice: null });
    await handle.db
      .update(bookings)
      .set({ quotedPrice: "99.00" })
      .where(eq(bookings.id, booking.id));
    for (const found of await lookups())
      expect(found).toMatchObject({ quotedPrice: "$99.00 before tax" });
  });

  it("shows the price list's price of a repair booked online as the price quoted, kept as it was when booked", async () => {
    const [item] = await handle.db
      .insert(repairItems)
      .values({
        category: "mobile",
        brand: "Google",
        model: "Pixel 8 Tracking",
        repair: "Screen Replacement",
        price: "149.99",
      })
      .returning();
    const pixel = {
      ...customer,
      phone: "905-555-0155",
      deviceBrand: "Google",
      deviceModel: "Pixel 8 Tracking",
      issueType: "Screen Replacement",
      preferredTime: "17:00",
    };
    const booking = await book(pixel);
    expect(booking.quotedPrice).toBe("149.99");
    // The list changing later does not change the price the customer was given.
    await handle.db
      .update(repairItems)
      .set({ price: "159.99" })
      .where(eq(repairItems.id, item!.id));
    const lookups = [
      ...(await trackRepairs(q({ repairId: String(booking.id) }))),
      ...(await trackRepairs(q({ phoneNumber: pixel.phone }))),
      (await trackByToken(booking.trackingToken))!,
    ];
    for (const found of lookups) {
      expect(found).toMatchObject({ quotedPrice: "$149.99 before tax" });
      expect(cardHtml(found)).toMatch(/Quoted price<\/dt><dd[^>]*>\$149\.99 before tax</);
    }
    // A repair the list prices "Call For Price", or one not on it, has no price until staff give one.
    await handle.db
      .update(repairItems)
      .set({ price: null, priceLabel: "Call For Price" })
      .where(eq(repairItems.id, item!.id));
    expect((await book({ ...pixel, preferredTime: "17:30" })).quotedPrice).toBeNull();
    expect(
      (await book({ ...pixel, issueType: "Other", preferredTime: "16:00" })).quotedPrice,
    ).toBeNull();
  });

  it("tells the repairs found by phone apart by device and repair, and says how to see more", async () => {
    const [html] = (await trackRepairs(q({ phoneNumber: "9055550177" }))).map(cardHtml);
    expect(html).toMatch(/<h2[^>]*>Apple iPhone 13<\/h2>/);
    expect(html).toContain(`>${newer.issueType}</p>`);
    expect(html).toContain(
      "enter the repair ID from your confirmation e-mail or text together with this phone number",
    );
  });

  it("shows the customer's details for the ID with its own phone, in any format", async () => {
    const [found] = await trackRepairs(
      q({ repairId: String(older.id), phoneNumber: "+1 905.555.0177" }),
    );
    expect(found).toHaveProperty("personal", {
      firstName: "Jordan",
      lastName: "Quixley",
      email: "jordan.quixley@example.com",
      phone: "(905) 555-0177",
      issueDescription: customer.issueDescription,
    });
    const html = cardHtml(found!);
    for (const shown of [
      "Jordan Quixley",
      "jordan.quixley@example.com",
      "(905) 555-0177",
      "Quixley Farm",
    ])
      expect(html).toContain(shown);
  });

  it("answers a mismatched phone exactly like an unknown ID", async () => {
    expect(
      await trackRepairs(q({ repairId: String(older.id), phoneNumber: "905-555-0100" })),
    ).toEqual([]);
    expect(await trackRepairs(q({ repairId: "99999" }))).toEqual([]);
    expect(await trackRepairs(q({ repairId: "99999", phoneNumber: "905-555-0177" }))).toEqual([]);
  });

  it("shows the owner's details through the secret link only", async () => {
    const found = await trackByToken(newer.trackingToken);
    expect(found).toMatchObject({
      id: newer.id,
      personal: { firstName: "Jordan", lastName: "Quixley", email: customer.email },
    });
    expect(cardHtml(found!)).toContain("Jordan Quixley");
    expect(await trackByToken("x".repeat(32))).toBeUndefined();
    expect(await trackByToken("../../etc/passwd")).toBeUndefined();
  });
});

const post = (fields: Record<string, string>, context = freshClient()) =>
  trackRepairPage.action(routeArgs(formPost("/track-repair", fields), {}, context));

const getJson = (params: Record<string, string>, context = freshClient()) =>
  jsonDoor(
    routeArgs(
      new Request(`http://localhost/api/endpoints/track_repair.php?${new URLSearchParams(params)}`),
      {},
      context,
    ),
  ) as Promise<Response>;

const pageData = singleFetchHandler("track-repair", trackRepairPage);
const postData = (fields: Record<string, string>, context = freshClient()) =>
  pageData(
    new Request("http://localhost/track-repair.data", {
      method: "POST",
      body: new URLSearchParams(fields),
    }),
    context,
  );

describe(`tracking page on ${testDriver}`, () => {
  it("asks for an ID or a phone with the legacy site's toast", async () => {
    const result = await post({});
    expect(statusOf(result)).toBe(400);
    expect(dataOf(result).toast).toMatchObject({
      title: "Tracking Failed",
      description: "Please enter either a Repair ID or a Phone Number to track your device.",
    });
  });

  it("answers 404 with the legacy site's message when nothing matches", async () => {
    const result = await post({ repairId: "WF-99999" });
    expect(statusOf(result)).toBe(404);
    expect(dataOf(result).result.error?.[""]).toEqual([
      "Repair not found. Please check the ID/Phone Number and try again.",
    ]);
  });

  it("answers by ID alone or phone alone without any personal field, and in full with both", async () => {
    for (const fields of [
      { repairId: String(older.id) },
      { phoneNumber: "905 555 0177" },
    ] as Record<string, string>[]) {
      const result = await post(fields);
      expect(statusOf(result)).toBe(200);
      expect(dataOf(result).bookings.length).toBeGreaterThan(0);
      expectNoPersonalTrace(JSON.stringify(dataOf(result).bookings));
    }
    const full = await post({ repairId: String(older.id), phoneNumber: "905 555 0177" });
    expect(dataOf(full).bookings[0]).toMatchObject({ personal: { email: customer.email } });
  });

  it("answers a phone alone without the reference or the id, in its data and on its cards", async () => {
    const result = await post({ phoneNumber: "905 555 0177" });
    const { bookings: found } = dataOf(result);
    expect(found).toHaveLength(2);
    expectNoReference(JSON.stringify(dataOf(result)));
    for (const booking of found) expectNoReference(cardHtml(booking));
  });

  it("answers a phone alone without the reference or the id in its single-fetch data (.data)", async () => {
    const byPhone = await postData({ phoneNumber: "905 555 0177" });
    expect(byPhone.status).toBe(200);
    expect(byPhone.headers.get("cache-control")).toBe("private, no-store");
    const text = await byPhone.text();
    expect(text).toContain("Your device is under repair.");
    expectNoReference(text);
    expect(text).not.toMatch(/"(id|reference)"/);

    // The same check sees the reference where the lookup entitles to it.
    const both = await postData({ repairId: String(older.id), phoneNumber: "905 555 0177" });
    expect(await both.text()).toContain(bookingReference(older.id));
  });

  it("answers a mismatched phone exactly like an unknown ID", async () => {
    const mismatch = await post({ repairId: String(older.id), phoneNumber: "905-555-0100" });
    const unknown = await post({ repairId: "99999", phoneNumber: "905-555-0100" });
    expect(statusOf(mismatch)).toBe(404);
    expect({ ...dataOf(mismatch), result: dataOf(mismatch).result.error }).toEqual({
      ...dataOf(unknown),
      result: dataOf(unknown).result.error,
    });
  });

  it("limits lookups to ten a minute per client, answering 429 with Retry-After", async () => {
    const context = testContext("198.51.100.9");
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 11; i++) last = await post({ repairId: String(older.id) }, context);
    expect(statusOf(last)).toBe(429);
    expect(Number(headersOf(last).get("retry-after"))).toBeGreaterThan(0);
  });
});

describe(`what a lookup sends on ${testDriver}`, () => {
  it("no e-mail or text at all: the reference goes only to the owner's own address and number", async () => {
    const queued = async () => (await handle.db.select({ id: outbox.id }).from(outbox)).length;
    const before = await queued();
    for (const fields of [
      { phoneNumber: "905-555-0177" },
      { phoneNumber: "289-555-0199" },
      { repairId: String(older.id) },
      { repairId: String(older.id), phoneNumber: "905-555-0177" },
    ] as Record<string, string>[]) {
      await post(fields);
      await postData(fields);
      await getJson(fields);
    }
    expect(await queued()).toBe(before);
  });
});

describe(`tracking JSON door on ${testDriver}`, () => {
  it("answers by ID alone or phone alone without any personal field, not even as keys", async () => {
    for (const params of [
      { repairId: `WF-${String(older.id).padStart(5, "0")}` },
      { phoneNumber: "(905) 555-0177" },
    ] as Record<string, string>[]) {
      const response = await getJson(params);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.booking).toMatchObject({
        status: expect.any(String),
        deviceCategory: "Mobile Repair Service",
        history: expect.any(Array),
      });
      for (const field of ["firstName", "lastName", "email", "phone", "issueDescription"])
        expect(body.booking).not.toHaveProperty(field);
      expectNoPersonalTrace(JSON.stringify(body));
    }
  });

  it("answers a phone alone without the reference, the id or a date that follows from its day", async () => {
    const response = await getJson({ phoneNumber: "(905) 555-0177" });
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.bookings).toHaveLength(2);
    expect(body.booking).toMatchObject({
      status: "pending",
      deviceModel: "Apple iPhone 13",
      history: [{ status: "pending", label: "Received", note: null }],
    });
    for (const booking of body.bookings) {
      expect(booking).not.toHaveProperty("id");
      expect(booking).not.toHaveProperty("reference");
      expect(booking).not.toHaveProperty("submissionDate");
    }
    expect(body.booking.appointment).toEqual({
      kind: "appointment",
      date: newer.preferredDate,
      time: newer.preferredTime,
    });
    expect(body.bookings[1].appointment).toBeNull();
    expectNoReference(text);
  });

  it("answers the reference with its id and reference", async () => {
    const body = await (await getJson({ repairId: String(older.id) })).json();
    expect(body.booking).toMatchObject({ id: older.id, reference: bookingReference(older.id) });
  });

  it("gives the customer's fields for the ID with its own phone", async () => {
    const body = await (
      await getJson({ repairId: String(older.id), phoneNumber: "9055550177" })
    ).json();
    expect(body.booking).toMatchObject({
      firstName: "Jordan",
      lastName: "Quixley",
      email: customer.email,
      phone: "(905) 555-0177",
      issueDescription: customer.issueDescription,
    });
  });

  it("answers a mismatched phone exactly like an unknown ID", async () => {
    const mismatch = await getJson({ repairId: String(older.id), phoneNumber: "905-555-0100" });
    const unknown = await getJson({ repairId: "99999", phoneNumber: "905-555-0100" });
    expect([mismatch.status, await mismatch.text()]).toEqual([
      unknown.status,
      await unknown.text(),
    ]);
    expect(mismatch.status).toBe(404);
  });
});

describe(`failed lookups per hour on ${testDriver}`, () => {
  it("refuses every lookup with 429 and Retry-After once the cap of lookups that found nothing is reached, on both doors", async () => {
    useSettings({ RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "3" });
    useSettings({ RATE_LIMIT_TRACK_PER_MIN: "1000" });
    const context = testContext("198.51.100.31");
    for (let i = 0; i < 2; i++)
      expect(statusOf(await post({ repairId: `WF-9999${i}` }, context))).toBe(404);
    expect(
      (await getJson({ repairId: "WF-99990", phoneNumber: "905-555-0177" }, context)).status,
    ).toBe(404);

    const page = await post({ repairId: String(older.id), phoneNumber: "905-555-0177" }, context);
    expect(statusOf(page)).toBe(429);
    expect(Number(headersOf(page).get("retry-after"))).toBeGreaterThan(60);
    expect(dataOf(page).toast?.description).toMatch(
      /^Too many lookups from your connection\. .* wait \d+ minutes.*tracking link/,
    );
    expect(dataOf(page).bookings).toEqual([]);

    const json = await getJson({ repairId: String(older.id) }, context);
    expect(json.status).toBe(429);
    expect(Number(json.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await json.json()).message).toMatch(/^Too many lookups from your connection\./);
  });

  it("counts every lookup by phone alone, found or not, on both doors", async () => {
    useSettings({ RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "3" });
    useSettings({ RATE_LIMIT_TRACK_PER_MIN: "1000" });
    const context = testContext("198.51.100.34");
    const statuses = [
      statusOf(await post({ phoneNumber: "905-555-0177" }, context)),
      (await getJson({ phoneNumber: "905-555-0177" }, context)).status,
      statusOf(await postData({ phoneNumber: "905-555-0177" }, context)),
      statusOf(await post({ phoneNumber: "905-555-0177" }, context)),
      (await getJson({ phoneNumber: "905-555-0177" }, context)).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("counts every lookup by the reference alone, so a table of repairs cannot be built to match a phone's answer against", async () => {
    useSettings({ RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "3" });
    useSettings({ RATE_LIMIT_TRACK_PER_MIN: "1000" });
    const context = testContext("198.51.100.35");
    const statuses = [];
    for (const id of [older.id, newer.id, older.id, newer.id])
      statuses.push((await getJson({ repairId: String(id) }, context)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("does not count the reference with its own phone", async () => {
    useSettings({ RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "3" });
    useSettings({ RATE_LIMIT_TRACK_PER_MIN: "1000" });
    const context = testContext("198.51.100.32");
    for (let i = 0; i < 5; i++)
      expect(
        statusOf(await post({ repairId: String(older.id), phoneNumber: "9055550177" }, context)),
      ).toBe(200);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await getJson(
            { repairId: bookingReference(newer.id), phoneNumber: "905-555-0177" },
            context,
          )
        ).status,
      ).toBe(200);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(statusOf(await post({ repairId: "WF-99999" }, context)));
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe(`the failed-lookup window on ${testDriver}`, () => {
  it("slides: refused lookups do not lengthen the wait, and a lookup at Retry-After goes through", async () => {
    useSettings({ RATE_LIMIT_TRACK_FAILURES_PER_HOUR: "2" });
    const context = testContext("198.51.100.33");
    const hour = (Math.floor(Date.now() / 3_600_000) + 3) * 3_600_000;
    const at = hour + 600_000;
    expect(await lookUpRepairs(q({ repairId: "WF-99991" }), context, at)).toEqual({
      outcome: "not_found",
    });
    expect(await lookUpRepairs(q({ repairId: "WF-99992" }), context, at + 1_000)).toEqual({
      outcome: "not_found",
    });
    const first = await lookUpRepairs(q({ repairId: String(older.id) }), context, at + 2_000);
    const again = await lookUpRepairs(q({ repairId: String(older.id) }), context, at + 62_000);
    expect(first.outcome).toBe("too_many_failures");
    expect(again.outcome).toBe("too_many_failures");
    const wait = (outcome: typeof first) =>
      outcome.outcome === "too_many_failures" ? outcome.retryAfterSeconds : 0;
    // Two failures ten minutes into an hour weigh until half of them has slid out of the last hour.
    expect(wait(first)).toBe(3600 - 602 + 1800);
    expect(wait(again)).toBe(wait(first) - 60);
    expect(
      (
        await lookUpRepairs(
          q({ repairId: String(older.id) }),
          context,
          at + 2_000 + wait(first) * 1000,
        )
      ).outcome,
    ).toBe("found");
  });
});

describe(`faults that are not an outage on ${testDriver}`, () => {
  it("reach the error handler from both doors instead of a 503", async () => {
    await handle.db.execute("alter table booking_events rename to booking_events_gone");
    try {
      await expect(post({ repairId: String(older.id) })).rejects.toThrow(/booking_events/);
      await expect(getJson({ repairId: String(older.id) })).rejects.toThrow(/booking_events/);
    } finally {
      await handle.db.execute("alter table booking_events_gone rename to booking_events");
    }
  });
});
