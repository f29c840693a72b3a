import { test, type Page } from "@playwright/test";
import { holidayOn } from "~/utils/ontario-holidays";

const drawn = globalThis as { testPhonesDrawn?: number };
/**
 * A phone number no other test of this run uses, so tracking by phone finds only this test's
 * bookings and a booking never joins another test's customer (the phone decides who a repair is
 * for). Each Playwright worker process has an exchange of its own (200-549, clear of the 555 numbers
 * tests spell out) and counts up its lines. Numbers made from the clock repeated: two workers in
 * one millisecond, or one worker a hundred seconds later, drew the same one.
 */
export function uniquePhone() {
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  drawn.testPhonesDrawn = (drawn.testPhonesDrawn ?? 0) + 1;
  const exchange = 200 + (worker % 350);
  // From 5000: no number's last four digits read like a run's reference numbers or a year, which
  // the tracking specs look for as traces of a phone.
  const line = 5_000 + (drawn.testPhonesDrawn % 5_000);
  return `905-${exchange}-${line}`;
}

/** A weekday a few days ahead and no statutory holiday: open 10:00-20:00, never in the past. */
export function nextWeekday(daysAhead = 4) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while ([0, 6].includes(d.getUTCDay()) || holidayOn(d.toISOString().slice(0, 10)))
    d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The first Sunday at least `daysAhead` days ahead that is no statutory holiday. */
export function nextSunday(daysAhead = 2) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while (d.getUTCDay() !== 0 || holidayOn(d.toISOString().slice(0, 10)))
    d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A Sunday's times as the form lists them (open 11:00-17:00). */
export const sundayTimes = [
  "11:00 AM",
  "11:30 AM",
  "12:00 PM",
  "12:30 PM",
  "1:00 PM",
  "1:30 PM",
  "2:00 PM",
  "2:30 PM",
  "3:00 PM",
  "3:30 PM",
  "4:00 PM",
  "4:30 PM",
];

/** A date as the next free times name it: "Mon, Dec 1". */
export const shortDay = (date: string) =>
  new Intl.DateTimeFormat("en-CA", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));

export async function fillBooking(page: Page, phone: string, overrides: { time?: string } = {}) {
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Last Name").fill("Okafor");
  await page.getByLabel("Email").fill("robin.okafor@example.com");
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Device Category").selectOption("Mobile Repair Service");
  await page.getByLabel("Device Brand").fill("Samsung");
  await page.getByLabel("Device Model").fill("Galaxy S23");
  await page.getByLabel("Issue Type").selectOption("Charging Port Repair");
  await page.getByLabel("Issue Description").fill("Only charges at an angle.");
  await page.getByLabel("Preferred Date").fill(nextWeekday());
  // Without JavaScript the time list is the page's day until the date step shows the new one's.
  if (test.info().project.use.javaScriptEnabled === false)
    await page.getByRole("button", { name: "Show times for this date" }).click();
  await page.getByLabel("Preferred Time").selectOption(overrides.time ?? "15:30");
}
