import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayCloses, staffUsers } from "../../db/schema";
import {
  cashCentsOf,
  closeDay,
  DayAlreadyClosed,
  dayCloseOf,
  DayCloseRefused,
  dayTotals,
  issuedInvoiceLines,
  paymentsReceived,
} from "~/models/day-close.server";
import { draftInvoiceForBooking, issueInvoice, voidInvoice } from "~/models/invoice.server";
import { recordPayment, type PaymentInput } from "~/models/payment.server";
import { addDays, shopInstant, shopToday } from "~/utils/shop-time";
import { auditTrailOf, createTestStaff, insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let clerkId: number;
let ownerId: number;
let managerId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  clerkId = (await createTestStaff(handle.db, "till.clerk", "front_desk")).id;
  ownerId = (await createTestStaff(handle.db, "shop.owner", "owner")).id;
  managerId = (await createTestStaff(handle.db, "shop.manager", "manager")).id;
});
afterAll(() => handle.drop());

/** A moment on the shop's clock: "23:30" on a shop date. */
const at = (date: string, time: string) => {
  const [h, m] = time.split(":").map(Number);
  return shopInstant(date, h! * 60 + m!);
};

type Method = PaymentInput["method"];

const paid = (method: Method, amountCents: number, tenderedCents?: number): PaymentInput => ({
  method,
  amountCents,
  ...(method === "cash" ? { tenderedCents: tenderedCents ?? amountCents } : {}),
  ...(method === "etransfer" ? { reference: `CA${randomUUID().slice(0, 8)}` } : {}),
  submissionKey: randomUUID(),
});

/** A walk-in quoted at `price` (HST on top) with its draft invoice. */
async function draft(price: string) {
  const booking = await insertBooking(handle.db, { quotedPrice: price, source: "walk_in" });
  return (await draftInvoiceForBooking(booking.id, clerkId))!;
}

async function issued(price: string, when: Date) {
  const invoice = await draft(price);
  return (await issueInvoice(invoice.id, invoice.version, clerkId, when))!;
}

describe(`the day's close on ${testDriver}`, () => {
  it("adds up a day: payments by method, deposits taken and applied, invoices issued with HST, voids", async () => {
    const day = "2026-10-14";
    // Deposit the day before, issued on the day, paid by debit and by cash with change.
    const early = await draft("100.00"); // $113.00
    await recordPayment(early.id, paid("cash", 2_000), clerkId, at(addDays(day, -1), "15:00"));
    const withDeposit = (await issueInvoice(
      early.id,
      early.version + 1,
      clerkId,
      at(day, "10:00"),
    ))!;
    await recordPayment(early.id, paid("debit", 5_000), clerkId, at(day, "10:05"));
    await recordPayment(early.id, paid("cash", 4_300, 5_000), clerkId, at(day, "10:06"));
    // A deposit taken on the day on an invoice issued the day after.
    const later = await draft("50.00");
    await recordPayment(later.id, paid("etransfer", 1_000), clerkId, at(day, "11:00"));
    await issueInvoice(later.id, later.version + 1, clerkId, at(addDays(day, 1), "10:00"));
    // Issued and voided on the day.
    const wrong = await issued("20.00", at(day, "12:00"));
    await voidInvoice(wrong.id, wrong.version, "Wrong customer", ownerId, at(day, "13:00"));
    // 23:30 in Toronto is the next day in UTC, and still this day in the shop.
    const late = await issued("10.00", at(day, "23:30"));
    await recordPayment(late.id, paid("credit", 1_130), clerkId, at(day, "23:30"));
    // Half a minute past midnight is the next day's.
    const next = await issued("5.00", at(addDays(day, 1), "00:00"));
    await recordPayment(next.id, paid("cash", 565), clerkId, shopInstant(addDays(day, 1), 0.5));

    const totals = await dayTotals(day);
    expect(totals.payments).toEqual([
      { method: "cash", count: 1, cents: 4_300 },
      { method: "debit", count: 1, cents: 5_000 },
      { method: "credit", count: 1, cents: 1_130 },
      { method: "etransfer", count: 1, cents: 1_000 },
      { method: "online", count: 0, cents: 0 },
    ]);
    expect(cashCentsOf(totals)).toBe(4_300);
    expect(totals.depositsTaken).toEqual({ count: 1, cents: 1_000 });
    expect(totals.depositsApplied).toEqual({ count: 1, cents: 2_000 });
    expect(totals.issued).toEqual({
      count: 2,
      subtotalCents: 11_000,
      discountCents: 0,
      taxCents: 1_430,
      totalCents: withDeposit.totalCents + 1_130,
    });
    expect(totals.voids).toEqual([
      { number: wrong.number, totalCents: 2_260, reason: "Wrong customer" },
    ]);
    const nextDay = await dayTotals(addDays(day, 1));
    expect(cashCentsOf(nextDay)).toBe(565);
    expect(nextDay.issued.count).toBe(2);

    // The bookkeeper's files for the day: the standing invoices line by line, every payment.
    const lines = await issuedInvoiceLines(day, day);
    expect(lines.map((line) => line.number)).toEqual([withDeposit.number, late.number]);
    const received = await paymentsReceived(day, day);
    expect(received.map((p) => [p.method, p.amountCents, p.deposit])).toEqual([
      ["debit", 5_000, false],
      ["cash", 4_300, false],
      ["etransfer", 1_000, true],
      ["credit", 1_130, false],
    ]);
  });

  it("closes a day once with the count and the totals as they stood; later payments count live only", async () => {
    const day = "2026-10-20";
    const invoice = await issued("100.00", at(day, "10:00"));
    await recordPayment(invoice.id, paid("cash", 6_000, 10_000), clerkId, at(day, "10:01"));
    const closed = await closeDay(
      { date: day, countedCashCents: 5_950, note: "Short a toonie" },
      managerId,
      at(day, "20:05"),
    );
    expect(closed).toMatchObject({
      businessDate: day,
      expectedCashCents: 6_000,
      countedCashCents: 5_950,
      overShortCents: -50,
      note: "Short a toonie",
      closedBy: managerId,
      closedByName: "shop.manager",
    });
    expect((await auditTrailOf(handle.db, "day", closed.id)).map((e) => e.summary)).toEqual([
      "Tuesday, October 20, 2026 closed: cash expected $60.00, counted $59.50",
    ]);
    // Recorded after the close, on the day: the live totals have it, the close does not.
    await recordPayment(invoice.id, paid("cash", 5_300), clerkId, at(day, "20:30"));
    expect(cashCentsOf(await dayTotals(day))).toBe(11_300);
    const kept = (await dayCloseOf(day))!;
    expect(cashCentsOf(kept.totals)).toBe(6_000);
    expect(kept.expectedCashCents).toBe(6_000);
    // A second close is refused with the first; nor can any code change or delete the close.
    await expect(closeDay({ date: day, countedCashCents: 11_300 }, ownerId)).rejects.toThrow(
      DayAlreadyClosed,
    );
    await expect(
      handle.db.update(dayCloses).set({ countedCashCents: 6_000 }).where(eq(dayCloses.id, kept.id)),
    ).rejects.toThrow();
    await expect(handle.db.delete(dayCloses).where(eq(dayCloses.id, kept.id))).rejects.toThrow();
  });

  it("keeps a close when the staff account that made it is deleted", async () => {
    const day = "2026-10-22";
    const leaver = await createTestStaff(handle.db, "leaving.manager", "manager");
    await closeDay({ date: day, countedCashCents: 0 }, leaver.id);
    await handle.db.delete(staffUsers).where(eq(staffUsers.id, leaver.id));
    expect(await dayCloseOf(day)).toMatchObject({ closedBy: null, countedCashCents: 0 });
  });

  it("two closes of one day at once: one row, the other refused", async () => {
    const day = "2026-10-24";
    const invoice = await issued("30.00", at(day, "12:00"));
    await recordPayment(invoice.id, paid("cash", 3_390), clerkId, at(day, "12:01"));
    const results = await Promise.allSettled([
      closeDay({ date: day, countedCashCents: 3_390 }, managerId),
      closeDay({ date: day, countedCashCents: 3_400 }, ownerId),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DayAlreadyClosed);
    const rows = await handle.db.select().from(dayCloses).where(eq(dayCloses.businessDate, day));
    expect(rows).toHaveLength(1);
  });

  it("refuses to close a day that has not begun", async () => {
    const tomorrow = addDays(shopToday(), 1);
    await expect(closeDay({ date: tomorrow, countedCashCents: 0 }, ownerId)).rejects.toThrow(
      DayCloseRefused,
    );
    expect(await dayCloseOf(tomorrow)).toBeUndefined();
  });

  it("for any invoices and payments, the method totals add up to the day's payments and the expected cash to its cash, to the cent", async () => {
    let run = 0;
    const payment = fc.record({
      method: fc.constantFrom<Method>("cash", "debit", "credit", "etransfer"),
      amountCents: fc.integer({ min: 1, max: 30_000 }),
      // Minutes after the day's midnight: some the evening before, some the morning after.
      minute: fc.integer({ min: -120, max: 1_560 }),
    });
    const invoice = fc.record({
      priceCents: fc.integer({ min: 100, max: 50_000 }),
      issue: fc.boolean(),
      payments: fc.array(payment, { maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(invoice, { minLength: 1, maxLength: 5 }), async (sales) => {
        run += 1;
        // Three days apart, so no run's payments of the evening before or the morning after meet.
        const day = addDays("2025-01-01", run * 3);
        let dayCents = 0;
        let cashCents = 0;
        for (const sale of sales) {
          let current = await draft((sale.priceCents / 100).toFixed(2));
          if (sale.issue)
            current = (await issueInvoice(current.id, current.version, clerkId, at(day, "09:00")))!;
          for (const p of sale.payments) {
            const when = shopInstant(day, p.minute);
            const taken = await recordPayment(
              current.id,
              paid(p.method, p.amountCents),
              clerkId,
              when,
            ).catch(() => undefined);
            if (!taken || p.minute < 0 || p.minute >= 1_440) continue;
            dayCents += p.amountCents;
            if (p.method === "cash") cashCents += p.amountCents;
          }
        }
        const totals = await dayTotals(day);
        expect(totals.payments.reduce((sum, row) => sum + row.cents, 0)).toBe(dayCents);
        expect(cashCentsOf(totals)).toBe(cashCents);
        const closed = await closeDay({ date: day, countedCashCents: cashCents }, managerId);
        expect(closed.expectedCashCents).toBe(cashCents);
        expect(closed.overShortCents).toBe(0);
      }),
      { numRuns: 12 },
    );
  });
});
