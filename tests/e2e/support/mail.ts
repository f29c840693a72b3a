import { readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { e2ePort } from "../../support/e2e-port";

/**
 * Where the e2e web server (no SMTP_URL) writes its e-mails as .eml files; playwright.config.ts
 * points MAIL_DIR here. One folder per port, so engineers' parallel runs never mix.
 */
export const e2eMailDir = path.join(os.tmpdir(), `wefix-e2e-mail-${e2ePort}`);

/** Waits for the e-mail the predicate picks among those the server has written. */
export async function waitForMail(
  predicate: (mail: ParsedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(e2eMailDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith(".eml"))) {
      const mail = await simpleParser(await readFile(path.join(e2eMailDir, name)));
      if (predicate(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no matching e-mail in ${e2eMailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
