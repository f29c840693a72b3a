import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { outboxContent } from "~/mail/outbox-content.server";
import { textOf } from "~/mail/sms-content.server";
import { createBooking } from "~/models/booking.server";
import { shopSettingsNow, updateShopSettings } from "~/models/shop-settings.server";
import { loader as confirmationPage } from "~/routes/book-appointment_.confirmation.$token";
import { loader as bookingPage } from "~/routes/book-appointment";
import { bookingSchema } from "~/schemas/booking";
import { dataOf } from "../support/answers";
import { signedInStaff } from "../support/admin";
import { freshKey, routeArgs, testOrigin, validBooking } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * A new online booking has one status word on its confirmation page, in its e-mail and in its text
 * (decision 0059): "received" until staff confirm it, or "confirmed" at once, as the Settings page
 * says; its messages keep the word it was stored with.
 */

let handle: TestDatabase;
let owner: { id: number };
beforeAll(async () => {
  handle = await installTestDatabase();
  owner = await signedInStaff(handle.db, "words-owner", "owner");
});
afterAll(() => handle.drop());

let phone = 100;
async function book() {
  const input = bookingSchema.parse(
    validBooking({
      notifyBy: "both",
      phone: `(905) 555-0${++phone}`,
      email: `words${phone}@example.com`,
    }),
  );
  const result = await createBooking({ ...input, submissionKey: freshKey() }, testOrigin);
  if (result.outcome !== "created") throw new Error(result.outcome);
  const rows = await handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.bookingId, result.booking.id), eq(outbox.kind, "booking_confirmation")))
    .orderBy(asc(outbox.id));
  const mail = outboxContent(rows.find((r) => r.channel === "email")!);
  const text = textOf(rows.find((r) => r.channel === "sms")!);
  const page = dataOf(
    await confirmationPage(
      routeArgs(new Request(`http://localhost/book-appointment/confirmation/x`), {
        token: result.booking.trackingToken,
      }),
    ),
  );
  return { mail, text, page, rows };
}

const formLead = async () =>
  dataOf(await bookingPage(routeArgs(new Request("http://localhost/book-appointment")))).words
    .formLead;

describe(`a new booking's status word on ${testDriver}`, () => {
  let first: Awaited<ReturnType<typeof book>>;

  it("is received by default: the page, the e-mail and the text say so, and when the shop will call", async () => {
    first = await book();
    expect(first.page.words.heading).toBe("Booking Received!");
    expect(first.page.words.next).toBe(
      "We'll contact you within 1 hour during opening hours to confirm your appointment.",
    );
    expect(first.mail.subject).toMatch(/^Your WeFix booking WF-\d{5} is received$/);
    expect(first.mail.text).toContain(first.page.words.next);
    expect(first.text).toMatch(/^WeFix: booking WF-\d{5} received for /);
    expect(first.text).toContain("within 1 hour during opening hours to confirm");
    expect(first.text.length).toBeLessThanOrEqual(320);
    for (const said of [first.mail.text, first.text, first.page.words.next])
      expect(said).not.toMatch(/confirmed/i);
    expect(await formLead()).toContain("within 1 hour during opening hours to confirm");
  });

  it("is confirmed once the shop confirms bookings at once, everywhere at once", async () => {
    const current = await shopSettingsNow();
    await updateShopSettings(
      {
        bookingSlotCapacity: current.bookingSlotCapacity,
        bookingLimitPerCustomer: current.bookingLimitPerCustomer,
        quoteApprovalStartsRepair: current.quoteApprovalStartsRepair,
        changeCutoffHours: current.changeCutoffHours,
        bookingsConfirmedAtOnce: true,
      },
      owner.id,
      current.version,
    );
    const next = await book();
    expect(next.page.words.heading).toBe("Booking Confirmed!");
    expect(next.mail.subject).toMatch(/ is confirmed$/);
    expect(next.mail.text).toContain("is confirmed. Your appointment is confirmed.");
    expect(next.text).toMatch(/^WeFix: booking WF-\d{5} confirmed for /);
    for (const said of [next.mail.text, next.text, next.page.words.next])
      expect(said).not.toMatch(/received/i);
    expect(await formLead()).toContain("confirmed at once");
  });

  it("leaves a booking's messages with the word it was stored with", async () => {
    expect(first.rows.every((r) => r.facts?.confirmed_at_once === false)).toBe(true);
    const again = first.rows.map((row) =>
      row.channel === "email" ? outboxContent(row).subject : textOf(row),
    );
    expect(again.join(" ")).toContain("received");
  });
});
