import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, outbox } from "../../db/schema";
import { outboxContent } from "~/mail/outbox-content.server";
import { trackByToken } from "~/models/booking-tracking.server";
import { draftInvoiceForBooking, InvoiceRefused, issueInvoice } from "~/models/invoice.server";
import { recordPayment } from "~/models/payment.server";
import { sendReceipt } from "~/models/receipt.server";
import { receiptOf } from "~/routes/receipt-view.server";
import { bookingReference } from "~/utils/booking-reference";
import { addDays, shopToday } from "~/utils/shop-time";
import { createTestStaff, insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

const origin = "https://wefix.example";
let handle: TestDatabase;
let staffId: number;

beforeAll(async () => {
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "receipt.clerk")).id;
});
afterAll(() => handle.drop());

/** A walk-in quoted $100, invoiced and paid in full by debit. */
async function paidRepair(overrides: Parameters<typeof insertBooking>[1] = {}) {
  const booking = await insertBooking(handle.db, {
    quotedPrice: "100.00",
    source: "walk_in",
    ...overrides,
  });
  const draft = (await draftInvoiceForBooking(booking.id, staffId))!;
  const issued = (await issueInvoice(draft.id, draft.version, staffId))!;
  await recordPayment(
    issued.id,
    { method: "debit", amountCents: 11_300, submissionKey: randomUUID() },
    staffId,
  );
  return { booking, issued };
}

const messagesOf = (bookingId: number) =>
  handle.db.select().from(outbox).where(eq(outbox.bookingId, bookingId)).orderBy(outbox.id);

describe(`receipts and warranty on ${testDriver}`, () => {
  it("shows the warranty from the invoice date on the secret link, and nothing before the invoice", async () => {
    const booking = await insertBooking(handle.db, { quotedPrice: "100.00", source: "walk_in" });
    expect((await trackByToken(booking.trackingToken))!.warranty).toBeUndefined();
    const draft = (await draftInvoiceForBooking(booking.id, staffId))!;
    expect((await trackByToken(booking.trackingToken))!.warranty).toBeUndefined();
    await issueInvoice(draft.id, draft.version, staffId);
    const today = shopToday();
    expect((await trackByToken(booking.trackingToken))!.warranty).toEqual({
      from: today,
      until: addDays(today, 90),
      daysLeft: 90,
    });
  });

  it("builds the receipt: lines, payments, balance and warranty; a repair with no invoice has none", async () => {
    const { booking, issued } = await paidRepair();
    const receipt = await receiptOf(booking);
    expect(receipt.invoice).toMatchObject({
      number: issued.number,
      totalCents: 11_300,
      paidCents: 11_300,
      lines: [expect.objectContaining({ unitCents: 10_000 })],
      payments: [expect.objectContaining({ method: "debit", amountCents: 11_300 })],
    });
    expect(receipt.repair?.reference).toMatch(/^WF-\d{5}$/);
    expect(receipt.warranty?.daysLeft).toBe(90);
    const none = await insertBooking(handle.db);
    const refused = await receiptOf(none).catch((answer: unknown) => answer);
    expect((refused as { init: ResponseInit }).init.status).toBe(404);
  });

  it("sends the receipt's link by the customer's channels once per state of the invoice, audited", async () => {
    const { booking, issued } = await paidRepair({ notifyBy: "both" });
    expect(await sendReceipt(issued.id, staffId, origin)).toBe("e-mail and text");
    expect(await sendReceipt(issued.id, staffId, origin)).toBe("e-mail and text");
    const messages = (await messagesOf(booking.id)).filter((m) => m.kind === "receipt");
    expect(messages.map((m) => m.channel)).toEqual(["email", "sms"]);
    const link = `${origin}/track-repair/${booking.trackingToken}/receipt`;
    const mail = outboxContent(messages[0]!);
    expect(mail.subject).toBe(
      `WeFix receipt for ${bookingReference(booking.id)}: invoice ${issued.number}`,
    );
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("$113.00");
    expect(messages[1]!.textBody).toContain(link);
    const audits = await handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "invoice.receipt"), eq(auditEvents.entityId, issued.id)));
    expect(audits).toHaveLength(2);
  });

  it("refuses to send a draft's receipt, and a customer with no channel", async () => {
    const booking = await insertBooking(handle.db, { quotedPrice: "10.00", source: "walk_in" });
    const draft = (await draftInvoiceForBooking(booking.id, staffId))!;
    await expect(sendReceipt(draft.id, staffId, origin)).rejects.toThrow(
      "Draft invoice is not issued: there is no receipt to send.",
    );
    const { issued } = await paidRepair({ notifyBy: "email", email: null });
    await expect(sendReceipt(issued.id, staffId, origin)).rejects.toBeInstanceOf(InvoiceRefused);
  });
});
