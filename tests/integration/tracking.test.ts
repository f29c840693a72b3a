import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings } from "../../db/schema";
import { createBooking, type StoredBooking } from "~/lib/bookings.server";
import { trackByToken, trackRepairs } from "~/lib/tracking.server";
import { action } from "~/routes/track-repair";
import { bookingSchema } from "~/schemas/booking";
import { trackingSchema } from "~/schemas/tracking";
import { formPost, freshKey, testContext, testOrigin, validBooking } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let older: StoredBooking;
let newer: StoredBooking;

async function book(fields: Record<string, string>) {
  const result = await createBooking(bookingSchema.parse(validBooking({ submissionKey: freshKey(), ...fields })), testOrigin);
  if (result.outcome !== "created") throw new Error(`booking not created: ${result.outcome}`);
  return result.booking;
}

beforeAll(async () => {
  handle = await installTestDatabase();
  older = await book({ phone: "905-555-0177", email: "jordan.price@example.com", firstName: "Jordan", lastName: "Price", preferredTime: "11:30" });
  newer = await book({ phone: "1 (905) 555 0177", email: "jordan.price@example.com", firstName: "Jordan", lastName: "Price", preferredTime: "12:00" });
  await handle.db.update(bookings).set({ status: "in_progress", customerNote: "Your device is under repair." }).where(eq(bookings.id, older.id));
  await handle.db.insert(bookingEvents).values({ bookingId: older.id, status: "in_progress", note: "Your device is under repair." });
});
afterAll(() => handle.drop());

const q = (input: Record<string, string>) => trackingSchema.parse(input);

describe(`tracking on ${testDriver}`, () => {
  it("finds by any spelling of the repair ID, masked without the phone", async () => {
    for (const repairId of [`WF-${String(older.id).padStart(5, "0")}`, `wf-${older.id}`, String(older.id)]) {
      const [found] = await trackRepairs(q({ repairId }));
      expect(found).toMatchObject({
        id: older.id,
        status: "in_progress",
        statusLabel: "In Progress",
        customerNote: "Your device is under repair.",
        fullDetails: false,
        issueDescription: null,
        customer: { firstName: "Jordan", lastName: "P.", email: "j***@example.com", phone: "(***) ***-0177" },
      });
      expect(found!.history.map((h) => h.label)).toEqual(["Pending", "In Progress"]);
    }
  });

  it("shows full details for the ID with its own phone, in any format", async () => {
    const [found] = await trackRepairs(q({ repairId: String(older.id), phoneNumber: "+1 905.555.0177" }));
    expect(found).toMatchObject({ fullDetails: true, customer: { lastName: "Price", email: "jordan.price@example.com", phone: "(905) 555-0177" } });
    expect(found!.issueDescription).toBe("Battery drains by noon.");
  });

  it("answers a mismatched phone exactly like an unknown ID", async () => {
    expect(await trackRepairs(q({ repairId: String(older.id), phoneNumber: "905-555-0100" }))).toEqual([]);
    expect(await trackRepairs(q({ repairId: "99999" }))).toEqual([]);
  });

  it("lists every booking of a phone number, newest first, masked", async () => {
    const found = await trackRepairs(q({ phoneNumber: "9055550177" }));
    expect(found.map((b) => b.id)).toEqual([newer.id, older.id]);
    expect(found.every((b) => !b.fullDetails)).toBe(true);
  });

  it("shows the owner's details through the secret link only", async () => {
    expect(await trackByToken(newer.trackingToken)).toMatchObject({ id: newer.id, fullDetails: true });
    expect(await trackByToken("x".repeat(32))).toBeUndefined();
    expect(await trackByToken("../../etc/passwd")).toBeUndefined();
  });
});

describe(`tracking page on ${testDriver}`, () => {
  type Result = { data: { bookings: unknown[]; result: { error?: Record<string, string[]> }; toast?: { title: string; description: string } }; init?: ResponseInit };
  const post = (fields: Record<string, string>, context = testContext()) =>
    action({ request: formPost("/track-repair", fields), params: {}, context }) as Promise<unknown> as Promise<Result>;

  it("asks for an ID or a phone with the spec's toast", async () => {
    const result = await post({});
    expect(result.init?.status).toBe(400);
    expect(result.data.toast).toMatchObject({
      title: "Tracking Failed",
      description: "Please enter either a Repair ID or a Phone Number to track your device.",
    });
  });

  it("answers 404 with the spec's message when nothing matches", async () => {
    const result = await post({ repairId: "WF-99999" });
    expect(result.init?.status).toBe(404);
    expect(result.data.result.error?.[""]).toEqual(["Repair not found. Please check the ID/Phone Number and try again."]);
  });

  it("limits lookups to ten a minute per client, answering 429 with Retry-After", async () => {
    const context = testContext("198.51.100.9");
    let last: Result | undefined;
    for (let i = 0; i < 11; i++) last = await post({ repairId: String(older.id) }, context);
    expect(last?.init?.status).toBe(429);
    expect(Number(new Headers(last?.init?.headers).get("retry-after"))).toBeGreaterThan(0);
  });
});
