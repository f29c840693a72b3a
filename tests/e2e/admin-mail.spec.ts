import type { Page } from "@playwright/test";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn, uniqueName } from "./support/admin";
import { bookingPayload } from "./support/api";
import { startServer, type ServerProcess } from "./support/server-process";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, { label })).toEqual([]);
}

test.describe("admin Messages", () => {
  test("lists a new contact message, counts it in the menu, and marks it handled and back", async ({
    page,
    request,
  }) => {
    const text = uniqueName("Is my tablet worth fixing?");
    const sent = await request.post("/api/endpoints/send_contact_message.php", {
      data: {
        name: "Dana Quill",
        email: "dana@example.com",
        subject: "quote-request",
        message: text,
      },
    });
    expect(sent.status()).toBe(201);

    await logIn(page);
    const navLink = page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: /^Messages/ });
    await expect(navLink).toHaveAccessibleName(/^Messages \d+ unhandled$/);
    await navLink.click();
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();

    const item = page.getByTestId("contact-message").filter({ hasText: text });
    await expect(item).toContainText("Quote Request from Dana Quill");
    await expect(item.getByRole("link", { name: "dana@example.com" })).toHaveAttribute(
      "href",
      /^mailto:dana@example\.com/,
    );
    await item.getByRole("button", { name: "Mark handled" }).click();
    await expect(page.getByText("Message marked as handled.")).toBeVisible();
    await expect(page.getByTestId("contact-message").filter({ hasText: text })).toHaveCount(0);

    await page.getByRole("link", { name: "All messages" }).click();
    const handled = page.getByTestId("contact-message").filter({ hasText: text });
    await expect(handled).toContainText("Handled");
    await handled.getByRole("button", { name: "Mark unhandled" }).click();
    await expect(page.getByText("Message marked as not handled.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/messages\?show=all$/);
    await expect(page.getByTestId("contact-message").filter({ hasText: text })).toContainText(
      "Unhandled",
    );
  });

  test("has no axe violations", { tag: "@js-only" }, async ({ page }) => {
    await logIn(page);
    for (const path of ["/admin/messages", "/admin/messages?show=all", "/admin/outbox"]) {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    }
  });
});

test.describe("admin Outbox", () => {
  // A server of its own whose SMTP server is down at first, giving up after one attempt.
  let smtp: TestSmtpServer;
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
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

  test("shows e-mails that failed while SMTP was down, and Retry sends them once it is back", async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(90_000);
    const booked = await request.post(`${server.url}/api/endpoints/submit_booking.php`, {
      data: bookingPayload(),
    });
    expect(booked.status()).toBe(201);
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel("Username").fill("lifecycle");
    await page.getByLabel("Password").fill("lifecycle-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);

    const rows = page.getByTestId("outbox-row");
    await expect(async () => {
      await page.goto(`${server.url}/admin/outbox`);
      await expect(rows.filter({ hasText: "Failed" })).toHaveCount(2, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("link", { name: "Outbox 2 failed" })).toBeVisible();
    // The failure in plain words; the server's own text folded away for the technician.
    await expect(rows.first()).toContainText("Could not reach the mail server (ECONNREFUSED)");
    const details = rows.first().getByText("Technical details");
    await details.click();
    await expect(rows.first().locator("code")).toContainText("ECONNREFUSED");
    await expect(rows.first().locator("code")).toBeVisible();
    if (jsEnabled) await expectNoAxeViolations(page, "outbox with failures");
    // On a phone each e-mail is a card: nothing scrolls sideways.
    await page.setViewportSize(phone);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await expect(page.getByRole("button", { name: "Retry all failed" })).toBeInViewport();
    if (jsEnabled) await expectNoAxeViolations(page, "outbox on a phone");
    await page.setViewportSize(desktop);

    smtp = await startSmtpServer(smtp.port);
    await rows
      .first()
      .getByRole("button", { name: /^Retry/ })
      .click();
    await expect(page.getByText("The e-mail is queued and goes out in a moment.")).toBeVisible();
    await expect(async () => {
      await page.goto(`${server.url}/admin/outbox`);
      await expect(rows).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole("button", { name: "Retry all failed" }).click();
    await expect(
      page.getByText("1 e-mail is queued again and goes out in a moment."),
    ).toBeVisible();
    await expect(async () => {
      await page.goto(`${server.url}/admin/outbox`);
      await expect(page.getByText("Every e-mail and text has been sent.")).toBeVisible({
        timeout: 500,
      });
    }).toPass({ timeout: 20_000 });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^New booking WF-/),
      expect.stringMatching(/^Your WeFix booking WF-/),
    ]);
  });
});
