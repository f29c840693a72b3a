import type { APIRequestContext, Page } from "@playwright/test";
import { holidayOn, holidaysBetween } from "~/utils/ontario-holidays";
import { addDays, formatLongDate, shopInstant, shopToday, weekday } from "~/utils/shop-time";
import { expect, test } from "./fixtures";
import { admin } from "./support/admin";
import { startHoursServer } from "./support/hours-server";
import type { ServerProcess } from "./support/server-process";

/**
 * What needs a browser of holidays and closures (decision 0055): "Open now · closes 8:00 PM"
 * worked out by the page's script from the visitor's clock and the calendar the page carries,
 * right again on the minute; and the booking form's times following the calendar as the date
 * changes, online and, from the page's own calendar, offline. Without JavaScript:
 * tests/html/hours.spec.ts. On a server of its own, since it closes a day in the booking window.
 */

test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let staff: APIRequestContext;

/** A Monday to Thursday `daysAhead` or more ahead, no holiday, and its next day none either. */
function plainWeekday(daysAhead: number) {
  let date = addDays(shopToday(), daysAhead);
  while (![1, 2, 3, 4].includes(weekday(date)) || holidayOn(date) || holidayOn(addDays(date, 1)))
    date = addDays(date, 1);
  return date;
}

const openDay = plainWeekday(3);
const closedDay = plainWeekday(10);

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  server = await startHoursServer();
  staff = await playwright.request.newContext({ baseURL: server.url });
  await staff.post("/admin/login", { form: admin });
  const saved = await staff.post("/admin/hours", {
    form: { intent: "closure", from: closedDay, reason: "Inventory" },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(303);
});

test.afterAll(async () => {
  await staff?.dispose();
  await server?.stop();
});

/** The home page's hero line, the one a phone shows (the strip above the header is wider screens'). */
const heroLine = (page: Page) => page.locator("main [data-open-now]");

/** Opens the home page with the visitor's clock at `minutes` past midnight on `date`, shop time. */
async function homeAt(page: Page, date: string, minutes: number) {
  await page.clock.install({ time: shopInstant(date, minutes) });
  await page.goto(`${server.url}/`);
  await expect(page.locator("html[data-enhanced]")).toBeAttached();
}

test("says whether the shop is open now by the visitor's clock, and changes at closing time @js-only", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await homeAt(page, openDay, 19 * 60 + 58);
  await expect(heroLine(page)).toHaveText("Open now · closes 8:00 PM");
  await expect(heroLine(page)).toBeInViewport();
  await page.clock.runFor(3 * 60_000);
  await expect(heroLine(page)).toHaveText("Closed now · opens tomorrow at 10:00 AM");
});

test("before opening, and on a day the owner closed, says when the shop opens @js-only", async ({
  page,
}) => {
  await homeAt(page, openDay, 9 * 60 + 15);
  await expect(heroLine(page)).toHaveText("Closed now · opens 10:00 AM");
  // The strip above the header says the same on a wide screen.
  await expect(page.locator("[role=region] [data-open-now]")).toHaveText(
    "Closed now · opens 10:00 AM",
  );
  await page.clock.setSystemTime(shopInstant(closedDay, 12 * 60));
  await page.reload();
  await expect(heroLine(page)).toHaveText("Closed today (Inventory) · opens tomorrow at 10:00 AM");
});

test("the booking form lists no time on a closed day, online and offline, and never a statutory holiday offline @js-only", async ({
  page,
}) => {
  await page.goto(`${server.url}/book-appointment`);
  await expect(page.getByRole("button", { name: "Show times for this date" })).toHaveCount(0);
  const times = page.getByLabel("Preferred Time");
  await page.getByLabel("Preferred Date").fill(closedDay);
  await expect(
    page.getByText(
      `We're closed on ${formatLongDate(closedDay)} (Inventory). The next free times:`,
    ),
  ).toBeVisible();
  await expect(times.locator("option")).toHaveText(["We're closed on this day"]);
  await expect(page.getByRole("button", { name: /^\w{3}, \w{3} \d+, 10:00 AM$/ })).toBeVisible();

  // Offline: the page's own calendar, with the statutory holidays worked out in the browser.
  await page.route(/\/book-appointment\/availability/, (route) => route.abort("connectionreset"));
  await page.getByLabel("Preferred Date").fill(openDay);
  await expect(
    page.getByText(
      "We couldn't check which times are already taken; we'll confirm yours when we call.",
    ),
  ).toBeVisible();
  await expect(times.locator("option")).toHaveCount(18);
  await page.getByLabel("Preferred Date").fill(closedDay);
  await expect(
    page.getByText(
      `We're closed on ${formatLongDate(closedDay)} (Inventory). Please choose another date.`,
    ),
  ).toBeVisible();
  await expect(times.locator("option")).toHaveText(["We're closed on this day"]);
  // A statutory holiday, when the booking window holds one (some months it does not).
  const today = shopToday();
  const holiday = holidaysBetween(addDays(today, 1), addDays(today, 60))[0];
  if (holiday) {
    await page.getByLabel("Preferred Date").fill(holiday.date);
    await expect(
      page.getByText(`We're closed on ${formatLongDate(holiday.date)} (${holiday.name}`, {
        exact: false,
      }),
    ).toBeVisible();
    await expect(times.locator("option")).toHaveText(["We're closed on this day"]);
  }
});

test("with JavaScript the owner opens a holiday, changes its hours and removes them on the hydrated page @js-only", async ({
  page,
}) => {
  await page.request.post(`${server.url}/admin/login`, { form: admin });
  await page.goto(`${server.url}/admin/hours`);
  const holidays = page.getByTestId("holiday");
  const special = page.getByRole("region", { name: /Special Hours/ });
  // Each holiday's "Open this day" fills the form with its own date, one after the other.
  for (const index of [1, 0]) {
    const holiday = holidays.nth(index);
    const link = holiday.getByRole("link", { name: /^Open on / });
    const date = new URL((await link.getAttribute("href"))!, server.url).searchParams.get("open")!;
    await link.click();
    await expect(special.getByLabel("Date")).toHaveValue(date);
  }
  await special.getByLabel("Closes").fill("15:00");
  await special.getByRole("button", { name: "Add Special Hours" }).click();
  await expect(page.getByText("Special hours saved.")).toBeVisible();
  // The entry this test makes (the closure of beforeAll is listed too).
  const entry = page.getByTestId("hours-entry").filter({ hasNotText: "Inventory" });
  await expect(entry).toContainText("3:00 PM");
  await expect(holidays.first()).toContainText(/Open \d+:\d\d AM - 3:00 PM$/);

  await entry.getByRole("link", { name: /^Edit / }).click();
  await expect(page.getByRole("heading", { name: "Change Special Hours" })).toBeVisible();
  await special.getByLabel("Closes").fill("16:00");
  await special.getByLabel("Note customers see").fill("Short day");
  await special.getByRole("button", { name: "Save Special Hours" }).click();
  await expect(entry).toContainText("4:00 PM · Short day");

  await entry.getByRole("button", { name: /^Remove / }).click();
  await expect(entry).toHaveCount(0);
  await expect(holidays.first()).toContainText("· Closed");
});
