import {
  data,
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { PayNow } from "~/components/tracking/pay-now";
import { changePageHeaders } from "~/routes/appointment-change-form.server";
import { payNowAction, payPageFor } from "~/routes/pay-now.server";
import { trackingPath } from "~/utils/booking-reference";
import { pageTitle } from "~/utils/meta";
import { privatePage } from "~/utils/private-page";

/** The balance and "Pay now" on a page of their own: where a reload after a refused try lands. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = await payPageFor(params.token ?? "", context);
  return data(page, { headers: changePageHeaders });
}

/** "Pay now": on to Stripe's payment page; the secret link in the address authorises it. */
export const action = ({ params, context }: ActionFunctionArgs) =>
  payNowAction(params.token ?? "", context);

export const headers = privatePage(changePageHeaders);

export default function PayOnlinePage() {
  const { offer, token } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Pay online</h1>
      <PayNow offer={offer} token={token} />
      <p className="mt-8">
        <Link to={trackingPath(token)} className="inline-block py-2.5 text-brand-700 underline">
          Back to your repair
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Pay online") },
  { name: "robots", content: "noindex" },
];

/** Stripe unreachable, too many tries: the message in the site's layout, with its status. */
export const ErrorBoundary = RouteErrorBoundary;
