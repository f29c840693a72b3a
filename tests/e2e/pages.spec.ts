import type { Page } from "@playwright/test";
import { brand, findCategory } from "../../app/config/shop";
import { desktop, expect, test } from "./fixtures";
import { open } from "./support/public";

test.use({ viewport: desktop });

const sentTitle = "Message Sent Successfully!";
const sentDescription = "Thank you for contacting us. We'll get back to you within 24 hours.";

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

test.describe("toast after a redirect", () => {
  test("shows the flash message once, in a live region, and can be dismissed", async ({
    page,
    jsEnabled,
  }) => {
    const documentPosts: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST" && response.request().isNavigationRequest())
        documentPosts.push(response.status());
    });

    await sendValidMessage(page, jsEnabled);
    const toast = page.getByTestId("toast");
    const liveRegion = page.getByRole("status").filter({ has: toast });
    await expect(liveRegion.getByTestId("toast")).toBeVisible();
    await expect(liveRegion).toHaveAttribute("aria-live", "polite");
    await expect(toast).toContainText(sentTitle);
    await expect(toast).toContainText(sentDescription);
    await expect(page).toHaveURL("/contact");
    // The browser posted the form and followed the redirect, with JavaScript or without.
    expect(documentPosts).toEqual([303]);

    await toast.locator("label", { hasText: "Dismiss notification" }).click();
    await expect(toast).toBeHidden();

    // The form is fresh for the next message, and the flash is gone on reload.
    await expect(page.getByLabel(/^Message\b/)).toHaveValue("");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("disappears by itself after about five seconds", async ({ page, jsEnabled }) => {
    await sendValidMessage(page, jsEnabled);
    const toast = page.getByTestId("toast");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(sentTitle);
    const shown = Date.now();

    await expect(toast).toBeHidden({ timeout: 7_000 });
    // A CSS animation hides it, with JavaScript or without.
    expect(Date.now() - shown).toBeGreaterThanOrEqual(4_000);
  });
});

test("the contact form rejects invalid input and keeps what was typed", async ({
  page,
  jsEnabled,
}) => {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });

  await openContactForm(page, jsEnabled);
  await page.getByLabel(/^Name\b/).fill("Jane Tester");
  // Passes the browser's own e-mail check but not the server's, so the form reaches the server
  // without JavaScript.
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

  const email = page.getByLabel(/^Email\b/);
  const message = page.getByLabel(/^Message\b/);
  await expect(
    page.getByText("Please enter a valid e-mail address.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Please enter a message.", { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Please enter a valid e-mail address.");
  await expect(message).toHaveAttribute("aria-invalid", "true");
  await expect(message).toHaveAccessibleDescription("Please enter a message.");
  await expect(page.getByLabel(/^Name\b/)).toHaveValue("Jane Tester");
  await expect(page.getByLabel(/^Name\b/)).not.toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/contact");
  // The server answers, with JavaScript or without: the page script adds no check of its own.
  expect(posts).toBe(1);
});

test.describe("not found", () => {
  test("an unknown URL answers 404 inside the site layout", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();

    const home = page.getByRole("link", { name: "Back to Home", exact: true });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL("/");
    await expect(page).toHaveTitle(new RegExp(`\\| ${brand.name}$`));
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
  });

  test("an unknown service category answers 404 with its own message", async ({ page }) => {
    const response = await page.goto("/services/unknown");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByText("Service category not found.", { exact: true })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});

test("/healthz reports ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toEqual({ status: "ok" });
});

test("/service-model-selector redirects to the mobile services", async ({ page, request }) => {
  const direct = await request.get("/service-model-selector", { maxRedirects: 0 });
  expect(direct.status()).toBe(301);
  expect(new URL(direct.headers()["location"] ?? "", "http://localhost").pathname).toBe(
    "/services/mobile",
  );

  const response = await page.goto("/service-model-selector");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL("/services/mobile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(findCategory("mobile")!.title);
});
