import Stripe from "stripe";
import { fromSettings, settings } from "~/server/env.server";

/**
 * Stripe's own library talks to its API and checks its webhooks' signatures (decision 0067). The
 * client is built from the settings once, and again if they are read again; undefined when the
 * keys are not set, and then nothing of online payment shows.
 */
const client = fromSettings(({ stripe }) => {
  if (!stripe) return undefined;
  const base = stripe.apiBase ? new URL(stripe.apiBase) : undefined;
  return new Stripe(stripe.secretKey, {
    // A customer is waiting on the button: an answer within seconds, or the 503 page.
    timeout: 15_000,
    maxNetworkRetries: 1,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
});

export const stripeConfigured = () => client() !== undefined;

export type CheckoutRequest = {
  invoiceId: number;
  invoiceNumber: number;
  invoiceVersion: number;
  balanceCents: number;
  /** The tracking page, where Checkout sends the customer back (with `?payment=`). */
  returnUrl: string;
};

/** Stripe did not answer, or refused: nothing was charged and nothing stored. */
export class StripeUnavailable extends Error {}

/**
 * A Checkout Session for the invoice's balance, in Canadian dollars. The metadata names the
 * invoice and the version and balance the session was made for; the webhook records the payment
 * from it. The idempotency key makes a double click one session: the version changes with every
 * payment, so a new balance gets a new session.
 */
export async function createCheckout(request: CheckoutRequest): Promise<string> {
  const stripe = client();
  if (!stripe) throw new StripeUnavailable("Online payment is not set up.");
  const invoice = String(request.invoiceId);
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        currency: "cad",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "cad",
              unit_amount: request.balanceCents,
              product_data: { name: `Invoice ${request.invoiceNumber}` },
            },
          },
        ],
        client_reference_id: invoice,
        metadata: {
          invoiceId: invoice,
          invoiceVersion: String(request.invoiceVersion),
          balanceCents: String(request.balanceCents),
        },
        success_url: `${request.returnUrl}?payment=sent`,
        cancel_url: `${request.returnUrl}?payment=cancelled`,
      },
      { idempotencyKey: `invoice-${request.invoiceNumber}-v${request.invoiceVersion}` },
    );
    if (!session.url) throw new StripeUnavailable("Stripe gave no payment page.");
    return session.url;
  } catch (error) {
    if (error instanceof StripeUnavailable) throw error;
    if (error instanceof Stripe.errors.StripeError)
      throw new StripeUnavailable(`Stripe: ${error.type} ${error.statusCode ?? ""}`.trim());
    throw error;
  }
}

/**
 * The event, when the body is signed with the webhook secret (Stripe's library checks the
 * signature, and that it was made within five minutes, so an old request replayed is refused) and
 * is JSON; undefined for anything else.
 */
export function verifiedStripeEvent(raw: string, signature: string | null) {
  const secret = settings().stripe?.webhookSecret;
  if (!secret || !signature) return undefined;
  try {
    return client()!.webhooks.constructEvent(raw, signature, secret);
  } catch (error) {
    // A signature that does not verify, or a signed body that is not JSON: the sender's fault.
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return undefined;
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}
