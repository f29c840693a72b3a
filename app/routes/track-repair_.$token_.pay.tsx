import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { payNowAction } from "~/routes/pay-now.server";

/** Nothing to see here: the address only takes the tracking page's "Pay now". */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/track-repair/${encodeURIComponent(params.token ?? "")}`);

/** "Pay now": on to Stripe's payment page; the secret link in the address authorises it. */
export const action = ({ params, context }: ActionFunctionArgs) =>
  payNowAction(params.token ?? "", context);

/** Stripe unreachable, too many tries: the message in the site's layout, with its status. */
export const ErrorBoundary = RouteErrorBoundary;
