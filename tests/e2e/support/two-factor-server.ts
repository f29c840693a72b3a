import { test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { serverStartMs, startServer, type ServerProcess } from "./server-process";

/** The account of the server `twoFactorServer` starts. */
export const twoFactorAccount = { username: "totp-admin", password: "totp-admin-password-long" };

/**
 * At a spec's top: a server of its own with STAFF_2FA=required, so the shared server's account
 * stays password-only for the other specs. Its tests run in order: enrolment comes first.
 */
export function twoFactorServer() {
  let server: ServerProcess;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    // A fresh PGlite loads the catalogue first: slow on a busy machine.
    test.setTimeout(serverStartMs + 30_000);
    server = await startServer({
      PGLITE_DIR: "memory://",
      ADMIN_USERNAME: twoFactorAccount.username,
      ADMIN_PASSWORD: twoFactorAccount.password,
      LOG_LEVEL: "silent",
      STAFF_2FA: "required",
      RATE_LIMIT_LOGIN_PER_MIN: "1000",
    });
  });
  test.afterAll(() => server?.stop());
  return { url: () => server.url };
}

/** The authenticator's code for this secret (spaces allowed, as the page shows it). */
export const codeFor = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")) }).generate({ timestamp });
