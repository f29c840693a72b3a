import { test, type APIRequestContext } from "@playwright/test";
import { bookingPayload } from "./api";
import { serverStartMs, startServer, type ServerProcess } from "./server-process";

/**
 * Inside a describe: a server of its own whose slots hold one booking each, so a test can fill a
 * time or a whole day through the JSON door without touching the shared server's slots.
 */
export function oneBookingServer() {
  let server: ServerProcess;
  let shop: APIRequestContext;
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(serverStartMs + 30_000);
    server = await startServer({
      PGLITE_DIR: "memory://",
      BOOKING_SLOT_CAPACITY: "1",
      RATE_LIMIT_SUBMIT_PER_MIN: "1000",
      LOG_LEVEL: "silent",
    });
    shop = await playwright.request.newContext({ baseURL: server.url });
  });
  test.afterAll(async () => {
    await shop?.dispose();
    await server?.stop();
  });
  return {
    url: () => server.url,
    /** Requests to that server, cookies and all: relative addresses go there. */
    shop: () => shop,
    book: (date: string, time: string) =>
      shop.post("/api/endpoints/submit_booking.php", {
        data: bookingPayload({ preferredDate: date, preferredTime: time }),
      }),
  };
}
