import type { Page } from "@playwright/test";
import { formatLongDate } from "../../app/utils/shop-time";
import { expect, test } from "./fixtures";
import { dayAfter, nextSunday, nextWeekday, shortDay, sundayTimes } from "./support/booking";
import { oneBookingServer } from "./support/one-booking-server";

/**
 * The booking form's time list with the page script (app/browser/booking-times.ts): it follows the
 * date in place, from the availability route or, offline, the opening hours the page carries.
 * Without JavaScript the date step posts the form and the server lists the day's times:
 * tests/html/public-forms-booking-times.spec.ts, which also holds what the server refuses.
 */

const timeList = (page: Page) => page.getByLabel("Preferred Time");
const dateStep = (page: Page) => page.getByRole("button", { name: "Show times for this date" });

/** Opens the form and waits until its script runs (the date step is gone then). */
async function openForm(page: Page, origin = "") {
  await page.goto(`${origin}/book-appointment`);
  await expect(dateStep(page)).toHaveCount(0);
}

/** Picks a date as a visitor would; the list follows without a post. */
async function chooseDate(page: Page, date: string) {
  await page.getByLabel("Preferred Date").fill(date);
  await expect(page.getByText(`${formatLongDate(date)}.`)).toBeVisible();
}

test.describe("bookable times", () => {
  test("with JavaScript the list follows the date, keeps a time still open, and falls back to opening hours offline @js-only", async ({
    page,
  }) => {
    let pagePosts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") pagePosts += 1;
    });
    const weekday = nextWeekday();
    await openForm(page);
    await chooseDate(page, weekday);
    await expect(timeList(page).locator("option")).toHaveCount(18);
    await timeList(page).selectOption("15:30");
    await chooseDate(page, nextSunday());
    // A Sunday lists only 11:00 AM to 4:30 PM, and says so to a screen reader.
    await expect(timeList(page).locator("option")).toHaveText(["Select a time", ...sundayTimes]);
    await expect(page.getByText(`Times for ${formatLongDate(nextSunday())}.`)).toHaveAttribute(
      "aria-live",
      "polite",
    );
    await expect(timeList(page)).toHaveValue("15:30");
    await timeList(page).selectOption("11:00");
    await chooseDate(page, weekday);
    await expect(timeList(page)).toHaveValue("11:00");
    await timeList(page).selectOption("18:00");
    await chooseDate(page, nextSunday(9));
    await expect(timeList(page)).toHaveValue("");

    await page.route(/\/book-appointment\/availability/, (route) => route.abort("connectionreset"));
    await page.getByLabel("Preferred Date").fill(nextSunday(16));
    await expect(
      page.getByText(
        "We couldn't check which times are already taken; we'll confirm yours when we call.",
      ),
    ).toBeVisible();
    await expect(timeList(page).locator("option")).toHaveText(["Select a time", ...sundayTimes]);
    expect(pagePosts).toBe(0);
  });
});

test.describe("full slots, on a server whose slots hold one booking", () => {
  test.describe.configure({ mode: "serial" });
  const server = oneBookingServer();

  test("a booked slot is listed full and cannot be chosen @js-only", async ({ page }) => {
    const date = nextWeekday(3);
    expect((await server.book(date, "14:00")).status()).toBe(201);

    await openForm(page, server.url());
    await chooseDate(page, date);
    await expect(page.getByRole("option", { name: "2:00 PM — full" })).toBeDisabled();
    await expect(page.getByRole("option", { name: "2:30 PM", exact: true })).toBeEnabled();
  });

  test("a day without a free time offers the next ones, and one tap sets date and time in place @js-only", async ({
    page,
  }) => {
    const sunday = nextSunday(9);
    const monday = dayAfter(sunday);
    for (const label of sundayTimes) expect((await server.book(sunday, label)).status()).toBe(201);

    await openForm(page, server.url());
    await page.getByLabel("First Name").fill("Robin");
    await chooseDate(page, sunday);
    await expect(
      page.getByText(`No free times on ${formatLongDate(sunday)}. The next free times:`),
    ).toBeVisible();
    await expect(timeList(page).locator("option:not([disabled])")).toHaveText([
      "No free times on this day",
    ]);
    const offers = page.getByRole("list", { name: "Next free times" }).getByRole("button");
    await expect(offers).toHaveCount(3);
    const monthDay = shortDay(monday);
    await expect(offers.first()).toHaveText(`${monthDay}, 10:00 AM`);

    await offers.first().click();
    await expect(page.getByLabel("Preferred Date")).toHaveValue(monday);
    await expect(timeList(page)).toHaveValue("10:00");
    await expect(page.getByLabel("First Name")).toHaveValue("Robin");
  });
});
