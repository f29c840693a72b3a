import { Link } from "react-router";
import { bookingReference } from "~/utils/booking-reference";
import { balanceCents, formatCents } from "~/utils/invoice-totals";
import { phoneCards } from "./phone-cards";
import { cell, headCell, tableClass } from "./ui";

export type InvoiceRow = {
  id: number;
  number: number | null;
  status: "draft" | "issued" | "void";
  customerName: string;
  bookingId: number | null;
  on: string;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
};

const statusWords = { draft: "Draft", issued: "Issued", void: "Void" } as const;

/** Invoices, newest first: each opens its repair's invoice page, or the counter sale's. */
export function InvoiceList({ items }: { items: InvoiceRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className={`${tableClass} ${phoneCards.table}`}>
        <caption className="sr-only">Invoices</caption>
        <thead className={phoneCards.head}>
          <tr>
            <th scope="col" className={headCell}>
              Invoice
            </th>
            <th scope="col" className={headCell}>
              Made out to
            </th>
            <th scope="col" className={headCell}>
              For
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Total
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Balance
            </th>
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 ${phoneCards.body}`}>
          {items.map((invoice) => (
            <tr key={invoice.id} data-testid="invoice-row" className={phoneCards.row}>
              <td className={`${cell} ${phoneCards.cell} ${phoneCards.left[1]}`}>
                <Link
                  to={
                    invoice.bookingId === null
                      ? `/admin/invoices/${invoice.id}`
                      : `/admin/repairs/${invoice.bookingId}/invoice`
                  }
                  className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                >
                  {invoice.number === null ? "Draft" : `Invoice ${invoice.number}`}
                </Link>
                <span className="block text-xs whitespace-nowrap text-slate-600">
                  {statusWords[invoice.status]}, {invoice.on}
                </span>
              </td>
              <td
                className={`${cell} ${phoneCards.cell} ${phoneCards.left[2]} [overflow-wrap:anywhere]`}
              >
                {invoice.customerName}
              </td>
              <td
                className={`${cell} ${phoneCards.cell} ${phoneCards.left[3]} whitespace-nowrap max-sm:text-xs max-sm:text-slate-600`}
              >
                {invoice.bookingId === null ? "Counter sale" : bookingReference(invoice.bookingId)}
              </td>
              <td
                className={`${cell} ${phoneCards.cell} ${phoneCards.right[1]} text-right tabular-nums`}
              >
                <span className={phoneCards.label}>Total </span>
                {formatCents(invoice.totalCents)}
              </td>
              <td
                className={`${cell} ${phoneCards.cell} ${phoneCards.right[2]} text-right tabular-nums max-sm:text-xs`}
              >
                <span className={phoneCards.label}>Balance </span>
                {invoice.status === "void"
                  ? "—"
                  : formatCents(
                      balanceCents(invoice.totalCents, [invoice.paidCents, invoice.creditedCents]),
                    )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
