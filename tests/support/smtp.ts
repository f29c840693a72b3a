import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

export type TestSmtpServer = {
  url: string;
  port: number;
  /** Every message accepted so far, parsed. */
  received: ReceivedMail[];
  /** The most connections that were open at one time. */
  mostConnections(): number;
  close(): Promise<void>;
};

/**
 * A real SMTP server in the test process (plain SMTP, no TLS, any sender), so mail goes over
 * the wire exactly as it would to the shop's provider. `port` 0 picks a free one; passing an
 * earlier server's port brings "the provider" back after an outage.
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let open = 0;
  let most = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      most = Math.max(most, (open += 1));
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(
            Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }),
          );
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    mostConnections: () => most,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
