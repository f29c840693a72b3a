import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditNotes } from "../../db/schema";
import { issueCreditNote } from "~/models/credit-note.server";
import { dayTotals } from "~/models/day-close.server";
import {
  draftInvoiceForBooking,
  InvoiceChangedMeanwhile,
  InvoiceRefused,
  invoiceWithItems,
  issueInvoice,
  voidInvoice,
} from "~/models/invoice.server";
import { balancesDue } from "~/models/money-owed.server";
import { recordPayment } from "~/models/payment.server";
import { shopToday } from "~/utils/shop-time";
import { createTestStaff, insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let ownerId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  ownerId = (await createTestStaff(handle.db, "credit.owner", "owner")).id;
});
afterAll(() => handle.drop());

/** A $100.00 repair (HST $13.00), issued, with $50.00 paid by debit. */
async function partlyPaid() {
  const booking = await insertBooking(handle.db, { quotedPrice: "100.00", source: "walk_in" });
  const draft = (await draftInvoiceForBooking(booking.id, ownerId))!;
  const issued = (await issueInvoice(draft.id, draft.version, ownerId))!;
  await recordPayment(
    issued.id,
    { method: "debit", amountCents: 5_000, submissionKey: randomUUID() },
    ownerId,
  );
  return (await invoiceWithItems(issued.id))!;
}

describe(`credit notes on ${testDriver}`, () => {
  it("takes part of an issued invoice off what is owed, with its share of HST, numbered in a series of its own", async () => {
    const invoice = await partlyPaid();
    const first = (await issueCreditNote(
      invoice.id,
      invoice.version,
      { amountCents: 1_130, reason: "Screen protector not fitted" },
      ownerId,
    ))!;
    expect(first).toMatchObject({ amountCents: 1_130, taxCents: 130 });
    const after = (await invoiceWithItems(invoice.id))!;
    expect(after).toMatchObject({ creditedCents: 1_130, paidCents: 5_000, totalCents: 11_300 });
    expect(after.creditNotes.map((n) => n.number)).toEqual([first.number]);
    const owing = (await balancesDue()).items.find((item) => item.invoiceId === invoice.id);
    expect(owing?.balanceCents).toBe(5_170);

    const second = (await issueCreditNote(
      invoice.id,
      after.version,
      { amountCents: 5_170, reason: "Goodwill" },
      ownerId,
    ))!;
    expect(second.number).toBe(first.number + 1);
    expect((await balancesDue()).items.map((item) => item.invoiceId)).not.toContain(invoice.id);

    const today = (await dayTotals(shopToday())).creditNotes ?? [];
    expect(today).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          number: first.number,
          invoiceNumber: invoice.number,
          taxCents: 130,
        }),
      ]),
    );
  });

  it("refuses more than the balance, a stale copy, a draft, and a void once credited; the database refuses changes", async () => {
    const invoice = await partlyPaid();
    await expect(
      issueCreditNote(invoice.id, invoice.version, { amountCents: 6_301, reason: "x" }, ownerId),
    ).rejects.toThrow(
      "That is more than the balance of $63.00: a credit note can only take off what is still owed (no refunds or store credit).",
    );
    await expect(
      issueCreditNote(invoice.id, invoice.version - 1, { amountCents: 100, reason: "x" }, ownerId),
    ).rejects.toBeInstanceOf(InvoiceChangedMeanwhile);
    const note = (await issueCreditNote(
      invoice.id,
      invoice.version,
      { amountCents: 100, reason: "Rounding" },
      ownerId,
    ))!;
    const fresh = (await invoiceWithItems(invoice.id))!;
    await expect(voidInvoice(fresh.id, fresh.version, "Wrong", ownerId)).rejects.toBeInstanceOf(
      InvoiceRefused,
    );
    const draftBooking = await insertBooking(handle.db, {
      quotedPrice: "10.00",
      source: "walk_in",
    });
    const draft = (await draftInvoiceForBooking(draftBooking.id, ownerId))!;
    await expect(
      issueCreditNote(draft.id, draft.version, { amountCents: 100, reason: "x" }, ownerId),
    ).rejects.toThrow("A draft has nothing to credit: change it instead.");
    await expect(
      handle.db.execute(sql`update credit_notes set amount_cents = 1 where id = ${note.id}`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`update invoices set credited_cents = 0 where id = ${invoice.id}`),
    ).rejects.toThrow();
    const [stored] = await handle.db.select().from(creditNotes).where(eq(creditNotes.id, note.id));
    expect(stored!.amountCents).toBe(100);
  });

  it("takes one of two credit notes racing for the same balance", async () => {
    const invoice = await partlyPaid();
    const results = await Promise.allSettled(
      [6_300, 6_300].map((amountCents) =>
        issueCreditNote(invoice.id, invoice.version, { amountCents, reason: "Race" }, ownerId),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await invoiceWithItems(invoice.id))!.creditedCents).toBe(6_300);
  });
});
