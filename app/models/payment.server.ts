import { eq, or, sql } from "drizzle-orm";
import type { Transaction } from "#db/client";
import { invoices, payments, stripeEvents } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import {
  draftInTransaction,
  invoiceLabel,
  InvoiceRefused,
  lockedInvoice,
  type Invoice,
  type Payment,
} from "~/models/invoice.server";
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

/** Why the invoice cannot take `amountCents` now (void, paid, more than the balance); else undefined. */
function refusalOf(invoice: Invoice, amountCents: number): string | undefined {
  if (invoice.status === "void")
    return `${invoiceLabel(invoice)} is void: take payment on its replacement.`;
  const balance = balanceCents(invoice.totalCents, [invoice.paidCents, invoice.creditedCents]);
  if (balance <= 0) return `${invoiceLabel(invoice)} is paid in full.`;
  if (amountCents > balance)
    return `That is more than the balance of ${formatCents(balance)}. Take at most the balance.`;
  return undefined;
}

type Received = Pick<
  typeof payments.$inferInsert,
  "method" | "amountCents" | "tenderedCents" | "reference" | "submissionKey"
>;

/** Stores a payment the locked invoice can take, adds it to the invoice's paid sum, audits it. */
async function storePayment(
  tx: Transaction,
  invoice: Invoice,
  received: Received,
  staffId: number | null,
  now: Date,
): Promise<Payment> {
  const [payment] = await tx
    .insert(payments)
    .values({
      ...received,
      invoiceId: invoice.id,
      deposit: invoice.status === "draft",
      receivedBy: staffId,
      receivedAt: now,
    })
    .returning();
  await tx
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${received.amountCents}`,
      version: sql`${invoices.version} + 1`,
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id));
  await recordAudit(tx, staffId, {
    action: "payment.record",
    entity: "invoice",
    entityId: invoice.id,
    summary: `${invoiceLabel(invoice)}: ${payment!.deposit ? "deposit" : "payment"} of ${formatCents(received.amountCents)} by ${paymentMethodWords[received.method]}`,
  });
  return payment!;
}

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
    const refusal = refusalOf(invoice, input.amountCents);
    if (refusal) throw new InvoiceRefused(refusal);
    const payment = await storePayment(tx, invoice, received(input), staffId, now);
    return { payment, changeDueCents: change(payment) };
  });
}

const received = (input: PaymentInput): Received => ({
  method: input.method,
  amountCents: input.amountCents,
  tenderedCents: input.method === "cash" ? (input.tenderedCents ?? input.amountCents) : null,
  reference: input.reference ?? null,
  submissionKey: input.submissionKey,
});

/**
 * A deposit taken as a walk-in is saved: against the repair's draft invoice (started from its
 * quote), in the walk-in's own transaction, so a deposit refused (more than the quote) stores no
 * walk-in either. Its key is the walk-in form's.
 */
export async function takeDepositAtIntake(
  tx: Transaction,
  booking: Parameters<typeof draftInTransaction>[1],
  deposit: PaymentInput,
  staffId: number,
  now: Date,
): Promise<Payment> {
  const draft = await draftInTransaction(tx, booking, staffId);
  const refusal = refusalOf(draft, deposit.amountCents);
  if (refusal) throw new InvoiceRefused(refusal);
  return storePayment(tx, draft, received(deposit), staffId, now);
}

/** A Checkout Session Stripe's signed webhook says was paid (decision 0067). */
export type OnlinePayment = {
  eventId: string;
  sessionId: string;
  invoiceId: number;
  amountCents: number;
  /** The payment intent's id, or the session's when there is none. */
  reference: string;
};

export type OnlinePaymentOutcome = "recorded" | "replayed" | "needs_attention" | "no_invoice";

/**
 * Records a payment made online, in full or not at all, under the same lock and checks as the
 * counter's. An event or session seen before is a replay and records nothing. An amount the
 * invoice can no longer take (paid at the counter meanwhile, voided) is not recorded in part: with
 * no refunds or store credit in the shop's terms, staff settle it, so it is kept and audited for
 * them.
 */
export async function recordOnlinePayment(
  online: OnlinePayment,
  now = new Date(),
): Promise<OnlinePaymentOutcome> {
  const db = await database();
  return db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, online.invoiceId);
    if (!invoice) return "no_invoice";
    const [seen] = await tx
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(
        or(eq(stripeEvents.eventId, online.eventId), eq(stripeEvents.sessionId, online.sessionId)),
      );
    if (seen) return "replayed";
    const refusal = refusalOf(invoice, online.amountCents);
    const payment = refusal
      ? undefined
      : await storePayment(
          tx,
          invoice,
          {
            method: "online",
            amountCents: online.amountCents,
            tenderedCents: null,
            reference: online.reference,
            submissionKey: null,
          },
          null,
          now,
        );
    await tx.insert(stripeEvents).values({
      eventId: online.eventId,
      sessionId: online.sessionId,
      invoiceId: invoice.id,
      amountCents: online.amountCents,
      outcome: payment ? "recorded" : "needs_attention",
      paymentId: payment?.id ?? null,
      receivedAt: now,
    });
    if (!refusal) return "recorded";
    await recordAudit(tx, null, {
      action: "payment.online_not_recorded",
      entity: "invoice",
      entityId: invoice.id,
      summary: `${invoiceLabel(invoice)}: an online payment of ${formatCents(online.amountCents)} (Stripe ${online.reference}) was not recorded, settle it with the customer in Stripe: ${refusal}`,
    });
    return "needs_attention";
  });
}

const change = (payment: Payment) =>
  payment.tenderedCents === null
    ? undefined
    : changeDueCents(payment.amountCents, payment.tenderedCents);
