import { Form, Link } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "~/components/forms/error-summary";
import { InputField, SelectField, inputClass } from "~/components/forms/field";
import { PriceField } from "~/components/forms/price-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { invoiceDraftSchema, paymentSchema } from "~/schemas/invoice";
import type { BookingStatus } from "~/types/booking";
import { invoiceLinesMax, lineFieldNames, lineKindLabels } from "~/utils/invoice-lines";
import { typedLineKinds, type InvoiceView } from "~/types/invoice";
import { formatCents, plainDollars } from "~/utils/invoice-totals";
import { paymentMethodLabel, paymentMethodsAtCounter } from "~/utils/payment-methods";
import { SaveRefused } from "./changed-meanwhile";
import type { InvoiceAnswer } from "./invoice-panel";
import { TotalsList } from "./invoice-totals";
import { dangerButton, primaryButton, secondaryButton } from "./ui";

/** Blank rows under a draft's lines, for lines added without JavaScript. */
const blankRows = 3;

/**
 * A draft's lines and discount, saved together at the version they were read (decision 0039),
 * and the button that issues the draft as saved. A row left blank is no line; Remove drops one.
 */
export function InvoiceDraftForm({
  invoice,
  constraint,
  answer,
}: {
  invoice: InvoiceView;
  constraint: FormConstraint;
  answer?: InvoiceAnswer;
}) {
  // Device lines are sold and taken back by their own forms (InvoiceDeviceLines), not typed here.
  const typed = invoice.lines.filter((line) => line.kind !== "device");
  const rows = Math.min(typed.length + blankRows, invoiceLinesMax);
  const defaultValue: Record<string, string> = {
    discountKind: invoice.discount?.kind ?? "none",
    discountValue: invoice.discount
      ? invoice.discount.kind === "amount"
        ? plainDollars(invoice.discount.value)
        : String(invoice.discount.value / 100)
      : "",
    discountReason: invoice.discount?.reason ?? "",
  };
  typed.forEach((line, index) => {
    const names = lineFieldNames(index + 1);
    defaultValue[names.kind] = line.kind;
    defaultValue[names.description] = line.description;
    defaultValue[names.quantity] = String(line.quantity);
    defaultValue[names.unitPrice] = plainDollars(line.unitCents);
  });
  const { form, field } = useFormReply<z.input<typeof invoiceDraftSchema>>(
    answer?.intent === "save" ? answer.result : undefined,
    { constraint, defaultValue },
  );
  const anyField = field as (name: string) => ReturnType<typeof field>;
  return (
    <>
      <Form method="post" className="mt-4 space-y-4" {...form.props}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={answer?.conflict?.version ?? invoice.version} />
        <SaveRefused form={form} conflict={answer?.conflict} />
        <ol className="space-y-3">
          {Array.from({ length: rows }, (_, index) => {
            const names = lineFieldNames(index + 1);
            const existing = index < typed.length;
            return (
              <li key={index}>
                <fieldset className="grid grid-cols-[minmax(0,1fr)_3.5rem_6rem] gap-x-2 gap-y-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_4.5rem_7rem] sm:gap-x-3">
                  <legend className="px-1 text-xs font-semibold text-slate-600">
                    Line {index + 1}
                    {existing ? "" : " (new)"}
                  </legend>
                  <div className="col-span-3">
                    <InputField field={anyField(names.description)} label="Description" />
                  </div>
                  <SelectField field={anyField(names.kind)} label="Kind" alwaysChosen>
                    {typedLineKinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {lineKindLabels[kind]}
                      </option>
                    ))}
                  </SelectField>
                  <InputField
                    field={anyField(names.quantity)}
                    label="Qty"
                    inputProps={{ inputMode: "numeric", className: inputClass, placeholder: "1" }}
                  />
                  <PriceField field={anyField(names.unitPrice)} label="Price ($)" />
                  {existing ? (
                    <label className="col-span-3 flex min-h-11 items-center gap-2 text-sm text-slate-800 md:min-h-0">
                      <input
                        type="checkbox"
                        name={names.remove}
                        className="h-4 w-4 rounded border-slate-300"
                      />
                      Remove this line
                    </label>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <fieldset className="grid gap-3 sm:grid-cols-[10rem_8rem_minmax(0,1fr)]">
          <legend className="text-sm font-semibold text-slate-900">Discount</legend>
          <SelectField field={field("discountKind")} label="Kind" alwaysChosen>
            <option value="none">None</option>
            <option value="amount">Amount ($)</option>
            <option value="percent">Percent (%)</option>
          </SelectField>
          <InputField
            field={field("discountValue")}
            label="Amount or %"
            inputProps={{ inputMode: "decimal", className: inputClass }}
          />
          <InputField field={field("discountReason")} label="Reason" />
        </fieldset>
        <button type="submit" className={secondaryButton}>
          Save draft
        </button>
      </Form>
      <TotalsList invoice={invoice} />
      <IssueForm
        version={invoice.version}
        answer={answer?.intent === "issue" ? answer : undefined}
      />
    </>
  );
}

/** Issuing fixes the draft as last saved and gives it the next number. */
function IssueForm({ version, answer }: { version: number; answer?: InvoiceAnswer }) {
  const { form } = useFormReply(answer?.result);
  return (
    <Form method="post" className="mt-4 space-y-3 border-t border-slate-200 pt-4" {...form.props}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="issue" />
      <input type="hidden" name="version" value={version} />
      <p className="text-sm text-slate-700">
        Issuing gives the invoice its number and today&apos;s date, from which the warranty runs.
        After that it cannot change: save the draft first.
      </p>
      <SubmitButton label="Issue invoice" pendingLabel="Issuing…" look={primaryButton} />
    </Form>
  );
}

/**
 * Money taken at the counter: by default the whole balance. Cash takes what was handed over (the
 * change is shown after), an e-Transfer its reference. The key makes a double tap one payment.
 */
export function PaymentForm({
  balanceCents,
  deposit,
  constraint,
  answer,
  submissionKey,
}: {
  balanceCents: number;
  deposit: boolean;
  constraint: FormConstraint;
  answer?: InvoiceAnswer;
  submissionKey: string;
}) {
  const { form, field } = useFormReply<z.input<typeof paymentSchema>>(answer?.result, {
    constraint,
    defaultValue: { method: "cash", amount: plainDollars(balanceCents) },
  });
  return (
    <Form method="post" className="mt-4 space-y-3" {...form.props}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <SelectField field={field("method")} label="Method" alwaysChosen>
        {paymentMethodsAtCounter.map((method) => (
          <option key={method} value={method}>
            {paymentMethodLabel(method)}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <PriceField
          field={field("amount")}
          label="Amount ($)"
          hint={`At most ${formatCents(balanceCents)}`}
          required
        />
        <PriceField field={field("tendered")} label="Cash handed over ($)" hint="Cash only" />
      </div>
      <InputField
        field={field("reference")}
        label="e-Transfer reference"
        hint="Interac e-Transfer only"
        inputProps={{ autoComplete: "off", className: inputClass }}
      />
      <SubmitButton
        label={deposit ? "Take deposit" : "Record payment"}
        pendingLabel="Recording…"
        look={primaryButton}
      />
    </Form>
  );
}

/** The owner voids an issued, unpaid invoice with a reason; its number stays used. */
export function InvoiceVoidForm({ version, answer }: { version: number; answer?: InvoiceAnswer }) {
  const { form, field } = useFormReply<{ reason: string }>(answer?.result);
  return (
    <Form method="post" className="space-y-3" {...form.props}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="void" />
      <input type="hidden" name="version" value={version} />
      <p className="text-sm text-slate-700">
        A void keeps the invoice and its number on record, marked void. The repair can then get a
        new invoice.
      </p>
      <InputField field={field("reason")} label="Why it is voided" required />
      <SubmitButton label="Void invoice" pendingLabel="Voiding…" look={dangerButton} />
    </Form>
  );
}

/** The repair as the invoice page's pickup section needs it. */
export type RepairAtCounter = {
  id: number;
  status: BookingStatus;
  version: number;
  handedOverOn: string | null;
};

/**
 * The counter's last step: once the invoice is issued and paid in full, the device is handed over
 * and the repair marked Completed (its customer told); until then, what is still to do.
 */
export function Handover({
  repair,
  ready,
  answer,
}: {
  repair: RepairAtCounter;
  ready: boolean;
  answer?: InvoiceAnswer;
}) {
  const { form } = useFormReply(answer?.result);
  if (repair.handedOverOn)
    return <p className="text-sm text-slate-700">Handed over on {repair.handedOverOn}.</p>;
  if (!ready)
    return (
      <p className="text-sm text-slate-700">
        The repair is ready. Issue the invoice and take the balance, then hand the device over.
      </p>
    );
  return (
    <Form method="post" className="space-y-3" {...form.props}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="handover" />
      <input type="hidden" name="version" value={repair.version} />
      <p className="text-sm text-slate-700">
        Paid in full. Handing the device over marks the repair Completed and tells the customer.
      </p>
      <SubmitButton
        label="Hand over and mark Completed"
        pendingLabel="Handing over…"
        look={primaryButton}
      />
    </Form>
  );
}

/** The receipt printed on Letter or the 80 mm roll, or its link sent to the customer. */
export function ReceiptActions({
  invoiceId,
  sendable,
  answer,
}: {
  invoiceId: number;
  /** A repair's receipt goes to its customer; a counter sale's is printed. */
  sendable: boolean;
  answer?: InvoiceAnswer;
}) {
  const { form } = useFormReply(answer?.result);
  return (
    <>
      <p className="flex flex-wrap gap-2">
        <Link to={`/admin/invoices/${invoiceId}/receipt`} className={secondaryButton}>
          Print receipt
        </Link>
        <Link to={`/admin/invoices/${invoiceId}/receipt/roll`} className={secondaryButton}>
          80 mm roll
        </Link>
      </p>
      {sendable ? (
        <Form method="post" className="mt-3 space-y-3" {...form.props}>
          <ErrorSummary form={form} />
          <input type="hidden" name="intent" value="send_receipt" />
          <SubmitButton
            label="Send receipt to the customer"
            pendingLabel="Sending…"
            look={primaryButton}
          />
        </Form>
      ) : null}
    </>
  );
}

/**
 * The owner's correction once payments exist: part of the invoice taken off what is owed, at most
 * the balance (no refunds or store credit), with the reason on record.
 */
export function CreditNoteForm({
  version,
  balanceCents,
  answer,
}: {
  version: number;
  balanceCents: number;
  answer?: InvoiceAnswer;
}) {
  const { form, field } = useFormReply<{ amount: string; reason: string }>(answer?.result);
  return (
    <Form method="post" className="space-y-3" {...form.props}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="credit" />
      <input type="hidden" name="version" value={version} />
      <p className="text-sm text-slate-700">
        A credit note takes part of the invoice off what is still owed, HST included; the invoice
        and its payments stay as they are.
      </p>
      <PriceField
        field={field("amount")}
        label="Amount ($, with HST)"
        hint={`At most ${formatCents(balanceCents)}`}
        required
      />
      <InputField field={field("reason")} label="Why it is credited" required />
      <SubmitButton label="Issue credit note" pendingLabel="Issuing…" look={primaryButton} />
    </Form>
  );
}
