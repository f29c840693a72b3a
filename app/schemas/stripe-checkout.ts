import { z } from "zod";
import { capped } from "~/schemas/fields";

/**
 * The parts of a Stripe event the webhook records a payment from (decision 0067): a Checkout
 * Session's money arrived (by card at once, or by a bank debit later). Any other event, a session
 * not paid yet, or one no invoice of ours started (no `invoiceId` in its metadata) does not match.
 */
export const paidCheckoutEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(["checkout.session.completed", "checkout.session.async_payment_succeeded"]),
  data: z.object({
    object: z.object({
      // Stripe's ids are far shorter; 100 is what a payment's reference holds, should it be this.
      id: z.string().min(1).max(100),
      payment_status: z.literal("paid"),
      amount_total: z.number().int().positive().max(100_000_000),
      payment_intent: z
        .union([z.string().min(1).max(100), z.object({ id: z.string().min(1).max(100) })])
        .nullish(),
      metadata: z.object({
        invoiceId: capped(9, z.string().regex(/^[1-9]\d{0,8}$/)).transform(Number),
      }),
    }),
  }),
});
