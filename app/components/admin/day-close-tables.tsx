import type { ReactNode } from "react";
import type { DayTotals } from "~/types/day-close";
import { formatCents } from "~/utils/invoice-totals";
import { paymentMethodLabel } from "~/utils/payment-methods";
import { cell, headCell, tableClass } from "./ui";

const amountCell = `${cell} text-right tabular-nums`;
const rowHead = `${cell} font-medium text-slate-800`;
const captionClass = "caption-top pb-2 text-left text-base font-semibold text-slate-900";

/** A table in a box of its own: on a phone a wide one scrolls there, never the page. */
function TableBox({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className={captionClass}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function AmountHeads({ first, count }: { first: string; count: string }) {
  return (
    <thead>
      <tr>
        <th scope="col" className={headCell}>
          {first}
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          {count}
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          Amount
        </th>
      </tr>
    </thead>
  );
}

/**
 * A day's takings as four tables: the money received by method, the deposits, the invoices issued
 * with their HST, the voids and the credit notes. The close page and the Z report show the same.
 */
export function DayTotalsTables({ totals }: { totals: DayTotals }) {
  const received = totals.payments.reduce(
    (sum, row) => ({ count: sum.count + row.count, cents: sum.cents + row.cents }),
    { count: 0, cents: 0 },
  );
  const issued: [string, number][] = [
    ["Subtotal", totals.issued.subtotalCents],
    // Taken off, written as such once there is something to take off.
    ["Discounts", totals.issued.discountCents && -totals.issued.discountCents],
    ["HST collected", totals.issued.taxCents],
    ["Total", totals.issued.totalCents],
  ];
  return (
    <div className="space-y-6">
      <TableBox caption="Payments received by method">
        <AmountHeads first="Method" count="Payments" />
        <tbody className="divide-y divide-slate-200">
          {totals.payments.map((row) => (
            <tr key={row.method}>
              <th scope="row" className={rowHead}>
                {paymentMethodLabel(row.method)}
              </th>
              <td className={amountCell}>{row.count}</td>
              <td className={amountCell}>{formatCents(row.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" className={`${cell} text-slate-900`}>
              Total received
            </th>
            <td className={amountCell}>{received.count}</td>
            <td className={amountCell}>{formatCents(received.cents)}</td>
          </tr>
        </tfoot>
      </TableBox>
      <TableBox caption="Deposits">
        <AmountHeads first="Deposits" count="Count" />
        <tbody className="divide-y divide-slate-200">
          <tr>
            <th scope="row" className={rowHead}>
              Taken this day
            </th>
            <td className={amountCell}>{totals.depositsTaken.count}</td>
            <td className={amountCell}>{formatCents(totals.depositsTaken.cents)}</td>
          </tr>
          <tr>
            <th scope="row" className={rowHead}>
              Applied to invoices issued this day
            </th>
            <td className={amountCell}>{totals.depositsApplied.count}</td>
            <td className={amountCell}>{formatCents(totals.depositsApplied.cents)}</td>
          </tr>
        </tbody>
      </TableBox>
      <TableBox caption={`Invoices issued: ${totals.issued.count}`}>
        <tbody className="divide-y divide-slate-200">
          {issued.map(([label, cents]) => (
            <tr key={label}>
              <th scope="row" className={rowHead}>
                {label}
              </th>
              <td className={amountCell}>{formatCents(cents)}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
      {totals.voids.length ? (
        <TableBox caption={`Invoices voided: ${totals.voids.length}`}>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Invoice
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Total
              </th>
              <th scope="col" className={headCell}>
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {totals.voids.map((v) => (
              <tr key={v.number}>
                <th scope="row" className={rowHead}>
                  {v.number}
                </th>
                <td className={amountCell}>{formatCents(v.totalCents)}</td>
                <td className={`${cell} [overflow-wrap:anywhere]`}>{v.reason}</td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      ) : (
        <p className="text-sm text-slate-700">No invoices voided this day.</p>
      )}
      {totals.creditNotes?.length ? (
        <TableBox caption={`Credit notes: ${totals.creditNotes.length}`}>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Credit note
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Amount
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                HST in it
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {totals.creditNotes.map((note) => (
              <tr key={note.number}>
                <th scope="row" className={rowHead}>
                  {note.number}
                  <span className="block text-xs font-normal [overflow-wrap:anywhere] text-slate-700">
                    Invoice {note.invoiceNumber}: {note.reason}
                  </span>
                </th>
                <td className={amountCell}>{formatCents(note.amountCents)}</td>
                <td className={amountCell}>{formatCents(note.taxCents)}</td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      ) : (
        <p className="text-sm text-slate-700">No credit notes this day.</p>
      )}
    </div>
  );
}
