import { Link } from "react-router";
import { bookingReference } from "~/utils/booking-reference";
import { balanceCents, formatCents } from "~/utils/invoice-totals";
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

/**
 * On a phone each row is a card of two columns (the invoice, who and what for on the left; the
 * total and the balance on the right), so nothing hides off to the side; from `sm` up, a table.
 */
const phone = {
  table: "max-sm:block",
  row: "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:py-3",
  cell: "max-sm:block max-sm:p-0",
  // Whole class names, as Tailwind finds them in the source.
  left: {
    1: "max-sm:col-start-1 max-sm:row-start-1",
    2: "max-sm:col-start-1 max-sm:row-start-2",
    3: "max-sm:col-start-1 max-sm:row-start-3",
  },
  right: {
    1: "max-sm:col-start-2 max-sm:row-start-1",
    2: "max-sm:col-start-2 max-sm:row-start-2",
  },
  label: "sm:hidden",
} as const;

/** Invoices, newest first: each opens its repair's invoice page, or the counter sale's. */
export function InvoiceList({ items }: { items: InvoiceRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className={`${tableClass} ${phone.table}`}>
        <caption className="sr-only">Invoices</caption>
        <thead className="max-sm:sr-only">
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
        <tbody className="divide-y divide-slate-200 max-sm:block">
          {items.map((invoice) => (
            <tr key={invoice.id} data-testid="invoice-row" className={phone.row}>
              <td className={`${cell} ${phone.cell} ${phone.left[1]}`}>
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
              <td className={`${cell} ${phone.cell} ${phone.left[2]} [overflow-wrap:anywhere]`}>
                {invoice.customerName}
              </td>
              <td
                className={`${cell} ${phone.cell} ${phone.left[3]} whitespace-nowrap max-sm:text-xs max-sm:text-slate-600`}
              >
                {invoice.bookingId === null ? "Counter sale" : bookingReference(invoice.bookingId)}
              </td>
              <td className={`${cell} ${phone.cell} ${phone.right[1]} text-right tabular-nums`}>
                <span className={phone.label}>Total </span>
                {formatCents(invoice.totalCents)}
              </td>
              <td
                className={`${cell} ${phone.cell} ${phone.right[2]} text-right tabular-nums max-sm:text-xs`}
              >
                <span className={phone.label}>Balance </span>
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
