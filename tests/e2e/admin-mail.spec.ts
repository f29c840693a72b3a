import type { Page } from "@playwright/test";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn, uniqueName } from "./support/admin";
import { sendContactMessage } from "./support/api";
import { smtpDownServer } from "./support/smtp-down-server";

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, { label })).toEqual([]);
}

// Without JavaScript the buttons are forms that post and come back with the server's toast: tested
// once at the HTML level (tests/html/admin-mail.spec.ts). Here: the same buttons through the
// router, the folded technical details, the layout on a phone and axe.
test.describe("admin Messages", () => {
  test(
    "lists a new contact message, counts it in the menu, and marks it handled and back",
    { tag: "@js-only" },
    async ({ page, request }) => {
      const text = uniqueName("Is my tablet worth fixing?");
      await sendContactMessage(request, text);

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
    },
  );

  test("has no axe violations", { tag: "@js-only" }, async ({ page }) => {
    await logIn(page);
    for (const path of ["/admin/messages", "/admin/messages?show=all", "/admin/outbox"]) {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    }
  });
});

test.describe("admin Outbox", () => {
  const server = smtpDownServer();

  test(
    "shows e-mails that failed while SMTP was down, folded and on a phone, and Retry queues one",
    { tag: "@js-only" },
    async ({ page, request }) => {
      test.setTimeout(90_000);
      expect((await server.book(request)).status()).toBe(201);
      // Signed in by cookie, as `logIn` does on the shared server (admin-auth.spec.ts tests the
      // form): the login form's fields posted in the page's context.
      const login = await page.request.post(`${server.url()}/admin/login`, {
        form: { username: "lifecycle", password: "lifecycle-password" },
        maxRedirects: 0,
      });
      expect(login.headers()["location"]).toBe("/admin/dashboard");

      const rows = page.getByTestId("outbox-row");
      await expect(async () => {
        await page.goto(`${server.url()}/admin/outbox`);
        await expect(rows.filter({ hasText: "Failed" })).toHaveCount(2, { timeout: 500 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByRole("link", { name: "Outbox 2 failed" })).toBeVisible();
      // The failure in plain words; the server's own text folded away for the technician.
      await expect(rows.first()).toContainText("Could not reach the mail server (ECONNREFUSED)");
      const details = rows.first().getByText("Technical details");
      await details.click();
      await expect(rows.first().locator("code")).toContainText("ECONNREFUSED");
      await expect(rows.first().locator("code")).toBeVisible();
      await expectNoAxeViolations(page, "outbox with failures");
      // On a phone each e-mail is a card: nothing scrolls sideways.
      await page.setViewportSize(phone);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await expect(page.getByRole("button", { name: "Retry all failed" })).toBeInViewport();
      await expectNoAxeViolations(page, "outbox on a phone");
      await page.setViewportSize(desktop);

      await server.smtpBack();
      await rows
        .first()
        .getByRole("button", { name: /^Retry/ })
        .click();
      await expect(page.getByText("The e-mail is queued and goes out in a moment.")).toBeVisible();
      // "Retry all failed" and what the SMTP server receives: tests/html/admin-mail.spec.ts.
    },
  );
});
