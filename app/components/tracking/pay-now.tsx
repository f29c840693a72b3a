import { Form, useSearchParams } from "react-router";
import { trackingPath } from "~/utils/booking-reference";
import { formatCents } from "~/utils/invoice-totals";

/** Online payment on the tracking page; undefined when the shop has not set it up. */
export type PayNowOffer = {
  /** The issued invoice with money owing, or null when there is none (a draft, paid in full). */
  due: { invoiceNumber: number; balanceCents: number } | null;
};

/**
 * The invoice's balance and "Pay now", a plain post that leads to Stripe's payment page. Coming
 * back from there (`?payment=sent`) only thanks the customer: the payment shows once Stripe's
 * signed webhook has recorded it, so the button waits until then rather than offer a second
 * payment.
 */
export function PayNow({ offer, token }: { offer: PayNowOffer | undefined; token: string }) {
  const [search] = useSearchParams();
  const returned = search.get("payment");
  if (!offer || (!offer.due && returned !== "sent")) return null;
  return (
    <section
      aria-labelledby="pay-now-heading"
      className="mt-6 rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6"
    >
      <h2 id="pay-now-heading" className="text-lg font-semibold text-slate-900">
        Payment
      </h2>
      {returned === "sent" ? (
        <p role="status" className="mt-3 text-slate-800">
          Thank you. Your payment will show here once the card company confirms it.
        </p>
      ) : offer.due ? (
        <>
          {returned === "cancelled" ? (
            <p role="status" className="mt-3 text-slate-800">
              Payment cancelled: nothing was charged.
            </p>
          ) : null}
          <p className="mt-3 text-slate-800" data-testid="balance-due">
            Invoice {offer.due.invoiceNumber}, balance due:{" "}
            <strong className="text-slate-900">{formatCents(offer.due.balanceCents)}</strong>
          </p>
          <Form method="post" action={`${trackingPath(token)}/pay`} reloadDocument className="mt-4">
            <button
              type="submit"
              data-pending="Opening payment..."
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none disabled:opacity-60"
            >
              Pay now
            </button>
          </Form>
          <p className="mt-3 text-sm text-slate-600">
            You pay by card on Stripe&apos;s secure page; the shop never sees your card number.
          </p>
        </>
      ) : null}
    </section>
  );
}
