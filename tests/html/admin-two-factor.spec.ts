import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { codeFor, twoFactorAccount, twoFactorServer } from "../e2e/support/two-factor-server";
import { visitor, type HtmlPage } from "./support/html-page";

/**
 * Two-factor sign-in without JavaScript: enrolment, the code step and recovery codes are forms
 * that post and redirects that follow. The QR code's picture, the pages' look and axe are in
 * tests/e2e/admin-two-factor.spec.ts, with the same steps through the router.
 */

const account = twoFactorAccount;
const server = twoFactorServer();

const where = (page: HtmlPage) => page.url.pathname + page.url.search;

async function passwordStep(request: APIRequestContext) {
  const login = await visitor(request).open("/admin/login");
  return login
    .form("Login")
    .fill({ Username: account.username, Password: account.password })
    .submit("Login");
}

async function logOut(page: HtmlPage) {
  const out = await page.form("Logout").submit("Logout");
  expect(where(out)).toBe("/admin/login");
}

test("enrols with the QR code or the key, then signs in with a code or a recovery code", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: server.url() });
  const browsing = visitor(request);
  try {
    let security = await passwordStep(request);
    expect(where(security)).toBe("/admin/security");
    expect(security.headings(2)).toContain("Two-factor sign-in: off");
    expect(security.alerts()).toContain(
      "Two-factor sign-in is required for staff accounts. Set it up to reach the other admin pages.",
    );
    // Every other admin page waits for the enrolment.
    const held = await browsing.open("/admin/repairs");
    expect(where(held)).toBe("/admin/security");
    expect(held.toast()?.title).toBe("Two-Factor Sign-In Required");

    security = await held.form("Set up authenticator app").submit("Set up authenticator app");
    const qr = security
      .$("img")
      .filter((_, img) =>
        /QR code to add WeFix \(totp-admin\)/.test(security.$(img).attr("alt") ?? ""),
      );
    expect(qr).toHaveLength(1);
    expect(qr.attr("src")).toMatch(/^data:image\//);
    const secret = security.text('[data-testid="totp-secret"]')!;
    expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await security
      .form("Turn on")
      .fill({ "Code from your app": "000000" })
      .submit("Turn on");
    expect(wrong.errorOf("Code from your app")).toMatch(/^That code is not right/);

    const on = await wrong
      .form("Turn on")
      .fill({ "Code from your app": codeFor(secret) })
      .submit("Turn on");
    const recoveryCodes = on.texts('[data-testid="recovery-codes"] li');
    expect(recoveryCodes).toHaveLength(10);
    security = await on.follow("I have saved them");
    expect(security.headings(2)).toContain("Two-factor sign-in: on");
    expect(security.texts('[data-testid="totp-secret"]')).toEqual([]);
    expect(security.text("main")).toContain("10 of 10 recovery codes left.");

    const repairs = await browsing.open("/admin/repairs");
    expect(repairs.headings(1)).toEqual(["Manage Repair Requests"]);
    await logOut(repairs);

    // Two steps now: no session until the code.
    const codeStep = await passwordStep(request);
    expect(where(codeStep)).toBe("/admin/login/code");
    expect(codeStep.headings(1)).toEqual(["Enter your code"]);
    expect(where(await browsing.open("/admin/dashboard"))).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fdashboard",
    );
    const again = await browsing.open("/admin/login/code");

    const refused = await again.form("Verify").fill({ Code: "123456" }).submit("Verify");
    expect(refused.toast()?.title).toBe("Login Failed");
    expect(refused.errorOf("Code")).toMatch(/^That code is not right/);

    // The enrolment spent this period's code: the next one is accepted (one step of clock drift is
    // allowed).
    const signedIn = await refused
      .form("Verify")
      .fill({ Code: codeFor(secret, Date.now() + 30_000) })
      .submit("Verify");
    expect(where(signedIn)).toBe("/admin/dashboard");
    expect(signedIn.toast()?.title).toBe("Login Successful!");
    await logOut(signedIn);

    const recovered = await (
      await passwordStep(request)
    )
      .form("Verify")
      .fill({ Code: recoveryCodes[0]! })
      .submit("Verify");
    expect(where(recovered)).toBe("/admin/dashboard");
    security = await recovered.follow(/Security$/, 'nav[aria-label="Admin"]');
    expect(security.text("main")).toContain("9 of 10 recovery codes left.");
    // Required here: no way to turn it off.
    expect(() => security.form("Turn off")).toThrow();
  } finally {
    await request.dispose();
  }
});
