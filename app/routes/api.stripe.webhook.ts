import { methodNotAllowed, postOnly } from "~/server/legacy-api.server";
import { stripeWebhookAction } from "~/routes/stripe-webhook.server";

/** Stripe's webhook for Checkout payments; signed with STRIPE_WEBHOOK_SECRET. */
export const action = postOnly(({ request }) => stripeWebhookAction(request));

export const loader = () => methodNotAllowed("POST");
