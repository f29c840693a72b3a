import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import { eq } from "drizzle-orm";
import { waitingForPickup } from "~/models/booking-agenda.server";
import {
  RepairChangeRefused,
  updateRepairStatus,
  type RepairStatusSaved,
} from "~/models/booking-changes.server";
import { invoiceOfBooking, invoiceWithItems, issueInvoice } from "~/models/invoice.server";
import { balancesDue } from "~/models/money-owed.server";
import { recordPayment } from "~/models/payment.server";
import { pickupWaitText } from "~/utils/agenda";
import { createTestStaff, insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staffId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "pickup.clerk")).id;
});
afterAll(() => handle.drop());

const moveTo = (id: number, status: RepairStatusSaved["booking"]["status"]) =>
  updateRepairStatus(id, { status, note: undefined, expectedDeliveryDate: undefined }, staffId);

const pay = (invoiceId: number, amountCents: number) =>
  recordPayment(invoiceId, { method: "debit", amountCents, submissionKey: randomUUID() }, staffId);

describe(`pickup closes the loop on ${testDriver}`, () => {
  it("drafts the invoice from the quote when the repair is Ready for Pickup, and only once", async () => {
    const booking = await insertBooking(handle.db, { quotedPrice: "100.00", source: "walk_in" });
    await moveTo(booking.id, "ready_for_pickup");
    const draft = await invoiceOfBooking(booking.id);
    expect(draft).toMatchObject({ status: "draft", subtotalCents: 10_000, totalCents: 11_300 });
    expect((await invoiceWithItems(draft!.id))!.lines).toHaveLength(1);
    await moveTo(booking.id, "in_progress");
    await moveTo(booking.id, "ready_for_pickup");
    expect((await invoiceOfBooking(booking.id))!.id).toBe(draft!.id);
  });

  it("refuses Completed while the invoice has a balance, and hands over once it is paid", async () => {
    const booking = await insertBooking(handle.db, { quotedPrice: "50.00", source: "walk_in" });
    await moveTo(booking.id, "ready_for_pickup");
    const draft = (await invoiceOfBooking(booking.id))!;
    const refusal = await moveTo(booking.id, "completed").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RepairChangeRefused);
    expect((refusal as RepairChangeRefused).field).toBe("status");
    expect((refusal as Error).message).toBe(
      "Draft invoice has $56.50 to pay. Take the payment on the invoice page before the device is handed over.",
    );
    const issued = (await issueInvoice(draft.id, draft.version, staffId))!;
    await pay(issued.id, 2_000);
    await expect(moveTo(booking.id, "completed")).rejects.toThrow(
      `Invoice ${issued.number} has $36.50 to pay.`,
    );
    const [unchanged] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(unchanged!.status).toBe("ready_for_pickup");
    await pay(issued.id, 3_650);
    const saved = await moveTo(booking.id, "completed");
    expect(saved!.booking.status).toBe("completed");
  });

  it("hands over a repair with nothing to charge, as before invoices", async () => {
    const booking = await insertBooking(handle.db, { quotedPrice: null });
    await moveTo(booking.id, "ready_for_pickup");
    expect(await invoiceOfBooking(booking.id)).toMatchObject({ totalCents: 0 });
    expect((await moveTo(booking.id, "completed"))!.booking.status).toBe("completed");
  });

  it("lists issued invoices with a balance, oldest first, with the customer's phone", async () => {
    const booking = await insertBooking(handle.db, {
      quotedPrice: "80.00",
      source: "walk_in",
      phone: "(905) 555-0142",
    });
    await moveTo(booking.id, "ready_for_pickup");
    const draft = (await invoiceOfBooking(booking.id))!;
    const before = await balancesDue();
    expect(before.items.map((item) => item.bookingId)).not.toContain(booking.id);
    const issued = (await issueInvoice(draft.id, draft.version, staffId))!;
    const owing = await balancesDue();
    expect(owing.total).toBe(before.total + 1);
    expect(owing.totalCents).toBe(before.totalCents + 9_040);
    expect(owing.items).toContainEqual(
      expect.objectContaining({
        number: issued.number,
        bookingId: booking.id,
        phoneDigits: "9055550142",
        balanceCents: 9_040,
      }),
    );
    await pay(issued.id, 9_040);
    expect((await balancesDue()).items.map((item) => item.bookingId)).not.toContain(booking.id);
  });

  it("flags devices uncollected past 30 days, and past 60 as may be disposed of", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000 - 60_000);
    const waiting = await Promise.all(
      [10, 31, 61].map((days) =>
        insertBooking(handle.db, {
          status: "ready_for_pickup",
          statusChangedAt: daysAgo(days),
        }),
      ),
    );
    const uncollected = await waitingForPickup(now, 30);
    const ids = uncollected.items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([waiting[1]!.id, waiting[2]!.id]));
    expect(ids).not.toContain(waiting[0]!.id);
    expect(pickupWaitText({ readySince: "Oct 1, 2026", daysWaiting: 31 })).toBe(
      "Ready since Oct 1, 2026: 31 days waiting. Past 30 days: may be considered abandoned.",
    );
    expect(pickupWaitText({ readySince: "Sep 1, 2026", daysWaiting: 61 })).toBe(
      "Ready since Sep 1, 2026: 61 days waiting. Past 60 days: may be disposed of under the terms.",
    );
    expect(pickupWaitText({ readySince: "Nov 20, 2026", daysWaiting: 1 })).toBe(
      "Ready since Nov 20, 2026: 1 day waiting",
    );
  });
});
