import { eq, sql } from "drizzle-orm";
import { creditNotes, invoiceNumbers, invoices } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { invoiceLabel, InvoiceRefused, lockedInvoice } from "~/models/invoice.server";
import { database } from "~/server/db.server";
import { balanceCents, creditTaxCents, formatCents } from "~/utils/invoice-totals";

export type CreditNote = typeof creditNotes.$inferSelect;

/**
 * Issues a credit note on an issued invoice: part of it no longer owed (a correction once payments
 * exist, when a void is refused). At most the balance, since the shop gives no refunds or store
 * credit; its HST is the invoice's in proportion. The next credit note number is taken from the
 * counter row in this transaction (no gap, no reuse); the invoice is locked at the version read,
 * so a stale form is refused with what changed (InvoiceChangedMeanwhile). Audited.
 */
export async function issueCreditNote(
  invoiceId: number,
  readVersion: number,
  input: { amountCents: number; reason: string },
  staffId: number,
  now = new Date(),
): Promise<CreditNote | undefined> {
  const db = await database();
  return db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, invoiceId, readVersion);
    if (!invoice) return undefined;
    if (invoice.status !== "issued")
      throw new InvoiceRefused(
        invoice.status === "void"
          ? `${invoiceLabel(invoice)} is void: there is nothing to credit.`
          : "A draft has nothing to credit: change it instead.",
      );
    const balance = balanceCents(invoice.totalCents, [invoice.paidCents, invoice.creditedCents]);
    if (balance <= 0)
      throw new InvoiceRefused(
        `${invoiceLabel(invoice)} is settled: a credit note can only take off what is still owed (no refunds or store credit).`,
      );
    if (input.amountCents > balance)
      throw new InvoiceRefused(
        `That is more than the balance of ${formatCents(balance)}: a credit note can only take off what is still owed (no refunds or store credit).`,
      );
    const [{ number }] = (await tx
      .update(invoiceNumbers)
      .set({ lastCreditNote: sql`${invoiceNumbers.lastCreditNote} + 1` })
      .where(eq(invoiceNumbers.id, 1))
      .returning({ number: invoiceNumbers.lastCreditNote })) as [{ number: number }];
    const [note] = await tx
      .insert(creditNotes)
      .values({
        number,
        invoiceId,
        amountCents: input.amountCents,
        taxCents: creditTaxCents(input.amountCents, invoice.taxCents, invoice.totalCents),
        reason: input.reason,
        createdBy: staffId,
        createdAt: now,
      })
      .returning();
    await tx
      .update(invoices)
      .set({
        creditedCents: sql`${invoices.creditedCents} + ${input.amountCents}`,
        version: sql`${invoices.version} + 1`,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId));
    await recordAudit(tx, staffId, {
      action: "invoice.credit",
      entity: "invoice",
      entityId: invoiceId,
      summary: `Credit note ${number} on ${invoiceLabel(invoice)}: ${formatCents(input.amountCents)}, ${input.reason}`,
    });
    return note!;
  });
}
