import type { APIRequestContext, Page } from "@playwright/test";
import { sameTimeMessage } from "../../app/content/messages/appointment-messages";
import { formatLongDate } from "../../app/utils/shop-time";
import { desktop, expect, phone, test } from "./fixtures";
import { bookViaApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { nextWeekday } from "./support/booking";
import { waitForMail } from "./support/mail";
import { open } from "./support/public";

/*
 * Moving and cancelling an appointment in a browser (decision 0056): what the page script adds
 * (the time list that follows the date, buttons that wait while the post is in flight) and what
 * axe finds. Without JavaScript the same forms are tested at the HTML level
 * (tests/html/appointment-changes.spec.ts), the rules in tests/integration.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** A booking through the JSON door, and its secret token from the confirmation e-mail. */
async function bookedToken(request: APIRequestContext) {
  const since = Date.now() - 1000;
  const { reference } = await bookViaApi(request, { preferredTime: "2:00 PM" });
  const mail = await waitForMail(
    (m) =>
      m.subject === `Your WeFix booking ${reference} is received` &&
      (m.date?.getTime() ?? 0) >= since,
  );
  return /\/track-repair\/([\w-]+)/.exec(mail.text ?? "")![1]!;
}

const historyEntries = (page: Page) =>
  page.getByLabel("Status history").getByText(/^Rescheduled by the customer/);

test.describe("moving an appointment in a browser", () => {
  test("the time list follows the date without a post, and a double tap moves it once @js-only", async ({
    page,
    request,
  }) => {
    const token = await bookedToken(request);
    await open(page, `/track-repair/${token}`, true);
    await page.getByRole("link", { name: "Change the time" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change your appointment");
    // The script takes the date step away and lists the day's times as the date changes.
    await expect(page.getByRole("button", { name: "Show times for this date" })).toHaveCount(0);
    const day = nextWeekday(10);
    await page.getByLabel("Preferred Date").fill(day);
    await expect(page.getByText(`Times for ${formatLongDate(day)}.`)).toBeVisible();
    await page.getByLabel("Preferred Time").selectOption("10:30");

    const move = page.getByRole("button", { name: "Move my appointment" });
    await move.dblclick();
    await expect(page).toHaveURL(new RegExp(`/track-repair/${token}$`));
    await expect(page.getByText("Appointment moved")).toBeVisible();
    await expect(page.getByTestId("appointment")).toContainText(
      `${formatLongDate(day)} at 10:30 AM`,
    );
    await expect(historyEntries(page)).toHaveCount(1);
  });

  test("a move the server refuses says why at the time, in view, and keeps the choice", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const token = await bookedToken(request);
    await open(page, `/track-repair/${token}/reschedule`, jsEnabled);
    // The appointment's own day is drawn first; its own time is no move at all.
    await page.getByLabel("Preferred Time").selectOption("14:00");
    await page.getByRole("button", { name: "Move my appointment" }).click();
    const time = page.getByLabel("Preferred Time");
    await expect(time).toHaveAccessibleDescription(new RegExp(escapeRegExp(sameTimeMessage)));
    // The field's own message (the toast says it too), where the eye is after the tap.
    await expect(page.locator('[id$="-preferredTime-error"]')).toBeInViewport();
    await expect(time).toHaveValue("14:00");
    await expect(time).toHaveAttribute("aria-invalid", "true");
  });

  test("cancels after asking, and the booking shows cancelled", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const token = await bookedToken(request);
    await open(page, `/track-repair/${token}`, jsEnabled);
    await page.getByRole("link", { name: "Cancel booking" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cancel your booking?");
    await page.getByRole("button", { name: "Yes, cancel my booking" }).click();
    await expect(page).toHaveURL(new RegExp(`/track-repair/${token}$`));
    await expect(page.getByTestId("status-badge")).toHaveText("Cancelled");
    await expect(page.getByText("Booking cancelled")).toBeVisible();
  });
});

for (const viewport of [
  { name: "desktop", size: desktop },
  { name: "phone", size: phone },
]) {
  test.describe(`the appointment's pages at ${viewport.name} width`, () => {
    test.use({ viewport: viewport.size });
    test("have no axe violations @js-only", async ({ page, request }) => {
      test.setTimeout(120_000);
      const token = await bookedToken(request);
      for (const path of [
        `/book-appointment/confirmation/${token}`,
        `/track-repair/${token}`,
        `/track-repair/${token}/reschedule`,
        `/track-repair/${token}/cancel`,
      ]) {
        await open(page, path, true);
        expect.soft(await axeViolations(page, { label: path, tags })).toEqual([]);
      }
    });
  });
}
