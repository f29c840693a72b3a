import type { Page } from "@playwright/test";
import { desktop, expect, test } from "./fixtures";
import { open } from "./support/public";

/*
 * The contact form's toast and answer where a browser is needed: closing the toast, its leaving
 * by itself, and the post with the page script running. The answers themselves (the redirect,
 * the live region, the errors beside their fields, the 404 pages, the old selector's redirect) are
 * read without a browser in tests/html/public-content-forms.spec.ts and
 * public-content-pages.spec.ts; /healthz in tests/integration/healthz.test.ts.
 */

test.use({ viewport: desktop });

const sentTitle = "Message Sent Successfully!";

/** Opens /contact; with JavaScript, waits until the page script has run. */
async function openContactForm(page: Page, jsEnabled: boolean) {
  await open(page, "/contact", jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
}

async function sendValidMessage(page: Page, jsEnabled: boolean) {
  await openContactForm(page, jsEnabled);
  await page.getByLabel(/^Name\b/).fill("Jane Tester");
  await page.getByLabel(/^Email\b/).fill("jane.tester@example.com");
  await page.getByLabel(/^Phone\b/).fill("905-555-0199");
  await page.getByLabel(/^Subject\b/).selectOption({ label: "Repair Inquiry" });
  await page
    .getByLabel(/^Message\b/)
    .fill("My phone screen is cracked. How much is a replacement?");
  await page.getByRole("button", { name: "Send Message" }).click();
}

// The toast comes with the page the server draws and goes by CSS alone (a checkbox, an
// animation); the page script leaves it as it is. So the same toast with JavaScript or without,
// and one run of each test.
test.describe("toast after a redirect", () => {
  test("can be dismissed @js-only", async ({ page, jsEnabled }) => {
    const documentPosts: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST" && response.request().isNavigationRequest())
        documentPosts.push(response.status());
    });

    await sendValidMessage(page, jsEnabled);
    const toast = page.getByTestId("toast");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(sentTitle);
    await expect(page).toHaveURL("/contact");
    // With the page script too, the browser posted the form and followed the redirect.
    expect(documentPosts).toEqual([303]);

    await toast.locator("label", { hasText: "Dismiss notification" }).click();
    await expect(toast).toBeHidden();
  });

  test("disappears by itself after about five seconds @js-only", async ({ page, jsEnabled }) => {
    await sendValidMessage(page, jsEnabled);
    const toast = page.getByTestId("toast");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(sentTitle);
    const shown = Date.now();

    await expect(toast).toBeHidden({ timeout: 7_000 });
    // A CSS animation hides it.
    expect(Date.now() - shown).toBeGreaterThanOrEqual(4_000);
  });
});

test("with the page script, an invalid contact form still goes to the server, once @js-only", async ({
  page,
  jsEnabled,
}) => {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });

  await openContactForm(page, jsEnabled);
  await page.getByLabel(/^Name\b/).fill("Jane Tester");
  // Passes the browser's own e-mail check but not the server's.
  await page.getByLabel(/^Email\b/).fill("jane@example");
  // Blank but not empty: passes the browser's required check, fails the server's.
  await page.getByLabel(/^Message\b/).fill("   ");

  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact",
    ),
    page.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(response.status()).toBe(400);
  expect(response.request().isNavigationRequest()).toBe(true);
  await expect(page.getByLabel(/^Email\b/)).toHaveAccessibleDescription(
    "Please enter a valid e-mail address.",
  );
  await expect(page.getByLabel(/^Message\b/)).toHaveAccessibleDescription(
    "Please enter a message.",
  );
  await expect(page).toHaveURL("/contact");
  // The server answers: the page script adds no check of its own.
  expect(posts).toBe(1);
});
