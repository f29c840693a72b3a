import { data, redirect, type AppLoadContext } from "react-router";
import { successToast } from "~/content/messages/admin-messages";
import { tooManyAttemptsMessage } from "~/content/messages/form-messages";
import { repairNotFoundMessage } from "~/content/messages/tracking-messages";
import { payableInvoiceByToken } from "~/models/invoice.server";
import { hitRateLimit, rateLimitSettings } from "~/models/rate-limit.server";
import { publicOrigin } from "~/server/env.server";
import { logError } from "~/server/log.server";
import { createCheckout, stripeConfigured, StripeUnavailable } from "~/server/stripe.server";
import { redirectWithToast } from "~/server/toast.server";
import { unavailableFor } from "~/server/unavailable.server";
import type { PayNowOffer } from "~/components/tracking/pay-now";
import type { UnavailableData } from "~/types/unavailable";
import { trackingPath } from "~/utils/booking-reference";

export const stripeUnavailableMessage =
  "Online payment is not available right now, and nothing was charged. Please try again in a few minutes, or pay at the shop.";

/** What the tracking page offers to pay online: nothing at all unless Stripe is set up. */
export async function payNowOffer(token: string): Promise<PayNowOffer | undefined> {
  if (!stripeConfigured()) return undefined;
  const invoice = await payableInvoiceByToken(token);
  return {
    due: invoice ? { invoiceNumber: invoice.number, balanceCents: invoice.balanceCents } : null,
  };
}

/**
 * The pay page's offer: a 404 without Stripe's keys, the tracking page (which answers an unknown
 * link) when nothing is owing.
 */
export async function payPageFor(token: string, context: AppLoadContext) {
  const offer = await payNowOffer(token).catch(unavailableFor(context));
  if (!offer) throw data(repairNotFoundMessage, { status: 404 });
  if (!offer.due) throw redirect(trackingPath(token));
  return { offer, token };
}

/**
 * "Pay now": a Checkout Session for the balance as the database has it now (never as the page
 * showed it), and the customer sent on to Stripe's page. Coming back records nothing; only the
 * webhook does. Each tracking link gets RATE_LIMIT_SUBMIT_PER_MIN tries a minute.
 */
export async function payNowAction(token: string, context: AppLoadContext): Promise<Response> {
  if (!stripeConfigured()) throw data(repairNotFoundMessage, { status: 404 });
  const [limit, invoice] = await Promise.all([
    hitRateLimit(`pay:${token}`, rateLimitSettings.submit()),
    payableInvoiceByToken(token),
  ]).catch(unavailableFor(context));
  if (!limit.allowed)
    throw data(tooManyAttemptsMessage(limit.retryAfterSeconds), {
      status: 429,
      headers: { "retry-after": String(limit.retryAfterSeconds) },
    });
  if (!invoice)
    return redirectWithToast(
      trackingPath(token),
      successToast("There is nothing left to pay on this repair."),
      {
        status: 303,
      },
    );
  try {
    const url = await createCheckout({
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      invoiceVersion: invoice.version,
      balanceCents: invoice.balanceCents,
      returnUrl: `${publicOrigin()}${trackingPath(token)}`,
    });
    return redirect(url, 303);
  } catch (error) {
    if (!(error instanceof StripeUnavailable)) throw error;
    logError("stripe checkout failed", error, { requestId: context.requestId });
    throw data<UnavailableData>(
      { message: stripeUnavailableMessage, requestId: context.requestId },
      {
        status: 503,
        headers: { "retry-after": "60", "cache-control": "no-store" },
      },
    );
  }
}
