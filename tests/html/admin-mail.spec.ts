import { expect, test } from "@playwright/test";
import { uniqueName } from "../e2e/support/admin";
import { sendContactMessage } from "../e2e/support/api";
import { smtpDownServer } from "../e2e/support/smtp-down-server";
import { HtmlForm, staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * Messages and the Outbox without JavaScript: their buttons are forms that post and come back with
 * the server's toast. The layout, the folded technical details and axe are in
 * tests/e2e/admin-mail.spec.ts, with the same buttons through the router.
 */

/** What the toast says, title and description together. */
const toastText = (page: HtmlPage) => {
  const toast = page.toast();
  return toast ? `${toast.title} ${toast.description ?? ""}` : "";
};

/** The list item (or table row) with this text, and its form. */
function item(page: HtmlPage, selector: string, text: string) {
  const found = page.visible(selector).filter((element) => page.$(element).text().includes(text));
  if (found.length !== 1) throw new Error(`${found.length} ${selector} with ${text}`);
  const $item = page.$(found[0]!);
  return {
    text: $item.text().replace(/\s+/g, " ").trim(),
    $: $item,
    form: () => new HtmlForm(page, $item.find("form").get(0)!),
  };
}

test.describe("admin Messages", () => {
  test("lists a new contact message, counts it in the menu, and marks it handled and back", async ({
    request,
  }) => {
    const text = uniqueName("Is my tablet worth fixing?");
    await sendContactMessage(request, text);

    const { landed } = await staffVisitor(request);
    const menu = 'nav[aria-label="Admin"]';
    const messagesLink = landed.link(/^Messages \d+ unhandled$/, menu);
    const messages = await landed.follow(/^Messages \d+ unhandled$/, menu);
    expect(messages.url.pathname).toBe(messagesLink);
    expect(messages.headings(1)).toEqual(["Messages"]);

    const message = item(messages, '[data-testid="contact-message"]', text);
    expect(message.text).toContain("Quote Request from Dana Quill");
    const mail = message.$.find('a[href^="mailto:"]');
    expect(mail.text()).toBe("dana@example.com");
    expect(mail.attr("href")).toMatch(/^mailto:dana@example\.com/);
    const handled = await message.form().submit(/^Mark handled/);
    expect(toastText(handled)).toContain("Message marked as handled.");
    expect(
      handled.texts('[data-testid="contact-message"]').filter((t) => t.includes(text)),
    ).toEqual([]);

    const all = await handled.follow("All messages");
    const again = item(all, '[data-testid="contact-message"]', text);
    expect(again.text).toContain("Handled");
    const unhandled = await again.form().submit(/^Mark unhandled/);
    expect(toastText(unhandled)).toContain("Message marked as not handled.");
    expect(unhandled.url.pathname + unhandled.url.search).toBe("/admin/messages?show=all");
    expect(item(unhandled, '[data-testid="contact-message"]', text).text).toContain("Unhandled");
  });
});

test.describe("admin Outbox", () => {
  const server = smtpDownServer();

  test("shows e-mails that failed while SMTP was down, and Retry sends them once it is back", async ({
    playwright,
  }) => {
    // The mail worker sends on its own schedule; a busy machine stretches it, so each wait is long.
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL: server.url() });
    try {
      expect((await server.book(request)).status()).toBe(201);
      const staff = await staffVisitor(request, "/admin/dashboard", {
        username: "lifecycle",
        password: "lifecycle-password",
      });
      const rows = (page: HtmlPage) => page.texts('[data-testid="outbox-row"]');

      let outbox!: HtmlPage;
      await expect(async () => {
        outbox = await staff.open("/admin/outbox");
        expect(rows(outbox).filter((row) => row.includes("Failed"))).toHaveLength(2);
      }).toPass({ timeout: 60_000 });
      expect(outbox.link("Outbox 2 failed", 'nav[aria-label="Admin"]')).toBe("/admin/outbox");
      // The failure in plain words; the server's own text folded away for the technician.
      const first = outbox.$('[data-testid="outbox-row"]').first();
      expect(first.text()).toContain("Could not reach the mail server (ECONNREFUSED)");
      const details = first.find("details");
      expect(details.find("summary").text().trim()).toBe("Technical details");
      expect(details.attr("open")).toBeUndefined();
      expect(details.find("code").text()).toContain("ECONNREFUSED");

      const smtp = await server.smtpBack();
      const retried = await new HtmlForm(outbox, first.find("form").get(0)!).submit(/^Retry/);
      expect(toastText(retried)).toContain("The e-mail is queued and goes out in a moment.");
      await expect(async () => {
        outbox = await staff.open("/admin/outbox");
        expect(rows(outbox)).toHaveLength(1);
      }).toPass({ timeout: 60_000 });
      const all = await outbox.form("Retry all failed").submit("Retry all failed");
      expect(toastText(all)).toContain("1 e-mail is queued again and goes out in a moment.");
      await expect(async () => {
        outbox = await staff.open("/admin/outbox");
        expect(outbox.text("main")).toContain("Every e-mail and text has been sent.");
      }).toPass({ timeout: 60_000 });
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received.map((m) => m.subject).sort()).toEqual([
        expect.stringMatching(/^New booking WF-/),
        expect.stringMatching(/^Your WeFix booking WF-/),
      ]);
    } finally {
      await request.dispose();
    }
  });
});
