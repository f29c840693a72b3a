import { Link } from "react-router";
import { bookingReference } from "~/utils/booking-reference";
import { formatCents } from "~/utils/invoice-totals";
import { formatPhone, telHref } from "~/utils/phone";
import { panel } from "./ui";

export type BalanceDue = {
  invoiceId: number;
  number: number;
  bookingId: number | null;
  customerName: string;
  phoneDigits: string | null;
  balanceCents: number;
  issuedOn: string;
};

/** Issued invoices not yet paid in full, the oldest first, with the phone to call about them. */
export function BalancesDue({
  total,
  totalCents,
  items,
}: {
  total: number;
  totalCents: number;
  items: BalanceDue[];
}) {
  return (
    <section id="balances" aria-labelledby="balances-heading" className={`${panel} scroll-mt-4`}>
      <h2
        id="balances-heading"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        Balances due
        <span
          data-testid="balances-count"
          className={`rounded-full px-2.5 py-0.5 text-sm tabular-nums ${total ? "bg-red-100 text-red-900" : "bg-slate-100 text-slate-700"}`}
        >
          {total}
        </span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {total
          ? `Issued invoices with ${formatCents(totalCents)} still to take in all.`
          : "Every issued invoice is paid in full."}
      </p>
      {items.length ? (
        <ul className="mt-4 divide-y divide-slate-200">
          {items.map((item) => (
            <li
              key={item.invoiceId}
              data-testid="balance-due"
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
            >
              <span className="min-w-0">
                <Link
                  to={
                    item.bookingId === null
                      ? `/admin/invoices/${item.invoiceId}`
                      : `/admin/repairs/${item.bookingId}/invoice`
                  }
                  className="font-semibold text-brand-700 hover:underline"
                >
                  Invoice {item.number}
                </Link>
                <span className="ml-2 text-sm [overflow-wrap:anywhere] text-slate-700">
                  {item.customerName}
                  {item.bookingId === null ? "" : ` · ${bookingReference(item.bookingId)}`} · issued{" "}
                  {item.issuedOn}
                </span>
                {item.phoneDigits ? (
                  <a
                    href={telHref(item.phoneDigits)}
                    className="ml-2 inline-flex min-h-6 items-center text-sm whitespace-nowrap text-brand-700 hover:underline"
                  >
                    {formatPhone(item.phoneDigits)}
                  </a>
                ) : null}
              </span>
              <span className="font-semibold text-slate-900 tabular-nums">
                {formatCents(item.balanceCents)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {total > items.length ? (
        <p className="mt-3 text-sm text-slate-600">
          The {items.length} oldest of {total} are shown.
        </p>
      ) : null}
    </section>
  );
}
