import { test, type APIRequestContext } from "@playwright/test";
import { startSmtpServer, type TestSmtpServer } from "../../support/smtp";
import { bookingPayload } from "./api";
import { serverStartMs, startServer, type ServerProcess } from "./server-process";

/**
 * Inside a describe: a server of its own whose SMTP server is down at first, giving up on an
 * e-mail after one attempt, so the Outbox has failures to show and retry.
 */
export function smtpDownServer() {
  let smtp: TestSmtpServer;
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(serverStartMs + 30_000);
    smtp = await startSmtpServer();
    await smtp.close();
    server = await startServer({
      PGLITE_DIR: "memory://",
      SMTP_URL: smtp.url,
      MAIL_MAX_ATTEMPTS: "1",
      LOG_LEVEL: "silent",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close().catch(() => {});
  });
  return {
    url: () => server.url,
    /** A booking through the JSON door: two e-mails, to the shop and to the customer. */
    book: (request: APIRequestContext) =>
      request.post(`${server.url}/api/endpoints/submit_booking.php`, { data: bookingPayload() }),
    /** The SMTP server again, on its port: what it receives from now on. */
    smtpBack: async () => (smtp = await startSmtpServer(smtp.port)),
  };
}
