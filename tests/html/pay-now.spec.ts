import { expect, test, type APIRequestContext } from "@playwright/test";
import Stripe from "stripe";
import { admin } from "../e2e/support/admin";
import { bookViaApi } from "../e2e/support/api";
import { serverStartMs, startServer, type ServerProcess } from "../e2e/support/server-process";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";
import { checkoutUrl, startMockStripe } from "./support/mock-stripe";

/**
 * "Pay now" on the tracking page, as a browser without JavaScript meets it (decision 0067): shown
 * only with Stripe's keys set and an issued invoice owing, a plain post that leads to Stripe's
 * payment page, and the payment on the staff's invoice page once the signed webhook arrives. The
 * webhook's rules (replays, stale signatures, an amount that no longer fits) are tested in
 * tests/integration/stripe-payments.test.ts.
 */

const webhookSecret = "whsec_html_test_secret";

const payNowSection = 'section[aria-labelledby="pay-now-heading"]';

/** A booking made through the JSON door, its invoice started, given a $100 line, and issued. */
async function invoicedRepair(staffRequest: APIRequestContext, issue = true) {
  const { id } = await bookViaApi(staffRequest);
  const staff = visitor(staffRequest);
  const repair = await staff.open(`/admin/repairs/${id}`);
  const trackingPath = repair.$('a[href^="/track-repair/"]').first().attr("href")!;
  let invoice = await repair.follow("Invoice and payments");
  invoice = await invoice.form("Start invoice").submit("Start invoice");
  invoice = await invoice
    .form("Save draft")
    .fillNamed({ description1: "Screen replacement", unitPrice1: "100" })
    .submit("Save draft");
  if (issue) invoice = await invoice.form("Issue invoice").submit("Issue invoice");
  return { trackingPath, invoicePath: invoice.url.pathname };
}

/** The form's post as the browser sends it, without following the redirect off the site. */
async function pressPayNow(customer: APIRequestContext, page: HtmlPage, origin: string) {
  const action = page.$(page.form("Pay now").element).attr("action")!;
  return customer.post(action, {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "sec-fetch-site": "same-origin",
    },
    data: "",
    maxRedirects: 0,
  });
}

test.describe("Pay now without Stripe's keys", () => {
  test("the tracking page offers nothing online, and the pay address is not found", async ({
    request,
    playwright,
    baseURL,
  }) => {
    await staffVisitor(request);
    const { trackingPath } = await invoicedRepair(request);
    const customer = await playwright.request.newContext({ baseURL });
    const page = await visitor(customer).open(trackingPath);
    expect(page.status).toBe(200);
    expect(page.visible(payNowSection)).toEqual([]);
    expect(() => page.form("Pay now")).toThrow();
    expect(page.text()).not.toContain("balance due");
    const direct = await customer.post(`${trackingPath}/pay`, {
      headers: { origin: baseURL!, "sec-fetch-site": "same-origin" },
      maxRedirects: 0,
    });
    expect(direct.status()).toBe(404);
    expect((await visitor(customer).open(`${trackingPath}/pay`)).status).toBe(404);
    await customer.dispose();
  });
});

test.describe("Pay now with Stripe's keys", () => {
  let server: ServerProcess;
  let mockStripe: Awaited<ReturnType<typeof startMockStripe>>;
  let shop: APIRequestContext;
  let customer: APIRequestContext;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(serverStartMs + 30_000);
    mockStripe = await startMockStripe();
    server = await startServer({
      PGLITE_DIR: "memory://",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "silent",
      STRIPE_SECRET_KEY: "sk_test_html",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: mockStripe.apiBase,
    });
    shop = await playwright.request.newContext({ baseURL: server.url });
    await staffVisitor(shop);
    customer = await playwright.request.newContext({ baseURL: server.url });
  });
  test.afterAll(async () => {
    await shop?.dispose();
    await customer?.dispose();
    await server?.stop();
    await mockStripe?.stop();
  });

  test("a draft shows nothing to pay, and its pay page leads back to the tracking page", async () => {
    const { trackingPath } = await invoicedRepair(shop, false);
    const page = await visitor(customer).open(trackingPath);
    expect(page.visible(payNowSection)).toEqual([]);
    const pay = await visitor(customer).open(`${trackingPath}/pay`);
    expect(pay.url.pathname).toBe(trackingPath);
  });

  test("an issued invoice: the balance and Pay now, Stripe's page, and the payment from the signed webhook", async () => {
    const { trackingPath, invoicePath } = await invoicedRepair(shop);
    const tracking = visitor(customer);
    let page = await tracking.open(trackingPath);
    const number = /^Invoice (\d+), balance due: \$113\.00$/.exec(
      page.text('[data-testid="balance-due"]') ?? "",
    )?.[1];
    expect(number).toBeDefined();

    // The pay address has a page of its own too, where a reload after a refused try lands.
    const payPage = await tracking.open(`${trackingPath}/pay`);
    expect(payPage.status).toBe(200);
    expect(payPage.header("cache-control")).toBe("private, no-store");
    expect(payPage.headings(1)).toEqual(["Pay online"]);
    expect(payPage.text('[data-testid="balance-due"]')).toBe(
      page.text('[data-testid="balance-due"]'),
    );

    const answer = await pressPayNow(customer, page, server.url);
    expect(answer.status()).toBe(303);
    const sessionId = `cs_test_mock_${mockStripe.received.length}`;
    expect(answer.headers().location).toBe(checkoutUrl(sessionId));
    const sent = mockStripe.received.at(-1)!;
    expect(sent).toMatchObject({
      mode: "payment",
      currency: "cad",
      "line_items[0][price_data][unit_amount]": "11300",
      "line_items[0][price_data][product_data][name]": `Invoice ${number}`,
      "metadata[balanceCents]": "11300",
      success_url: `${server.url}${trackingPath}?payment=sent`,
    });

    // Back from Stripe: thanks, and nothing recorded yet.
    page = await tracking.open(`${trackingPath}?payment=sent`);
    expect(page.text(`${payNowSection} [role="status"]`)).toBe(
      "Thank you. Your payment will show here once the card company confirms it.",
    );
    expect(() => page.form("Pay now")).toThrow();
    expect((await tracking.open(trackingPath)).text('[data-testid="balance-due"]')).toContain(
      "$113.00",
    );

    const payload = JSON.stringify({
      id: `evt_html_${sessionId}`,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          payment_status: "paid",
          amount_total: 11_300,
          currency: "cad",
          payment_intent: `pi_html_${sessionId}`,
          metadata: { invoiceId: sent["metadata[invoiceId]"] },
        },
      },
    });
    const post = (signature: string) =>
      customer.post("/api/stripe/webhook", {
        headers: { "content-type": "application/json", "stripe-signature": signature },
        data: payload,
      });
    expect(
      (
        await post(
          Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }),
        )
      ).status(),
    ).toBe(400);
    const delivered = await post(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    );
    expect(delivered.status()).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, outcome: "recorded" });

    const invoice = await visitor(shop).open(invoicePath);
    expect(invoice.text('section[aria-labelledby="payments-heading"]')).toContain("Paid in full");
    expect(invoice.text('section[aria-labelledby="payments-heading"]')).toMatch(/online/i);
    page = await tracking.open(trackingPath);
    expect(page.visible(payNowSection)).toEqual([]);

    // Paid a second time from another tab before the first was recorded: Stripe holds the money,
    // nothing more is recorded, and the invoice page says what staff must do.
    const twice = payload.replaceAll(sessionId, `${sessionId}_second_tab`);
    const again = await customer.post("/api/stripe/webhook", {
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({
          payload: twice,
          secret: webhookSecret,
        }),
      },
      data: twice,
    });
    expect(await again.json()).toEqual({ received: true, outcome: "needs_attention" });
    const flagged = (await visitor(shop).open(invoicePath)).text('[data-testid="held-online"]');
    expect(flagged).toContain("Online payment not recorded: needs attention");
    expect(flagged).toContain("$113.00 paid online on");
    expect(flagged).toContain(`${sessionId}_second_tab`);
    expect(
      (await visitor(shop).open(invoicePath)).text('section[aria-labelledby="payments-heading"]'),
    ).toContain("Paid in full");
  });
});
