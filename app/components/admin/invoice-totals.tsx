import type { InvoiceView } from "~/types/invoice";
import { formatCents, lineCents } from "~/utils/invoice-totals";
import { cell, headCell, tableClass } from "./ui";

const percentOf = (basisPoints: number) => `${basisPoints / 100}%`;

/** The invoice's totals under its lines: subtotal, discount with its reason, HST, total. */
export function TotalsList({ invoice }: { invoice: InvoiceView }) {
  const rows: [string, number][] = [
    ["Subtotal", invoice.subtotalCents],
    ...(invoice.discount
      ? ([
          [
            `Discount${invoice.discount.kind === "percent" ? ` ${percentOf(invoice.discount.value)}` : ""} (${invoice.discount.reason})`,
            -invoice.discountCents,
          ],
        ] as [string, number][])
      : []),
    [`HST ${percentOf(invoice.taxRateBasisPoints)}`, invoice.taxCents],
  ];
  return (
    <dl className="mt-4 ml-auto max-w-sm space-y-1 text-sm">
      {rows.map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="[overflow-wrap:anywhere] text-slate-700">{label}</dt>
          <dd className="tabular-nums">{formatCents(cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatCents(invoice.totalCents)}</dd>
      </div>
    </dl>
  );
}

/** An issued or void invoice: its lines as printed, and its totals. */
export function InvoiceTotals({ invoice }: { invoice: InvoiceView }) {
  return (
    <>
      <div className="mt-4 overflow-x-auto">
        <table className={tableClass}>
          <caption className="sr-only">The invoice&apos;s lines</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Description
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Qty
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Price
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {invoice.lines.map((line, index) => (
              <tr key={index}>
                <td className={`${cell} [overflow-wrap:anywhere]`}>{line.description}</td>
                <td className={`${cell} text-right tabular-nums`}>{line.quantity}</td>
                <td className={`${cell} text-right tabular-nums`}>{formatCents(line.unitCents)}</td>
                <td className={`${cell} text-right tabular-nums`}>
                  {formatCents(lineCents(line))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TotalsList invoice={invoice} />
    </>
  );
}
