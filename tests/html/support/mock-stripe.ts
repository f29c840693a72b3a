import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A Checkout Session request as the app sent it: the form-encoded body, decoded. */
export type SessionRequest = Record<string, string>;

/**
 * Stripe's API as far as "Pay now" uses it, for a server process the test started (MSW cannot
 * reach into another process): it answers POST /v1/checkout/sessions with a session whose payment
 * page is `checkoutUrl(n)`, and keeps each request's body. The app reaches it through
 * STRIPE_API_BASE.
 */
export async function startMockStripe() {
  const received: SessionRequest[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/checkout/sessions") {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { type: "invalid_request_error" } }));
        return;
      }
      received.push(Object.fromEntries(new URLSearchParams(body)));
      const id = `cs_test_mock_${received.length}`;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ id, object: "checkout.session", url: checkoutUrl(id) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const checkoutUrl = (sessionId: string) => `https://checkout.stripe.test/pay/${sessionId}`;
