import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Settings } from "~/server/env.server";
import { log } from "~/server/log.server";
import type { MailTransport } from "~/server/mail-transport.server";
import { FinalFailure } from "~/utils/outbox-failure";
import { textOf } from "~/mail/sms-content.server";

export type SmsSettings = Settings["sms"];

const smsProviderConfigured = (settings: SmsSettings) =>
  !!(settings.accountSid && settings.authToken && settings.from);

/** Twilio's error body: `{ code, message, status }`; only the code and message are kept. */
async function providerReason(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  const code =
    typeof body.code === "number" || typeof body.code === "string" ? `, code ${body.code}` : "";
  const message = typeof body.message === "string" ? `: ${body.message.slice(0, 300)}` : "";
  return `HTTP ${response.status}${code}${message}`;
}

/**
 * One text through Twilio's Messages API. A 4xx other than 429 is the provider refusing this
 * message for good (a bad number, a blocked recipient): it fails at once, with the reason. A
 * 429, a 5xx, a timeout or a network error passes, and the worker tries again later.
 */
async function sendThroughTwilio(settings: SmsSettings, to: string, body: string): Promise<string> {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid!)}/Messages.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({ To: to, From: settings.from!, Body: body }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const timedOut =
      error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw Object.assign(new Error(timedOut ? "SMS provider timeout" : "SMS provider unreachable"), {
      code: timedOut ? "ETIMEDOUT" : "ECONNREFUSED",
    });
  }
  if (response.ok) {
    const { sid } = (await response.json().catch(() => ({}))) as { sid?: unknown };
    return typeof sid === "string" ? sid : "";
  }
  const reason = `SMS provider refused (${await providerReason(response)})`;
  if (response.status >= 400 && response.status < 500 && response.status !== 429)
    throw new FinalFailure(reason);
  throw Object.assign(new Error(reason.replace("refused", "unavailable")), {
    code: `HTTP${response.status}`,
  });
}

/**
 * Sends the outbox's texts: through Twilio when it is configured, otherwise (development, tests)
 * as a .txt file per text in `dir`, like the .eml files. (A text to a number that replied STOP
 * never gets here: the worker cancels it when it takes it.) Logs carry neither the number nor the
 * words.
 */
export function createSmsTransport(settings: SmsSettings): MailTransport {
  const configured = smsProviderConfigured(settings);
  return {
    async send(row) {
      const body = textOf(row);
      if (configured) {
        const sid = await sendThroughTwilio(settings, row.recipient, body);
        log("info", "text sent", { outboxId: row.id, kind: row.kind, providerId: sid });
        return;
      }
      await mkdir(settings.dir, { recursive: true });
      const file = path.join(
        settings.dir,
        `${Date.now()}-${row.id}-${row.kind.replaceAll("_", "-")}.txt`,
      );
      await writeFile(
        file,
        `To: ${row.recipient}\nFrom: ${settings.from ?? "(not configured)"}\n\n${body}\n`,
      );
      log("info", "text written", { outboxId: row.id, kind: row.kind, file });
    },
    close() {},
  };
}

/** E-mails to the mail transport, texts to the SMS transport: one outbox, one worker. */
export function routedTransport(mail: MailTransport, sms: MailTransport): MailTransport {
  return {
    send: (row) => (row.channel === "sms" ? sms.send(row) : mail.send(row)),
    close() {
      mail.close();
      sms.close();
    },
  };
}
