import { recordOnlinePayment } from "~/models/payment.server";
import { paidCheckoutEventSchema } from "~/schemas/stripe-checkout";
import { failure, json } from "~/server/legacy-api.server";
import { verifiedStripeEvent } from "~/server/stripe.server";

/**
 * Stripe's webhook: the only way an online payment is recorded (decision 0067). The body is read
 * raw, as its signature covers it byte for byte. A bad, missing or stale signature is a 400 and
 * nothing is stored; a paid Checkout Session records its payment once; any other event is
 * acknowledged and ignored. Every 200 stops Stripe's retries, so an amount that no longer fits is
 * answered 200 too, and left for staff; only a database outage asks Stripe to try again.
 */
export async function stripeWebhookAction(request: Request): Promise<Response> {
  const event = verifiedStripeEvent(await request.text(), request.headers.get("stripe-signature"));
  if (!event)
    return json(
      {
        received: false,
        message: "The request is not a Stripe event signed with this endpoint's secret.",
      },
      400,
    );
  const paid = paidCheckoutEventSchema.safeParse(event);
  if (!paid.success) return json({ received: true, outcome: "ignored" });
  const session = paid.data.data.object;
  const intent = session.payment_intent;
  try {
    const outcome = await recordOnlinePayment({
      eventId: paid.data.id,
      sessionId: session.id,
      invoiceId: session.metadata.invoiceId,
      amountCents: session.amount_total,
      reference: (typeof intent === "string" ? intent : intent?.id) ?? session.id,
    });
    return json({ received: true, outcome });
  } catch (error) {
    return failure(error, "The payment cannot be recorded right now.");
  }
}
