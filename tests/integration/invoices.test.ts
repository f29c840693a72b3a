import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceLines, invoices, payments, quotes } from "../../db/schema";
import {
  draftInvoiceForBooking,
  InvoiceChangedMeanwhile,
  invoiceOfBooking,
  InvoiceRefused,
  invoiceWithItems,
  issueInvoice,
  saveDraft,
  startCounterSale,
  voidInvoice,
  type DraftInput,
} from "~/models/invoice.server";
import { listInvoices } from "~/models/invoice-list.server";
import { issueFormKey } from "~/server/submission.server";
import { recordPayment, type PaymentInput } from "~/models/payment.server";
import { invoiceTotals } from "~/utils/invoice-totals";
import { auditTrailOf, createTestStaff, insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

let handle: TestDatabase;
let staffId: number;
let ownerId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "till.clerk")).id;
  ownerId = (await createTestStaff(handle.db, "shop.owner", "owner")).id;
});
afterAll(() => handle.drop());

const cash = (amountCents: number, tenderedCents = amountCents): PaymentInput => ({
  method: "cash",
  amountCents,
  tenderedCents,
  submissionKey: randomUUID(),
});

/** A walk-in quoted at the counter, with its draft invoice. */
async function draftFor(quotedPrice: string | null = "129.99") {
  const booking = await insertBooking(handle.db, { quotedPrice, source: "walk_in" });
  const draft = await draftInvoiceForBooking(booking.id, staffId);
  return { booking, draft: draft! };
}

const screenAndCase: DraftInput = {
  lines: [
    {
      kind: "repair",
      description: "Screen replacement — iPhone 13",
      quantity: 1,
      unitCents: 18_999,
    },
    { kind: "accessory", description: "Tempered glass protector", quantity: 2, unitCents: 1_999 },
  ],
  discount: { kind: "percent", value: 1_000, reason: "Returning customer" },
};

describe(`invoices on ${testDriver}`, () => {
  it("drafts a repair's invoice from its quote: the customer's name, one taxed line, HST at 13%", async () => {
    const { booking, draft } = await draftFor("129.99");
    expect(draft).toMatchObject({
      status: "draft",
      number: null,
      customerName: `${booking.firstName} ${booking.lastName}`,
      taxRateBasisPoints: 1_300,
      subtotalCents: 12_999,
      taxCents: 1_690,
      totalCents: 14_689,
      paidCents: 0,
    });
    const full = await invoiceWithItems(draft.id);
    expect(full!.lines).toEqual([
      expect.objectContaining({
        kind: "repair",
        description: "Battery Replacement — Apple iPhone 13",
        quantity: 1,
        unitCents: 12_999,
        taxable: true,
      }),
    ]);
    // A second clerk asking at the same time gets the same draft, never a second invoice.
    const again = await Promise.all([
      draftInvoiceForBooking(booking.id, staffId),
      draftInvoiceForBooking(booking.id, staffId),
    ]);
    expect(again.map((invoice) => invoice!.id)).toEqual([draft.id, draft.id]);
  });

  it("prefers the approved quote's amount and words to the counter price", async () => {
    const booking = await insertBooking(handle.db, { quotedPrice: "99.00" });
    await handle.db.insert(quotes).values({
      bookingId: booking.id,
      amount: "149.50",
      covers: "Charging port and battery",
      validUntil: "2099-01-01",
      status: "approved",
      answeredAt: new Date(),
    });
    const draft = await draftInvoiceForBooking(booking.id, staffId);
    const full = await invoiceWithItems(draft!.id);
    expect(full!.lines.map((l) => [l.description, l.unitCents])).toEqual([
      ["Charging port and battery", 14_950],
    ]);
  });

  it("starts an empty draft for a repair with no price yet, and refuses to issue it empty", async () => {
    const { draft } = await draftFor(null);
    expect(draft.totalCents).toBe(0);
    await expect(issueInvoice(draft.id, draft.version, staffId)).rejects.toThrow(
      "Add at least one line before issuing the invoice.",
    );
  });

  it("saves a draft's lines and discount with totals worked out once, audited with the reason", async () => {
    const { draft } = await draftFor();
    const saved = await saveDraft(draft.id, draft.version, screenAndCase, staffId);
    const expected = invoiceTotals(
      [
        { quantity: 1, unitCents: 18_999, taxable: true },
        { quantity: 2, unitCents: 1_999, taxable: true },
      ],
      { kind: "percent", basisPoints: 1_000 },
      1_300,
    );
    expect(saved).toMatchObject({
      subtotalCents: expected.subtotalCents,
      discountCents: expected.discountCents,
      taxCents: expected.taxCents,
      totalCents: expected.totalCents,
      discountReason: "Returning customer",
      version: draft.version + 1,
    });
    const full = await invoiceWithItems(draft.id);
    expect(full!.lines.map((l) => [l.position, l.description])).toEqual([
      [1, "Screen replacement — iPhone 13"],
      [2, "Tempered glass protector"],
    ]);
    const trail = await auditTrailOf(handle.db, "invoice", draft.id);
    expect(trail.at(-1)).toMatchObject({
      action: "invoice.edit",
      staffUserId: staffId,
      summary: expect.stringContaining("discount: Returning customer"),
    });
  });

  it("refuses a save on a copy read before someone else saved, keeping their lines", async () => {
    const { draft } = await draftFor();
    await saveDraft(draft.id, draft.version, screenAndCase, ownerId);
    const stale = saveDraft(draft.id, draft.version, { lines: [], discount: null }, staffId);
    await expect(stale).rejects.toBeInstanceOf(InvoiceChangedMeanwhile);
    await stale.catch((error: InvoiceChangedMeanwhile) => {
      expect(error.changes[0]).toMatchObject({ by: "shop.owner" });
    });
    expect((await invoiceWithItems(draft.id))!.lines).toHaveLength(2);
  });

  it("numbers invoices one after another with no gap, also when many are issued at once", async () => {
    const drafts = await Promise.all(Array.from({ length: 8 }, () => draftFor()));
    const issued = await Promise.all(
      drafts.map(({ draft }) => issueInvoice(draft.id, draft.version, staffId)),
    );
    const numbers = issued.map((invoice) => invoice!.number!).sort((a, b) => a - b);
    const all = (await handle.db.select({ number: invoices.number }).from(invoices))
      .map((row) => row.number)
      .filter((n): n is number => n !== null)
      .sort((a, b) => a - b);
    // Every number from 1 to the highest, each once: none skipped, none given twice.
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(numbers).toEqual(all.slice(-8));
  });

  it("never changes an issued invoice: a change or a second issue is refused", async () => {
    const { draft } = await draftFor();
    const issued = await issueInvoice(draft.id, draft.version, staffId);
    expect(issued).toMatchObject({ status: "issued", issuedBy: staffId });
    await expect(saveDraft(draft.id, issued!.version, screenAndCase, staffId)).rejects.toThrow(
      /is issued and cannot change/,
    );
    await expect(issueInvoice(draft.id, issued!.version, staffId)).rejects.toThrow(
      /already issued/,
    );
    // Nor can any code: the database refuses a changed line, total, number or date, and a payment
    // changed or deleted.
    const [line] = (await invoiceWithItems(draft.id))!.lines;
    for (const change of [
      handle.db
        .update(invoices)
        .set({ customerName: "Someone else" })
        .where(eq(invoices.id, draft.id)),
      handle.db.update(invoices).set({ number: 999_999 }).where(eq(invoices.id, draft.id)),
      handle.db.update(invoiceLines).set({ unitCents: 1 }).where(eq(invoiceLines.id, line!.id)),
      handle.db.delete(invoiceLines).where(eq(invoiceLines.id, line!.id)),
    ])
      await expect(change).rejects.toThrow();
    await recordPayment(draft.id, cash(100), staffId);
    await expect(
      handle.db.update(payments).set({ amountCents: 50 }).where(eq(payments.invoiceId, draft.id)),
    ).rejects.toThrow();
    await expect(
      handle.db.delete(payments).where(eq(payments.invoiceId, draft.id)),
    ).rejects.toThrow();
  });

  it("takes a deposit on the draft, then split payments up to the balance, with change for cash", async () => {
    const { draft } = await draftFor("100.00"); // $113.00 with HST
    const deposit = await recordPayment(draft.id, cash(2_000, 2_000), staffId);
    expect(deposit!.payment).toMatchObject({ deposit: true, amountCents: 2_000 });
    const current = (await invoiceWithItems(draft.id))!;
    const issued = await issueInvoice(draft.id, current.version, staffId);
    const debit = await recordPayment(
      draft.id,
      { method: "debit", amountCents: 5_000, submissionKey: randomUUID() },
      staffId,
    );
    expect(debit!.payment.deposit).toBe(false);
    await expect(
      recordPayment(
        draft.id,
        { method: "etransfer", amountCents: 5_000, submissionKey: randomUUID() },
        staffId,
      ),
    ).rejects.toThrow();
    await expect(recordPayment(draft.id, cash(4_301, 5_000), staffId)).rejects.toThrow(
      "That is more than the balance of $43.00. Take at most the balance.",
    );
    const last = await recordPayment(draft.id, cash(4_300, 5_000), staffId);
    expect(last!.changeDueCents).toBe(700);
    const paid = (await invoiceWithItems(draft.id))!;
    expect(paid.paidCents).toBe(issued!.totalCents);
    expect(paid.payments.map((p) => [p.method, p.amountCents, p.deposit])).toEqual([
      ["cash", 2_000, true],
      ["debit", 5_000, false],
      ["cash", 4_300, false],
    ]);
    await expect(recordPayment(draft.id, cash(1), staffId)).rejects.toThrow(/is paid in full/);
  });

  it("records an e-transfer only with its reference", async () => {
    const { draft } = await draftFor("10.00");
    await expect(
      recordPayment(
        draft.id,
        { method: "etransfer", amountCents: 500, submissionKey: randomUUID() },
        staffId,
      ),
    ).rejects.toThrow();
    const sent = await recordPayment(
      draft.id,
      { method: "etransfer", amountCents: 500, reference: "CA1xYz9", submissionKey: randomUUID() },
      staffId,
    );
    expect(sent!.payment.reference).toBe("CA1xYz9");
  });

  it("two clerks taking the whole balance at once: one payment, the other refused", async () => {
    const { draft } = await draftFor("50.00");
    const issued = await issueInvoice(draft.id, draft.version, staffId);
    const results = await Promise.allSettled([
      recordPayment(draft.id, cash(issued!.totalCents), staffId),
      recordPayment(
        draft.id,
        { method: "credit", amountCents: issued!.totalCents, submissionKey: randomUUID() },
        ownerId,
      ),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(InvoiceRefused);
    const rows = await handle.db.select().from(payments).where(eq(payments.invoiceId, draft.id));
    expect(rows).toHaveLength(1);
  });

  it("the same payment form sent twice is one payment", async () => {
    const { draft } = await draftFor("80.00");
    const form = cash(3_000, 5_000);
    const [first, second] = await Promise.all([
      recordPayment(draft.id, form, staffId),
      recordPayment(draft.id, form, staffId),
    ]);
    expect(second!.payment.id).toBe(first!.payment.id);
    expect(second!.changeDueCents).toBe(2_000);
    expect((await invoiceWithItems(draft.id))!.paidCents).toBe(3_000);
  });

  it("refuses a total past $1,000,000 with a message, not a database error", async () => {
    const { draft } = await draftFor();
    const huge: DraftInput = {
      lines: [
        { kind: "part", description: "Pallet of screens", quantity: 999, unitCents: 10_000_000 },
      ],
      discount: null,
    };
    await expect(saveDraft(draft.id, draft.version, huge, staffId)).rejects.toThrow(
      "An invoice can come to at most $1,000,000.00. Split the sale over more than one.",
    );
    expect((await invoiceWithItems(draft.id))!.version).toBe(draft.version);
  });

  it("keeps a draft's total at least what the deposits came to", async () => {
    const { draft } = await draftFor("100.00");
    await recordPayment(draft.id, cash(10_000), staffId);
    const current = (await invoiceWithItems(draft.id))!;
    await expect(
      saveDraft(
        draft.id,
        current.version,
        {
          lines: [{ kind: "labour", description: "Diagnosis", quantity: 1, unitCents: 2_000 }],
          discount: null,
        },
        staffId,
      ),
    ).rejects.toThrow(/deposits taken come to more than this total/);
  });

  it("voids an unpaid issued invoice with its reason, keeps its number used, and lets the repair get a new one", async () => {
    const { booking, draft } = await draftFor();
    const issued = await issueInvoice(draft.id, draft.version, staffId);
    const voided = await voidInvoice(
      draft.id,
      issued!.version,
      "Wrong model on the invoice",
      ownerId,
    );
    expect(voided).toMatchObject({
      status: "void",
      number: issued!.number,
      voidReason: "Wrong model on the invoice",
      voidedBy: ownerId,
    });
    await expect(recordPayment(draft.id, cash(100), staffId)).rejects.toThrow(/is void/);
    expect(await invoiceOfBooking(booking.id)).toBeUndefined();
    const replacement = await draftInvoiceForBooking(booking.id, staffId);
    expect(replacement!.id).not.toBe(draft.id);
    const trail = await auditTrailOf(handle.db, "invoice", draft.id);
    expect(trail.map((e) => e.action)).toEqual(["invoice.draft", "invoice.issue", "invoice.void"]);
  });

  it("refuses to void an invoice with payments against it", async () => {
    const { draft } = await draftFor("20.00");
    const issued = await issueInvoice(draft.id, draft.version, staffId);
    await recordPayment(draft.id, cash(1_000), staffId);
    const current = (await invoiceWithItems(draft.id))!;
    await expect(voidInvoice(draft.id, current.version, "Typo", ownerId)).rejects.toThrow(
      /has payments against it/,
    );
    expect((await invoiceWithItems(draft.id))!.status).toBe(issued!.status);
  });

  it("for any lines, discount and payments, the stored totals and balance reconcile to the cent", async () => {
    const line = fc.record({
      kind: fc.constantFrom(
        "repair" as const,
        "part" as const,
        "labour" as const,
        "accessory" as const,
      ),
      description: fc.constant("Line"),
      quantity: fc.integer({ min: 1, max: 5 }),
      unitCents: fc.integer({ min: 0, max: 200_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
        fc.array(fc.integer({ min: 1, max: 60_000 }), { maxLength: 4 }),
        async (lines, percent, tries) => {
          const { draft } = await draftFor(null);
          const input: DraftInput = {
            lines,
            discount: percent === null ? null : { kind: "percent", value: percent, reason: "Test" },
          };
          const saved = await saveDraft(draft.id, draft.version, input, staffId);
          const issued = await issueInvoice(draft.id, saved!.version, staffId);
          let paid = 0;
          for (const amount of tries) {
            const taken = await recordPayment(draft.id, cash(amount), staffId).catch(
              () => undefined,
            );
            if (taken) paid += amount;
          }
          const stored = (await invoiceWithItems(draft.id))!;
          expect(stored.totalCents).toBe(
            stored.subtotalCents - stored.discountCents + stored.taxCents,
          );
          expect(stored.paidCents).toBe(paid);
          expect(stored.payments.reduce((sum, p) => sum + p.amountCents, 0)).toBe(paid);
          expect(paid).toBeLessThanOrEqual(issued!.totalCents);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("rings up a counter sale with no repair, numbered in the same series, found by number and by name", async () => {
    const name = `Walk-up ${randomUUID().slice(0, 8)}`;
    const key = issueFormKey();
    // The same form sent twice at once starts one sale.
    const [sale, again] = await Promise.all([
      startCounterSale(name, key, staffId),
      startCounterSale(name, key, staffId),
    ]);
    if (!sale) throw new Error("no sale started");
    expect(again?.id).toBe(sale.id);
    expect(await startCounterSale(name, "made-up-key", staffId)).toBeUndefined();
    expect(sale).toMatchObject({ bookingId: null, customerName: name, status: "draft" });
    const saved = (await saveDraft(
      sale.id,
      sale.version,
      {
        lines: [{ kind: "accessory", description: "Phone case", quantity: 1, unitCents: 2_500 }],
        discount: null,
      },
      staffId,
    ))!;
    const issued = (await issueInvoice(sale.id, saved.version, staffId))!;
    expect(issued.totalCents).toBe(2_825);
    const byNumber = await listInvoices(String(issued.number), 10, 0);
    expect(byNumber.items.map((i) => i.id)).toEqual([sale.id]);
    const byName = await listInvoices(name.slice(-8), 10, 0);
    expect(byName).toMatchObject({ total: 1, items: [expect.objectContaining({ id: sale.id })] });
  });
});
