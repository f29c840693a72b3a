import type { Page } from "@playwright/test";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { reviewScreenshot } from "./support/layout-checks";
import { codeFor, twoFactorAccount, twoFactorServer } from "./support/two-factor-server";

const account = twoFactorAccount;
const server = twoFactorServer();

async function axeClean(page: Page, label: string) {
  expect(await axeViolations(page, { label })).toEqual([]);
}

async function screenshots(page: Page, name: string, project: string) {
  for (const [label, size] of [
    ["phone", { width: phone.width, height: phone.height }],
    ["desktop", { width: desktop.width, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await reviewScreenshot(page, {
      path: `test-results/two-factor-shots/${project}-${name}-${label}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(desktop);
}

/** The password step, until it has left the login page: scrypt on a busy machine takes seconds. */
async function passwordStep(page: Page) {
  await page.goto(`${server.url()}/admin/login`);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login$/, { timeout: 30_000 });
}

async function logOut(page: Page) {
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

// Without JavaScript the same steps are forms that post and redirects that follow: tested once at
// the HTML level (tests/html/admin-two-factor.spec.ts). Here: the steps through the router, the QR
// code's picture, screenshots of the pages and axe.
test(
  "enrols with the QR code or the key, then signs in with a code or a recovery code",
  {
    tag: "@js-only",
  },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // A server of its own: the account starts without a second factor.
    await passwordStep(page);
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in: off" })).toBeVisible();
    await expect(
      page.getByText("Two-factor sign-in is required for staff accounts."),
    ).toBeVisible();
    // Every other admin page waits for the enrolment.
    await page.goto(`${server.url()}/admin/repairs`);
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByTestId("toast")).toContainText("Two-Factor Sign-In Required");

    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    const qr = page.getByRole("img", { name: /QR code to add WeFix \(totp-admin\)/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    await axeClean(page, "enrolment");
    await screenshots(page, "enrolment", testInfo.project.name);

    await page.getByLabel("Code from your app").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText(/^That code is not right/).first()).toBeVisible();

    await page.getByLabel("Code from your app").fill(codeFor(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allTextContents();
    await axeClean(page, "recovery codes");
    await page.getByRole("link", { name: "I have saved them" }).click();
    await expect(page.getByRole("heading", { name: "Two-factor sign-in: on" })).toBeVisible();
    await expect(page.getByTestId("totp-secret")).toHaveCount(0);
    await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();

    await page.goto(`${server.url()}/admin/repairs`);
    await expect(page.getByRole("heading", { name: "Manage Repair Requests" })).toBeVisible();
    await logOut(page);

    // Two steps now: no session until the code.
    await passwordStep(page);
    await expect(page).toHaveURL(/\/admin\/login\/code$/);
    await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
    await axeClean(page, "code step");
    await screenshots(page, "code-step", testInfo.project.name);
    await page.goto(`${server.url()}/admin/dashboard`);
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
    await page.goBack();
    await page.goto(`${server.url()}/admin/login/code`);

    await page.getByLabel("Code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("toast")).toContainText("Login Failed");
    await expect(page.getByText(/^That code is not right/).first()).toBeVisible();
    await axeClean(page, "code step with an error");

    // The enrolment spent this period's code: the next one is accepted (one step of clock drift is
    // allowed).
    await page.getByLabel("Code").fill(codeFor(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId("toast")).toContainText("Login Successful!");
    await logOut(page);

    await passwordStep(page);
    await page.getByLabel("Code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Security" })
      .click();
    await expect(page.getByText("9 of 10 recovery codes left.")).toBeVisible();
    await axeClean(page, "security (on)");
    // Required here: no way to turn it off.
    await expect(page.getByRole("button", { name: "Turn off" })).toHaveCount(0);
  },
);
