import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, stripeEvents } from "../../db/schema";
import { draftInvoiceForBooking, invoiceWithItems, issueInvoice } from "~/models/invoice.server";
import { recordPayment } from "~/models/payment.server";
import { loadSettings, parseSettings } from "~/server/env.server";
import { action as webhookAction } from "~/routes/api.stripe.webhook";
import { payNowOffer, stripeUnavailableMessage } from "~/routes/pay-now.server";
import { action as payAction } from "~/routes/track-repair_.$token_.pay";
import { auditTrailOf, createTestStaff, insertBooking } from "../support/admin";
import { routeArgs, testOrigin } from "../support/forms";
import { mockServer } from "../support/msw-setup";
import { useSettings } from "../support/settings";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Stripe Checkout (decision 0067): the session made for the balance read on the server, against
 * Stripe's API as MSW; the payment recorded only from the webhook, whose requests are signed here
 * by Stripe's own library with the test secret, exactly as Stripe signs them.
 */

const secretKey = "sk_test_wefix";
const webhookSecret = "whsec_wefix_test_secret";
const sessionsUrl = "https://api.stripe.com/v1/checkout/sessions";

let handle: TestDatabase;
let staffId: number;

beforeAll(async () => {
  process.env.STRIPE_SECRET_KEY = secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  loadSettings();
  handle = await installTestDatabase();
  staffId = (await createTestStaff(handle.db, "stripe.clerk")).id;
});
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  loadSettings();
  await handle.drop();
});

/** A repair quoted at $100.00, invoiced and issued: $113.00 with HST. */
async function issuedInvoice() {
  const booking = await insertBooking(handle.db, { quotedPrice: "100.00", source: "walk_in" });
  const draft = await draftInvoiceForBooking(booking.id, staffId);
  const invoice = await issueInvoice(draft!.id, draft!.version, staffId);
  return { token: booking.trackingToken!, invoice: invoice! };
}

type PaidSession = { invoiceId: number; amountCents: number; sessionId?: string };

/** A Stripe event as its webhook sends it: a Checkout Session of ours, paid. */
function paidEvent(
  { invoiceId, amountCents, sessionId = `cs_test_${randomUUID()}` }: PaidSession,
  type = "checkout.session.completed",
) {
  return {
    id: `evt_${randomUUID()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        currency: "cad",
        payment_status: "paid",
        amount_total: amountCents,
        payment_intent: `pi_${sessionId.slice(8, 30)}`,
        client_reference_id: String(invoiceId),
        metadata: { invoiceId: String(invoiceId), invoiceVersion: "2", balanceCents: "11300" },
      },
    },
  };
}

const sign = (payload: string, secret = webhookSecret, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** POSTs the body to the webhook as Stripe does; `signature` null leaves the header out. */
async function deliver(body: object | string, signature?: string | null) {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  const headers = new Headers({ "content-type": "application/json" });
  const header = signature === undefined ? sign(payload) : signature;
  if (header !== null) headers.set("stripe-signature", header);
  const response = await webhookAction(
    routeArgs(
      new Request(`${testOrigin}/api/stripe/webhook`, { method: "POST", headers, body: payload }),
    ),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const paymentsOf = (invoiceId: number) =>
  handle.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const eventsOf = (invoiceId: number) =>
  handle.db.select().from(stripeEvents).where(eq(stripeEvents.invoiceId, invoiceId));

describe(`Stripe's webhook on ${testDriver}`, () => {
  it("records a paid session once as an online payment, audited with no staff member", async () => {
    const { invoice } = await issuedInvoice();
    const event = paidEvent({ invoiceId: invoice.id, amountCents: 11_300 });
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, outcome: "recorded" },
    });
    const [payment, ...more] = await paymentsOf(invoice.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      method: "online",
      amountCents: 11_300,
      reference: event.data.object.payment_intent,
      receivedBy: null,
      deposit: false,
      tenderedCents: null,
    });
    expect((await invoiceWithItems(invoice.id))!.paidCents).toBe(11_300);
    const trail = await auditTrailOf(handle.db, "invoice", invoice.id);
    expect(trail.at(-1)).toMatchObject({
      action: "payment.record",
      staffUserId: null,
      summary: `Invoice ${invoice.number}: payment of $113.00 by online payment`,
    });

    // The same event delivered again, and the session's later event: 200, nothing more.
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, outcome: "replayed" },
    });
    const later = paidEvent(
      { invoiceId: invoice.id, amountCents: 11_300, sessionId: event.data.object.id },
      "checkout.session.async_payment_succeeded",
    );
    expect((await deliver(later)).body.outcome).toBe("replayed");
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await eventsOf(invoice.id)).toEqual([
      expect.objectContaining({ eventId: event.id, outcome: "recorded", paymentId: payment!.id }),
    ]);
  });

  it("records the same event delivered twice at once only once", async () => {
    const { invoice } = await issuedInvoice();
    const event = paidEvent({ invoiceId: invoice.id, amountCents: 5_000 });
    const outcomes = await Promise.all([deliver(event), deliver(event)]);
    expect(outcomes.map((outcome) => outcome.body.outcome).sort()).toEqual([
      "recorded",
      "replayed",
    ]);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it("refuses a bad, a missing or a stale signature with a 400, storing nothing", async () => {
    const { invoice } = await issuedInvoice();
    const event = paidEvent({ invoiceId: invoice.id, amountCents: 11_300 });
    const payload = JSON.stringify(event);
    const refused = { status: 400, body: expect.objectContaining({ received: false }) };
    expect(await deliver(payload, sign(payload, "whsec_someone_else"))).toEqual(refused);
    expect(await deliver(payload, null)).toEqual(refused);
    expect(await deliver(payload, "t=1,v1=deadbeef")).toEqual(refused);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(await deliver(payload, sign(payload, webhookSecret, tenMinutesAgo))).toEqual(refused);
    // Signed, then changed on the way: the signature covers every byte.
    const tampered = payload.replace('"amount_total":11300', '"amount_total":11301');
    expect(await deliver(tampered, sign(payload))).toEqual(refused);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect(await eventsOf(invoice.id)).toEqual([]);
  });

  it("keeps an amount paid at the counter meanwhile for staff: no payment, flagged, audited, 200", async () => {
    const { invoice } = await issuedInvoice();
    await recordPayment(
      invoice.id,
      { method: "debit", amountCents: 11_300, submissionKey: randomUUID() },
      staffId,
    );
    const event = paidEvent({ invoiceId: invoice.id, amountCents: 11_300 });
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, outcome: "needs_attention" },
    });
    expect((await paymentsOf(invoice.id)).map((payment) => payment.method)).toEqual(["debit"]);
    expect(await eventsOf(invoice.id)).toEqual([
      expect.objectContaining({ eventId: event.id, outcome: "needs_attention", paymentId: null }),
    ]);
    const trail = await auditTrailOf(handle.db, "invoice", invoice.id);
    expect(trail.at(-1)).toMatchObject({
      action: "payment.online_not_recorded",
      staffUserId: null,
    });
    expect(trail.at(-1)!.summary).toContain(`Invoice ${invoice.number} is paid in full.`);
    expect((await invoiceWithItems(invoice.id))!.heldOnline).toEqual([
      expect.objectContaining({ amountCents: 11_300, sessionId: event.data.object.id }),
    ]);
    expect((await deliver(event)).body.outcome).toBe("replayed");
  });

  it("acknowledges other events, unpaid sessions and sessions of no invoice of ours, recording nothing", async () => {
    const { invoice } = await issuedInvoice();
    const event = paidEvent({ invoiceId: invoice.id, amountCents: 11_300 });
    const ignored = { status: 200, body: { received: true, outcome: "ignored" } };
    expect(await deliver({ ...event, type: "payment_intent.created" })).toEqual(ignored);
    expect(
      await deliver({
        ...event,
        data: { object: { ...event.data.object, payment_status: "unpaid" } },
      }),
    ).toEqual(ignored);
    expect(
      await deliver({ ...event, data: { object: { ...event.data.object, metadata: {} } } }),
    ).toEqual(ignored);
    expect(await deliver("not json at all", sign("not json at all"))).toMatchObject({
      status: 400,
    });
    expect(
      (await deliver(paidEvent({ invoiceId: 999_999_999, amountCents: 100 }))).body.outcome,
    ).toBe("no_invoice");
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });
});

describe(`"Pay now" on ${testDriver}`, () => {
  const pay = (token: string) =>
    payAction(
      routeArgs(new Request(`${testOrigin}/track-repair/${token}/pay`, { method: "POST" }), {
        token,
      }),
    );

  it("offers the balance of an issued invoice only, and nothing at all without Stripe's keys", async () => {
    const booking = await insertBooking(handle.db, { quotedPrice: "100.00" });
    const token = booking.trackingToken!;
    expect(await payNowOffer(token)).toEqual({ due: null });
    const draft = await draftInvoiceForBooking(booking.id, staffId);
    expect(await payNowOffer(token)).toEqual({ due: null });
    const issued = await issueInvoice(draft!.id, draft!.version, staffId);
    await recordPayment(
      issued!.id,
      { method: "cash", amountCents: 1_300, tenderedCents: 1_300, submissionKey: randomUUID() },
      staffId,
    );
    expect(await payNowOffer(token)).toEqual({
      due: { invoiceNumber: issued!.number, balanceCents: 10_000 },
    });
    useSettings({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    expect(await payNowOffer(token)).toBeUndefined();
    await expect(pay(token)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("makes a Checkout Session for the balance read on the server and answers 303 to its page", async () => {
    const { token, invoice } = await issuedInvoice();
    const sent: { body: URLSearchParams; authorization: string | null; idempotency: string }[] = [];
    mockServer.use(
      http.post(sessionsUrl, async ({ request }) => {
        sent.push({
          body: new URLSearchParams(await request.text()),
          authorization: request.headers.get("authorization"),
          idempotency: request.headers.get("idempotency-key") ?? "",
        });
        return HttpResponse.json({
          id: "cs_test_pay",
          object: "checkout.session",
          url: "https://checkout.stripe.com/c/pay/cs_test_pay",
        });
      }),
    );
    const response = (await pay(token)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://checkout.stripe.com/c/pay/cs_test_pay");
    expect(sent).toHaveLength(1);
    const [{ body, authorization, idempotency }] = sent as [(typeof sent)[0]];
    expect(authorization).toBe(`Bearer ${secretKey}`);
    expect(idempotency).toBe(`invoice-${invoice.number}-v${invoice.version}`);
    const back = `${testOrigin}/track-repair/${token}`;
    expect(Object.fromEntries(body)).toMatchObject({
      mode: "payment",
      currency: "cad",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "cad",
      "line_items[0][price_data][unit_amount]": "11300",
      "line_items[0][price_data][product_data][name]": `Invoice ${invoice.number}`,
      client_reference_id: String(invoice.id),
      "metadata[invoiceId]": String(invoice.id),
      "metadata[invoiceVersion]": String(invoice.version),
      "metadata[balanceCents]": "11300",
      success_url: `${back}?payment=sent`,
      cancel_url: `${back}?payment=cancelled`,
    });
  });

  it("answers 503 with a clear message when Stripe fails, storing nothing", async () => {
    const { token, invoice } = await issuedInvoice();
    mockServer.use(
      http.post(sessionsUrl, () =>
        HttpResponse.json(
          { error: { type: "api_error", message: "Something went wrong on Stripe's end." } },
          { status: 500 },
        ),
      ),
    );
    await expect(pay(token)).rejects.toMatchObject({
      data: { message: stripeUnavailableMessage },
      init: { status: 503 },
    });
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect(await eventsOf(invoice.id)).toEqual([]);
    expect((await invoiceWithItems(invoice.id))!.version).toBe(invoice.version);
  });

  it("limits the tries per tracking link", async () => {
    useSettings({ RATE_LIMIT_SUBMIT_PER_MIN: "1" });
    const { token } = await issuedInvoice();
    mockServer.use(
      http.post(sessionsUrl, () =>
        HttpResponse.json({ id: "cs_test_once", url: "https://checkout.stripe.com/c/pay/once" }),
      ),
    );
    expect(((await pay(token)) as Response).status).toBe(303);
    await expect(pay(token)).rejects.toMatchObject({ init: { status: 429 } });
    // Another repair's link has its own count.
    expect(((await pay((await issuedInvoice()).token)) as Response).status).toBe(303);
  });

  it("sends a repair with nothing owing back to its page instead of to Stripe", async () => {
    const booking = await insertBooking(handle.db, { quotedPrice: "100.00" });
    const response = (await pay(booking.trackingToken!)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/track-repair/${booking.trackingToken}`);
  });
});

describe("Stripe's settings", () => {
  it("takes both keys or neither, and never repeats a key in the message", () => {
    expect(parseSettings({}).stripe).toBeUndefined();
    expect(
      parseSettings({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret }).stripe,
    ).toMatchObject({ secretKey, webhookSecret });
    expect(() => parseSettings({ STRIPE_SECRET_KEY: secretKey })).toThrow(
      /^STRIPE_WEBHOOK_SECRET must be set together with the other Stripe setting/,
    );
    expect(() => parseSettings({ STRIPE_WEBHOOK_SECRET: webhookSecret })).toThrow(
      /^STRIPE_SECRET_KEY must be set/,
    );
    let message = "";
    try {
      parseSettings({ STRIPE_SECRET_KEY: "pk_live_oops", STRIPE_WEBHOOK_SECRET: "oops" });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain("STRIPE_SECRET_KEY must be a Stripe secret key");
    expect(message).toContain(
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret",
    );
    expect(message).not.toContain("oops");
  });
});
