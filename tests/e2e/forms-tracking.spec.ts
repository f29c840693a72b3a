import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bookViaApi } from "./support/api";

/** The booking's personal data as bookViaApi sends it, in every spelling a page could show. */
function personalTraces(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return [
    /\bSam\b/,
    /Tremblay/,
    /\bT\./,
    /sam\.tremblay/i,
    /@example\.com/,
    /Several keys stopped working/,
    new RegExp(digits),
    new RegExp(digits.slice(3)),
    /\*\*\*/,
  ];
}

/**
 * What the cards say, where no phone number of any form may appear without the visitor's own phone.
 */
async function expectCardsWithoutPersonalData(page: Page, phone: string) {
  const cards = await page.getByRole("article").allInnerTexts();
  expect(cards.length).toBeGreaterThan(0);
  for (const text of cards) {
    for (const trace of personalTraces(phone)) expect(text).not.toMatch(trace);
    expect(text).not.toMatch(/\(\d{3}\)|\d{3}[-. ]\d{4}/);
  }
  await expect(page.getByTestId("personal-details-hidden").first()).toBeVisible();
  await expect(page.getByTestId("personal-details")).toHaveCount(0);
}

async function track(page: Page, fields: { repairId?: string; phone?: string }) {
  await page.goto("/track-repair");
  if (fields.repairId) await page.getByLabel("Repair ID").fill(fields.repairId);
  if (fields.phone) await page.getByLabel("Phone Number").fill(fields.phone);
  await page.getByRole("button", { name: "Track Repair" }).click();
}

test.describe("tracking", () => {
  test("by repair ID alone: status and device, no personal field anywhere in the page", async ({
    page,
    request,
  }) => {
    const booked = await bookViaApi(request);
    await track(page, { repairId: booked.reference.toLowerCase() });
    await expect(page.getByRole("heading", { name: booked.reference })).toBeVisible();
    await expect(page.getByTestId("status-badge")).toHaveText("Pending");
    await expect(
      page.getByText("Apple MacBook Air 13-inch (M1, 2020) (Laptop Repair)"),
    ).toBeVisible();
    await expectCardsWithoutPersonalData(page, booked.phone);
    // Nor in what the page carries for its scripts.
    const html = await page.content();
    for (const trace of personalTraces(booked.phone)) expect(html).not.toMatch(trace);
  });

  test("by phone alone: the repairs of that number by device and day, no personal field, no reference", async ({
    page,
    request,
  }) => {
    const booked = await bookViaApi(request);
    const again = await bookViaApi(request, {
      phone: booked.phone,
      deviceCategory: "Mobile Repair Service",
      deviceModel: "iPhone 13",
      issueType: "Battery Replacement",
    });
    await page.goto("/track-repair");
    const referencesOnTheForm = (await page.content()).match(/WF-/g)?.length ?? 0;
    await page.getByLabel("Phone Number").fill(booked.phone);
    await page.getByRole("button", { name: "Track Repair" }).click();

    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(2);
    // Newest first, each named by its device and repair, and no day that would narrow the
    // sequential reference.
    await expect(cards.nth(0).getByRole("heading", { level: 2 })).toHaveText("Apple iPhone 13");
    await expect(cards.nth(0)).toContainText("Battery Replacement");
    await expect(cards.nth(1).getByRole("heading", { level: 2 })).toHaveText(
      "Apple MacBook Air 13-inch (M1, 2020)",
    );
    await expect(cards.nth(1)).toContainText("Keyboard Replacement");
    for (const text of await cards.allInnerTexts())
      expect(text).not.toMatch(
        /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{1,2}, \d{4}/,
      );
    await expect(page.getByTestId("personal-details-hidden").first()).toContainText(
      "enter the repair ID from your confirmation e-mail or text together with this phone number",
    );
    await expectCardsWithoutPersonalData(page, booked.phone);
    const html = await page.content();
    for (const trace of [/Tremblay/, /sam\.tremblay/i, /Several keys stopped working/])
      expect(html).not.toMatch(trace);
    // The reference is the second factor: not on the cards, in the page or in what it received.
    for (const text of await cards.allInnerTexts()) expect(text).not.toMatch(/WF-|\d:\d\d/);
    expect(html.match(/WF-/g)?.length ?? 0).toBe(referencesOnTheForm);
    // Nor in what the lookup answers: the page without JavaScript, its single-fetch data with it.
    for (const path of ["/track-repair", "/track-repair.data"]) {
      const answer = await request.post(path, { form: { phoneNumber: booked.phone } });
      expect(answer.status(), path).toBe(200);
      const text = await answer.text();
      expect(text, path).toContain("iPhone 13");
      for (const reference of [booked.reference, again.reference])
        expect(text, path).not.toContain(reference);
    }
  });

  test("by repair ID and its own phone: the customer's details", async ({ page, request }) => {
    const booked = await bookViaApi(request);
    await track(page, { repairId: booked.reference, phone: booked.phone });
    const details = page.getByTestId("personal-details");
    await expect(details).toContainText("Sam Tremblay");
    await expect(details).toContainText("sam.tremblay@example.com");
    await expect(details).toContainText(
      booked.phone.replace(/^(\d{3})-(\d{3})-(\d{4})$/, "($1) $2-$3"),
    );
    await expect(details).toContainText("Several keys stopped working after a spill.");
    await expect(page.getByTestId("personal-details-hidden")).toHaveCount(0);
  });

  test("says the same when nothing matches and when the phone is not the booking's, inline and in a toast", async ({
    page,
    request,
  }) => {
    const booked = await bookViaApi(request);
    const notFound = "Error: Repair not found. Please check the ID/Phone Number and try again.";
    await track(page, { repairId: "WF-99999" });
    await expect(page.getByRole("alert")).toHaveText(notFound);
    await expect(page.getByTestId("toast")).toContainText("Tracking Failed");

    await track(page, { repairId: booked.reference, phone: "905-555-0100" });
    await expect(page.getByRole("alert")).toHaveText(notFound);
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("asks for an ID or a phone number", async ({ page }) => {
    await page.goto("/track-repair");
    await page.getByRole("button", { name: "Track Repair" }).click();
    await expect(page.getByTestId("toast")).toContainText(
      "Please enter either a Repair ID or a Phone Number to track your device.",
    );
  });

  test("keeps the phone number out of the URL", async ({ page, request }) => {
    const booked = await bookViaApi(request);
    await track(page, { phone: booked.phone });
    await expect(page.getByRole("heading", { name: "Apple MacBook Air" })).toBeVisible();
    expect(page.url()).not.toContain(booked.phone.replace(/\D/g, "").slice(-4));
  });
});
