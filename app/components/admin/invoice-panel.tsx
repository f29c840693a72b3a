import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { conflictIn } from "./changed-meanwhile";
import { SubmitButton } from "~/components/forms/submit-button";
import type { FormConstraint } from "~/components/forms/use-form-reply";
import type { InvoiceView } from "~/types/invoice";
import type { ChangedMeanwhile } from "~/types/repairs";
import { balanceCents, formatCents } from "~/utils/invoice-totals";
import { paymentMethodWords } from "~/utils/payment-methods";
import {
  CreditNoteForm,
  Handover,
  InvoiceDraftForm,
  InvoiceVoidForm,
  PaymentForm,
  ReceiptActions,
  type RepairAtCounter,
} from "./invoice-forms";
import { CreditNoteList } from "~/components/receipt/credit-note-list";
import type { CounterDevice } from "~/types/shop";
import { AddDeviceForm, InvoiceDeviceLines } from "./invoice-device-forms";
import { InvoiceTotals } from "./invoice-totals";
import { Section } from "./repair-detail-sections";
import { primaryButton } from "./ui";

export type InvoiceAnswer = {
  intent: string;
  result?: SubmissionResult<string[]>;
  conflict?: ChangedMeanwhile;
};

/**
 * What an invoice page's action answered, as the panel takes it: the form it refused (with what
 * changed meanwhile) and the payment key to draw the forms with, new after a refusal.
 */
export function panelReply(
  actionData: (object & { intent?: string; result?: SubmissionResult<string[]> }) | undefined,
  submissionKey: string,
) {
  return {
    answer:
      actionData?.intent === undefined
        ? undefined
        : {
            intent: actionData.intent,
            result: actionData.result,
            conflict: conflictIn(actionData),
          },
    submissionKey:
      actionData && "submissionKey" in actionData && typeof actionData.submissionKey === "string"
        ? actionData.submissionKey
        : submissionKey,
  };
}

const statusWords = { draft: "Draft", issued: "Issued", void: "Void" } as const;

/**
 * A repair's invoice, or a counter sale's: none yet (a button starts the draft from the quote), a draft being edited,
 * or an issued one with its payments. Deposits and payments are taken on both; the owner voids.
 */
export function InvoicePanel({
  repair,
  invoice,
  voided,
  mayVoid,
  constraints,
  answer,
  submissionKey,
  devices,
}: {
  /** The repair the invoice is for; null for a counter sale. */
  repair: RepairAtCounter | null;
  invoice: InvoiceView | null;
  voided: { number: number; reason: string; on: string }[];
  mayVoid: boolean;
  constraints: { draft: FormConstraint; payment: FormConstraint };
  answer?: InvoiceAnswer;
  submissionKey: string;
  /** The devices for sale a draft may sell. */
  devices: CounterDevice[];
}) {
  const answerTo = (intent: string) => (answer?.intent === intent ? answer : undefined);
  const voidedList = voided.length ? (
    <ul className="mt-4 space-y-1 text-sm text-slate-700">
      {voided.map((v) => (
        <li key={v.number}>
          Invoice {v.number} was voided on {v.on}: {v.reason}
        </li>
      ))}
    </ul>
  ) : null;
  if (!invoice)
    return (
      <div className="mt-6 max-w-3xl">
        <Section title="No invoice yet" id="invoice-heading">
          <p className="text-sm text-slate-700">
            Start the invoice from the repair&apos;s quote: its lines can be changed, and deposits
            taken, until it is issued.
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="start" />
            <SubmitButton label="Start invoice" pendingLabel="Starting…" look={primaryButton} />
          </Form>
          {voidedList}
        </Section>
      </div>
    );
  const balance = balanceCents(invoice.totalCents, [invoice.paidCents, invoice.creditedCents]);
  const title =
    invoice.number === null ? "Draft invoice" : `Invoice ${invoice.number}, ${invoice.issuedOn}`;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <Section
        title={title}
        id="invoice-heading"
        action={
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
            {statusWords[invoice.status]}
          </span>
        }
      >
        <p className="text-sm text-slate-700">
          Made out to <span className="font-medium text-slate-900">{invoice.customerName}</span>
        </p>
        {invoice.status === "draft" ? (
          <>
            <InvoiceDeviceLines invoice={invoice} answer={answerTo("remove_device")} />
            <AddDeviceForm
              version={invoice.version}
              devices={devices}
              answer={answerTo("add_device")}
            />
          </>
        ) : null}
        {invoice.status === "draft" ? (
          <InvoiceDraftForm
            invoice={invoice}
            constraint={constraints.draft}
            answer={answerTo("save") ?? answerTo("issue")}
          />
        ) : (
          <InvoiceTotals invoice={invoice} />
        )}
        {voidedList}
      </Section>
      <div className="space-y-6">
        <Section title={invoice.status === "draft" ? "Deposits" : "Payments"} id="payments-heading">
          <p className="text-base font-semibold text-slate-900">
            {balance > 0 ? `Balance due: ${formatCents(balance)}` : "Paid in full"}
          </p>
          <HeldOnlinePayments held={invoice.heldOnline} />
          {invoice.payments.length ? (
            <ul className="mt-3 divide-y divide-slate-200 text-sm">
              {invoice.payments.map((payment) => (
                <li key={payment.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                  <span>
                    {payment.deposit ? "Deposit" : "Payment"} by{" "}
                    {paymentMethodWords[payment.method]}
                    {payment.reference ? ` (${payment.reference})` : ""}
                    <span className="block text-xs text-slate-600">
                      {payment.receivedOn}
                      {payment.changeCents ? `, change ${formatCents(payment.changeCents)}` : ""}
                    </span>
                  </span>
                  <span className="font-medium tabular-nums">
                    {formatCents(payment.amountCents)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <CreditNoteList notes={invoice.creditNotes} className="mt-2 text-sm" />
          {invoice.status !== "void" && balance > 0 ? (
            <PaymentForm
              balanceCents={balance}
              deposit={invoice.status === "draft"}
              constraint={constraints.payment}
              answer={answerTo("pay")}
              submissionKey={submissionKey}
            />
          ) : null}
        </Section>
        {invoice.status === "issued" ? (
          <Section title="Receipt" id="receipt-heading">
            <ReceiptActions
              invoiceId={invoice.id}
              sendable={repair !== null}
              answer={answerTo("send_receipt")}
            />
          </Section>
        ) : null}
        {repair && (repair.status === "ready_for_pickup" || repair.handedOverOn) ? (
          <Section title="Pickup" id="pickup-heading">
            <Handover
              repair={repair}
              ready={invoice.status === "issued" && balance === 0}
              answer={answerTo("handover")}
            />
          </Section>
        ) : null}
        {invoice.status === "issued" && mayVoid && balance > 0 ? (
          <Section title="Credit note" id="credit-heading">
            <CreditNoteForm
              version={invoice.version}
              balanceCents={balance}
              answer={answerTo("credit")}
            />
          </Section>
        ) : null}
        {invoice.status === "issued" &&
        mayVoid &&
        invoice.paidCents === 0 &&
        invoice.creditedCents === 0 ? (
          <Section title="Void this invoice" id="void-heading">
            <InvoiceVoidForm version={invoice.version} answer={answerTo("void")} />
          </Section>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Money the customer paid through Pay now that was not recorded because it no longer fitted the
 * balance (paid at the counter meanwhile, or voided): Stripe holds it, and staff must refund it
 * there or settle it with the customer, so it stands out above the payments.
 */
function HeldOnlinePayments({ held }: { held: InvoiceView["heldOnline"] }) {
  if (!held.length) return null;
  return (
    <div
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="held-online"
    >
      <p className="font-semibold">Online payment not recorded: needs attention</p>
      <ul className="mt-1 space-y-1">
        {held.map((payment) => (
          <li key={payment.sessionId}>
            {formatCents(payment.amountCents)} paid online on {payment.receivedOn} no longer fitted
            the balance, so it was not recorded against this invoice. Refund it in Stripe (Checkout
            session <span className="font-mono text-xs break-all">{payment.sessionId}</span>) or
            settle it with the customer.
          </li>
        ))}
      </ul>
    </div>
  );
}
