import { eq, sql } from "drizzle-orm";
import { invoices, payments } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { invoiceLabel, InvoiceRefused, lockedInvoice, type Payment } from "~/models/invoice.server";
import { database } from "~/server/db.server";
import type { PaymentMethod } from "~/types/invoice";
import { balanceCents, changeDueCents, formatCents } from "~/utils/invoice-totals";
import { paymentMethodWords } from "~/utils/payment-methods";

export type PaymentInput = {
  method: Exclude<PaymentMethod, "online">;
  amountCents: number;
  /** Cash: what the customer handed over. */
  tenderedCents?: number;
  /** Interac e-Transfer: its reference number. */
  reference?: string;
  /** The form's key: the same form sent twice is one payment. */
  submissionKey: string;
};

export type RecordedPayment = { payment: Payment; changeDueCents: number | undefined };

/**
 * Records money received: a deposit against a draft, a payment against an issued invoice. The
 * invoice is locked while the balance is checked, so two clerks taking the same balance at once
 * record one payment and the other is refused; the same form sent twice records it once. Never
 * more than the balance (no store credit: the shop's terms), never on a void invoice.
 */
export async function recordPayment(
  invoiceId: number,
  input: PaymentInput,
  staffId: number,
  now = new Date(),
): Promise<RecordedPayment | undefined> {
  const db = await database();
  return db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, invoiceId);
    if (!invoice) return undefined;
    const [already] = await tx
      .select()
      .from(payments)
      .where(eq(payments.submissionKey, input.submissionKey));
    if (already) {
      if (already.invoiceId !== invoiceId) throw new InvoiceRefused("This form was already used.");
      return { payment: already, changeDueCents: change(already) };
    }
    if (invoice.status === "void")
      throw new InvoiceRefused(
        `${invoiceLabel(invoice)} is void: take payment on its replacement.`,
      );
    const balance = balanceCents(invoice.totalCents, [invoice.paidCents]);
    if (balance <= 0) throw new InvoiceRefused(`${invoiceLabel(invoice)} is paid in full.`);
    if (input.amountCents > balance)
      throw new InvoiceRefused(
        `That is more than the balance of ${formatCents(balance)}. Take at most the balance.`,
      );
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId,
        method: input.method,
        amountCents: input.amountCents,
        tenderedCents: input.method === "cash" ? (input.tenderedCents ?? input.amountCents) : null,
        reference: input.reference ?? null,
        deposit: invoice.status === "draft",
        receivedBy: staffId,
        receivedAt: now,
        submissionKey: input.submissionKey,
      })
      .returning();
    await tx
      .update(invoices)
      .set({
        paidCents: sql`${invoices.paidCents} + ${input.amountCents}`,
        version: sql`${invoices.version} + 1`,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId));
    await recordAudit(tx, staffId, {
      action: "payment.record",
      entity: "invoice",
      entityId: invoiceId,
      summary: `${invoiceLabel(invoice)}: ${payment!.deposit ? "deposit" : "payment"} of ${formatCents(input.amountCents)} by ${paymentMethodWords[input.method]}`,
    });
    return { payment: payment!, changeDueCents: change(payment!) };
  });
}

const change = (payment: Payment) =>
  payment.tenderedCents === null
    ? undefined
    : changeDueCents(payment.amountCents, payment.tenderedCents);
