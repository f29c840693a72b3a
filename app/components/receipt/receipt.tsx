import { InvoiceTotals } from "~/components/admin/invoice-totals";
import { CreditNoteList } from "./credit-note-list";
import { ShopLetterhead } from "./shop-letterhead";
import { brand, invoicing, warranty as terms } from "~/config/shop";
import type { ReceiptView } from "~/types/invoice";
import { balanceCents, formatCents } from "~/utils/invoice-totals";
import { paymentMethodLabel } from "~/utils/payment-methods";
import { formatCalendarDate } from "~/utils/shop-time";
import { warrantyText } from "~/utils/warranty";
import { deviceWarrantyText } from "~/utils/device-warranty";

/**
 * The customer's receipt: the shop's legal name, address and HST number, the invoice's lines and
 * totals, what was paid and how, and the warranty with its last day and exclusions. One layout for
 * Letter paper and the 80 mm roll: the roll's stylesheet narrows it.
 */
export function Receipt({ receipt }: { receipt: ReceiptView }) {
  const { invoice, repair, warranty, deviceWarranties } = receipt;
  const balance = balanceCents(invoice.totalCents, [invoice.paidCents, invoice.creditedCents]);
  return (
    <article
      data-testid="receipt"
      className="receipt mx-auto bg-white p-4 text-sm text-slate-900 shadow sm:p-6 print:p-0 print:shadow-none"
    >
      <ShopLetterhead>
        <p>
          {invoicing.taxName} registration {invoicing.taxRegistration}
        </p>
      </ShopLetterhead>
      <h2 className="mt-3 text-base font-bold">
        Receipt · Invoice {invoice.number}
        {invoice.status === "void" ? " (void)" : ""}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-slate-600">Date</dt>
        <dd>{invoice.issuedOn}</dd>
        <dt className="text-slate-600">Customer</dt>
        <dd className="[overflow-wrap:anywhere]">{invoice.customerName}</dd>
        {repair ? (
          <>
            <dt className="text-slate-600">Repair</dt>
            <dd>
              <span className="font-mono">{repair.reference}</span> · {repair.device}
            </dd>
          </>
        ) : null}
      </dl>
      <InvoiceTotals invoice={invoice} />
      <section aria-labelledby="receipt-payments" className="mt-4 border-t border-slate-300 pt-2">
        <h3 id="receipt-payments" className="font-semibold">
          Payments
        </h3>
        {invoice.payments.length ? (
          <ul className="mt-1 space-y-0.5">
            {invoice.payments.map((payment) => (
              <li key={payment.id} className="flex justify-between gap-3">
                <span>
                  {paymentMethodLabel(payment.method)}, {payment.receivedOn}
                  {payment.changeCents ? ` (change ${formatCents(payment.changeCents)})` : ""}
                </span>
                <span className="tabular-nums">{formatCents(payment.amountCents)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <CreditNoteList notes={invoice.creditNotes} />
        <p className="mt-1 font-semibold" data-testid="receipt-balance">
          {balance > 0 ? `Balance due: ${formatCents(balance)}` : "Paid in full"}
        </p>
      </section>
      {warranty ? (
        <section aria-labelledby="receipt-warranty" className="mt-4 border-t border-slate-300 pt-2">
          <h3 id="receipt-warranty" className="font-semibold" data-testid="receipt-warranty">
            {warrantyText(warranty)}
          </h3>
          <p className="mt-1">
            {terms.days} days on {terms.covers} from {formatCalendarDate(warranty.from)}, the
            invoice date. It does not cover:{" "}
            {terms.exclusions.map((exclusion) => exclusion.toLowerCase()).join("; ")}. Bring the
            device and this receipt to make a claim. No refunds or store credit.
          </p>
        </section>
      ) : null}
      {deviceWarranties.length ? (
        <section
          aria-labelledby="receipt-device-warranty"
          className="mt-4 border-t border-slate-300 pt-2"
        >
          <h3 id="receipt-device-warranty" className="font-semibold">
            Device warranty
          </h3>
          <ul className="mt-1 space-y-1" data-testid="receipt-device-warranty">
            {deviceWarranties.map((device) => (
              <li key={device.description}>
                <span className="[overflow-wrap:anywhere]">{device.description}</span>
                <br />
                {deviceWarrantyText(device.months, formatCalendarDate(device.until))}. It covers
                faults that were not caused by an accident, water or a repair elsewhere; bring the
                device and this receipt.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-4 text-center">Thank you for choosing {brand.name}.</p>
    </article>
  );
}
