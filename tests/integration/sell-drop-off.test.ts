import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buybackOffers } from "../../db/schema";
import { seedBuybackGrid } from "../../seeds/buyback-grid";
import { agendaDropOffs } from "~/models/booking-agenda.server";
import { dayAvailability } from "~/models/booking-availability.server";
import { rescheduleBooking } from "~/models/booking-customer-change.server";
import { createBooking } from "~/models/booking.server";
import { closeOffer, createOffer } from "~/models/trade-offer.server";
import { action as sellAction } from "~/routes/sell";
import { dropOffChoices } from "~/routes/sell-steps.server";
import { bookingSchema } from "~/schemas/booking";
import { offerContactSchema } from "~/schemas/trade-offer";
import { storedSubmissionKey } from "~/server/submission.server";
import { replyOf, responseOf, statusOf } from "../support/answers";
import { createTestStaff } from "../support/admin";
import { formPost, freshKey, routeArgs, testOrigin, validBooking } from "../support/forms";
import { useSettings } from "../support/settings";
import { sellerForm } from "../support/sell-fields";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staffId: number;
/** Free drop-off times ("2026-12-01 10:30") as /sell lists them; each test takes its own. */
let times: string[] = [];

beforeAll(async () => {
  handle = await installTestDatabase();
  await seedBuybackGrid(handle.db);
  staffId = (await createTestStaff(handle.db, "offer-closer", "manager")).id;
  times = (await dropOffChoices()).flatMap((day) => day.times.map((time) => time.value));
});
afterAll(() => handle.drop());

// One place a slot, so the first booking or drop-off in a slot is its last place.
beforeEach(() => useSettings({ BOOKING_SLOT_CAPACITY: "1" }));

let nextTime = 0;
/** A drop-off time no other test has used. */
function freeTime() {
  const value = times[nextTime++];
  if (!value) throw new Error("the drop-off list ran out of times");
  const [date, time] = value.split(" ") as [string, string];
  return { value, date, time };
}

const sellerFields = (dropOff: string) => ({
  ...sellerForm({ dropOff }),
  submissionKey: freshKey(),
  website: "",
});

const postOffer = (fields: Record<string, string>) =>
  sellAction(routeArgs(formPost("/sell", fields)));

let phone = 0;
/** A booking for the slot, each from another customer (one customer's limit is not the point). */
const book = (slot: { date: string; time: string }) =>
  createBooking(
    bookingSchema.parse(
      validBooking({
        preferredDate: slot.date,
        preferredTime: slot.time,
        phone: `(905) 555-${String(2000 + ++phone)}`,
        email: `booker${phone}@example.com`,
        submissionKey: freshKey(),
      }),
    ),
    testOrigin,
  );

const markedFull = async (slot: { date: string; time: string }) =>
  (await dayAvailability(slot.date)).slots.find((s) => s.time === slot.time)?.full;

const listed = async (slot: { value: string }) =>
  (await dropOffChoices()).some((day) => day.times.some((time) => time.value === slot.value));

const offersKeptUnder = async (key: string) =>
  (
    await handle.db
      .select({ n: count() })
      .from(buybackOffers)
      .where(eq(buybackOffers.submissionKey, storedSubmissionKey("form", key)!))
  )[0]!.n;

describe(`a drop-off time picked on /sell, on ${testDriver}`, () => {
  it("takes the slot's last place: the booking form marks the time full and a booking is refused", async () => {
    const slot = freeTime();
    expect(await markedFull(slot)).toBe(false);
    const fields = sellerFields(slot.value);
    const kept = responseOf(await postOffer(fields));
    expect(kept.status).toBe(303);
    expect(await markedFull(slot)).toBe(true);
    expect(await listed(slot)).toBe(false);
    expect(await book(slot)).toEqual({ outcome: "slot_full" });
    // Staff see it in the day's slot on the agenda.
    expect(await agendaDropOffs(slot.date)).toContainEqual(
      expect.objectContaining({
        name: "Sam Seller",
        device: "Apple iPhone 15 128 GB",
        dropOffTime: slot.time,
        reference: expect.stringMatching(/^T-/),
      }),
    );
    // The seller's retry (a lost answer, the offline queue) is shown the offer its time is held by.
    const again = responseOf(await postOffer(fields));
    expect(again.headers.get("location")).toBe(kept.headers.get("location"));
    expect(await offersKeptUnder(fields.submissionKey)).toBe(1);
  });

  it("is refused (409, the message on the drop-off field, nothing stored) once a booking took the last place", async () => {
    const slot = freeTime();
    expect((await book(slot)).outcome).toBe("created");
    const fields = sellerFields(slot.value);
    const refused = await postOffer(fields);
    expect(statusOf(refused)).toBe(409);
    expect(replyOf(refused as never).error?.dropOff).toEqual([
      expect.stringMatching(/no longer free/),
    ]);
    expect(await offersKeptUnder(fields.submissionKey)).toBe(0);
    // Stored straight, past the list the form checks first, the slot's own count refuses it.
    const input = offerContactSchema.parse(sellerFields(slot.value));
    const direct = await createOffer(
      { ...input, submissionKey: storedSubmissionKey("form", input.submissionKey)! },
      testOrigin,
    );
    expect(direct).toEqual({ outcome: "slot_full" });
    expect(await offersKeptUnder(input.submissionKey)).toBe(0);
  });

  it("is counted when a customer moves their booking: a slot a drop-off filled refuses the move", async () => {
    const [date, time] = times.at(-1)!.split(" ") as [string, string];
    const booked = await book({ date, time });
    if (booked.outcome !== "created") throw new Error(`booking ${booked.outcome}`);
    const slot = freeTime();
    expect(statusOf(await postOffer(sellerFields(slot.value)))).toBe(303);
    const { trackingToken, version } = booked.booking;
    const to = { preferredDate: slot.date, preferredTime: slot.time };
    expect(await rescheduleBooking(trackingToken, to, version, testOrigin)).toEqual({
      outcome: "slot_full",
    });
  });

  it("races a booking for the last place: exactly one of them gets it, round after round", async () => {
    for (let round = 0; round < 6; round++) {
      const slot = freeTime();
      const fields = sellerFields(slot.value);
      const [offer, booking] = await Promise.all([postOffer(fields), book(slot)]);
      const offerWon = statusOf(offer) === 303;
      const bookingWon = booking.outcome === "created";
      expect(offerWon !== bookingWon).toBe(true);
      if (!offerWon) expect(statusOf(offer)).toBe(409);
      if (!bookingWon) expect(booking).toEqual({ outcome: "slot_full" });
      expect(await offersKeptUnder(fields.submissionKey)).toBe(offerWon ? 1 : 0);
      expect(await markedFull(slot)).toBe(true);
    }
  });

  it("races another seller for the last place: exactly one offer keeps it", async () => {
    for (let round = 0; round < 3; round++) {
      const slot = freeTime();
      const answers = await Promise.all([1, 2, 3].map(() => postOffer(sellerFields(slot.value))));
      expect(answers.map(statusOf).sort()).toEqual([303, 409, 409]);
    }
  });

  it("frees its place when the offer is cancelled or declined, or once it has expired", async () => {
    for (const close of ["cancelled", "declined", "expired"] as const) {
      const slot = freeTime();
      const fields = sellerFields(slot.value);
      expect(statusOf(await postOffer(fields))).toBe(303);
      expect(await markedFull(slot)).toBe(true);
      const [offer] = await handle.db
        .select()
        .from(buybackOffers)
        .where(eq(buybackOffers.submissionKey, storedSubmissionKey("form", fields.submissionKey)!));
      if (close === "expired")
        await handle.db
          .update(buybackOffers)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(buybackOffers.id, offer!.id));
      else expect((await closeOffer(offer!.id, close, staffId)).outcome).toBe("saved");
      expect(await markedFull(slot)).toBe(false);
      expect(await listed(slot)).toBe(true);
      expect((await agendaDropOffs(slot.date)).map((dropOff) => dropOff.id)).not.toContain(
        offer!.id,
      );
      expect((await book(slot)).outcome).toBe("created");
    }
  });
});
