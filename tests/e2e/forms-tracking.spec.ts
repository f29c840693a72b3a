import { expect, test } from "./fixtures";
import { bookViaApi } from "./support/api";

test.describe("tracking", () => {
  test("finds a repair by ID with the customer masked, and in full with the matching phone", async ({ page, request }) => {
    const booked = await bookViaApi(request);
    await page.goto("/track-repair");
    await page.getByLabel("Repair ID").fill(booked.reference.toLowerCase());
    await page.getByRole("button", { name: "Track Repair" }).click();
    await expect(page.getByRole("heading", { name: booked.reference })).toBeVisible();
    await expect(page.getByTestId("status-badge")).toHaveText("Pending");
    await expect(page.getByText("Sam T.")).toBeVisible();
    await expect(page.getByText("s***@example.com")).toBeVisible();
    await expect(page.getByText("sam.tremblay@example.com")).toHaveCount(0);

    await page.getByLabel("Phone Number").fill(booked.phone);
    await page.getByRole("button", { name: "Track Repair" }).click();
    await expect(page.getByText("Sam Tremblay")).toBeVisible();
    await expect(page.getByText("sam.tremblay@example.com")).toBeVisible();
    await expect(page.getByText("Several keys stopped working after a spill.")).toBeVisible();
  });

  test("says so when nothing matches, inline and in a toast", async ({ page }) => {
    await page.goto("/track-repair");
    await page.getByLabel("Repair ID").fill("WF-99999");
    await page.getByRole("button", { name: "Track Repair" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error: Repair not found. Please check the ID/Phone Number and try again.");
    await expect(page.getByTestId("toast")).toContainText("Tracking Failed");
  });

  test("asks for an ID or a phone number", async ({ page }) => {
    await page.goto("/track-repair");
    await page.getByRole("button", { name: "Track Repair" }).click();
    await expect(page.getByTestId("toast")).toContainText("Please enter either a Repair ID or a Phone Number to track your device.");
  });

  test("keeps the phone number out of the URL", async ({ page, request }) => {
    const booked = await bookViaApi(request);
    await page.goto("/track-repair");
    await page.getByLabel("Phone Number").fill(booked.phone);
    await page.getByRole("button", { name: "Track Repair" }).click();
    await expect(page.getByRole("heading", { name: booked.reference })).toBeVisible();
    expect(page.url()).not.toContain(booked.phone.replace(/\D/g, "").slice(-4));
  });
});
