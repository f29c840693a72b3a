import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { Receipt } from "~/components/receipt/receipt";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { repairNotFoundMessage } from "~/content/messages/tracking-messages";
import { findBookingByToken } from "~/models/booking.server";
import { receiptOf } from "~/routes/receipt-view.server";
import { unavailableFor } from "~/server/unavailable.server";
import { isTrackingToken } from "~/utils/booking-reference";
import { pageTitle } from "~/utils/meta";
import { privatePage } from "~/utils/private-page";
import printStyles from "~/styles/print-receipt.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

/* As the tracking page: the address is the secret, so it is never cached, indexed or referred. */
const privateHeaders = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex",
  "referrer-policy": "same-origin",
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const booking = isTrackingToken(token)
    ? await findBookingByToken(token).catch(unavailableFor(context))
    : undefined;
  if (!booking) throw data(repairNotFoundMessage, { status: 404 });
  const receipt = await receiptOf(booking).catch(unavailableFor(context));
  return data({ token, receipt }, { headers: privateHeaders });
}

export const headers = privatePage(privateHeaders);

/** The customer's receipt under their secret tracking link, ready for the browser's Print. */
export default function CustomerReceiptPage() {
  const { token, receipt } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 print:p-0">
      <h1 className="text-3xl font-extrabold text-slate-900 print:hidden">Your receipt</h1>
      <p className="mt-2 text-slate-700 print:hidden">
        Keep it for your warranty. To print it or save it as a PDF, use your browser&apos;s Print.
      </p>
      <div className="mt-6 print:mt-0">
        <Receipt receipt={receipt} />
      </div>
      <p className="mt-8 print:hidden">
        <Link
          to={`/track-repair/${token}`}
          className="inline-block py-2.5 text-brand-700 underline"
        >
          Back to your repair
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Receipt, invoice ${data.receipt.invoice.number}` : "Receipt") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
