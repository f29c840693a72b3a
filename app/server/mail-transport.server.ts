import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { outboxContent, type OutboxContent } from "~/mail/outbox-content.server";
import type { OutboxMessage } from "~/types/outbox";
import { log } from "~/server/log.server";

export type MailTransport = {
  send(row: OutboxMessage): Promise<void>;
  close(): void;
};

export type TransportSettings = {
  /** smtp:// or smtps:// URL; unset: write .eml files to `dir` instead. */
  smtpUrl: string | undefined;
  from: string;
  dir: string;
};

/** The host part of the From address, for Message-IDs. */
function senderDomain(from: string) {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

function message(
  row: OutboxMessage,
  { subject, text, html, attachments }: OutboxContent,
  from: string,
) {
  return {
    from,
    to: row.recipient,
    replyTo: row.replyTo ?? undefined,
    subject,
    text,
    html,
    // Base64 is encoded natively; quoted-printable, nodemailer's choice for mostly-ASCII text, is
    // encoded in JavaScript character by character, up to a third of the time a message takes.
    textEncoding: "base64" as const,
    attachments: attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
    // Stable per outbox row: should a message go out twice (a crash between the server's
    // acceptance and our bookkeeping), mail systems can tell it is the same message.
    messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${senderDomain(from)}>`,
  };
}

const smtpConnections = 5;

/** Runs at most `limit` tasks at a time; the rest wait their turn. */
function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise (development, tests) each message becomes an .eml file
 * a developer can open. Logs name the message's kind only: addresses, bodies and subjects ("How
 * did we do, Zelda?") are personal data.
 */
export function createMailTransport(settings: TransportSettings): MailTransport {
  if (settings.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    // The mail worker hands over a whole batch at once; a mail server takes a few connections at a
    // time.
    const connection = concurrencyLimit(smtpConnections);
    return {
      async send(row) {
        const content = outboxContent(row);
        await connection(() => smtp.sendMail(message(row, content, settings.from)));
        log("info", "mail sent", { outboxId: row.id, kind: row.kind });
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true });
  // Made once, not per message; a failure is forgotten so the next message tries again.
  let folder: Promise<unknown> | undefined;
  const madeFolder = () =>
    (folder ??= mkdir(settings.dir, { recursive: true }).catch((error: unknown) => {
      folder = undefined;
      throw error;
    }));
  return {
    async send(row) {
      const content = outboxContent(row);
      const info = await files.sendMail(message(row, content, settings.from));
      await madeFolder();
      const file = path.join(
        settings.dir,
        `${Date.now()}-${row.id}-${row.kind.replaceAll("_", "-")}.eml`,
      );
      // Written aside, then renamed: whoever reads the folder (a mail viewer, the tests) sees a
      // whole message or none, never one half written.
      await writeFile(`${file}.partial`, info.message as Buffer);
      await rename(`${file}.partial`, file);
      log("info", "mail written", { outboxId: row.id, kind: row.kind, file });
    },
    close: () => files.close(),
  };
}
