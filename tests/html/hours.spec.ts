import { expect, test, type APIRequestContext } from "@playwright/test";
import { bookingPayload } from "../e2e/support/api";
import { nextWeekday, uniquePhone } from "../e2e/support/booking";
import { startHoursServer } from "../e2e/support/hours-server";
import type { ServerProcess } from "../e2e/support/server-process";
import { holidaysBetween } from "~/utils/ontario-holidays";
import { addDays, formatCalendarDate, shopToday } from "~/utils/shop-time";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";
import { formForDay, jsonLd, optionTexts, robin } from "./public-forms-support";

/**
 * Holidays and closures without JavaScript (decisions 0054 and 0055): the Hours & Closures page's
 * forms posted as a browser without JavaScript posts them, and what every page then says: the
 * hours beside the week's, the header's line, the booking form's times and refusal, the JSON door
 * and the structured data. On a server of its own, since it closes days other specs book on.
 */

test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  server = await startHoursServer();
  request = await playwright.request.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.stop();
});

/** The Hours & Closures page, signing in first when the session is not there yet. */
async function hoursPage() {
  const page = await visitor(request).open("/admin/hours");
  if (page.url.pathname !== "/admin/login") return page;
  return (await staffVisitor(request, "/admin/hours")).landed;
}

/** Each listed entry as "Fri, Dec 4, 2026 | Closed · Staff training". */
const entries = (page: HtmlPage) =>
  page.visible('[data-testid="hours-entry"]').map((entry) =>
    page
      .$(entry)
      .find("p")
      .toArray()
      .map((p) => page.$(p).text().trim())
      .join(" | "),
  );
const notices = (page: HtmlPage) => page.texts("footer [data-hours-notices] li");
const note = (page: HtmlPage) => page.text("[data-schedule-note]");

// A weekday in the booking window no other test of this file closes.
const closedDay = nextWeekday(6);
const closedWords = formatCalendarDate(closedDay, "weekdayLong");
const closedShort = formatCalendarDate(closedDay, "short");

test("the owner closes a day without JavaScript, and the site, the booking form and the JSON door follow; Edit and Remove change it back", async () => {
  const page = await hoursPage();
  expect(page.headings(1)).toEqual(["Hours & Closures"]);
  const saved = await page
    .form("Add Closure")
    .fill({ "First day closed": closedDay, "Reason customers see": "Staff training" })
    .submit("Add Closure");
  expect(saved.url.pathname).toBe("/admin/hours");
  expect(saved.toast()).toMatchObject({ title: "Success", description: "Closure saved." });
  expect(entries(saved)).toEqual([
    `${formatCalendarDate(closedDay, "weekdayMedium")} | Closed · Staff training`,
  ]);

  // Every page's hours name it (the kept pages were dropped when it was saved).
  const home = await visitor(request).open("/");
  expect(notices(home)).toContainEqual(`${closedShort}: Closed (Staff training)`);

  // The booking form lists no time that day and says why, with the next free times.
  const day = await formForDay(request, closedDay);
  expect(optionTexts(day, "Preferred Time")).toEqual(["We're closed on this day"]);
  expect(note(day)).toBe(
    `We're closed on ${formatCalendarDate(closedDay, "long")} (Staff training). The next free times:`,
  );
  // A post the page could not make (a time it never listed) is refused beside the date.
  const fields = day
    .form("Book Appointment")
    .fill(robin(uniquePhone()))
    .fields()
    .map(([name, value]): [string, string] => [name, name === "preferredTime" ? "14:00" : value]);
  const refused = await day.send("post", new URL("/book-appointment", day.url), fields);
  expect(refused.status).toBe(400);
  expect(refused.errorOf("Preferred Date")).toBe(
    `We're closed on ${closedWords} (Staff training). Please choose another day.`,
  );

  const json = await request.post("/api/endpoints/submit_booking.php", {
    data: bookingPayload({ preferredDate: closedDay, preferredTime: "11:00" }),
  });
  expect(json.status()).toBe(422);
  expect(await json.json()).toMatchObject({
    success: false,
    message: `We're closed on ${closedWords} (Staff training). Please choose another day.`,
  });
  const availability = await request.get(`/book-appointment/availability?date=${closedDay}`);
  expect(await availability.json()).toMatchObject({ closed: "Staff training", slots: [] });

  // Edit: the closure's own form, filled; saved with another reason.
  const editing = await saved.follow(/^Edit /, '[data-testid="hours-entry"]');
  expect(editing.headings(2)).toContain("Change Closure");
  const changed = await editing
    .form("Save Closure")
    .fill({ "Reason customers see": "Stocktaking" })
    .submit("Save Closure");
  expect(changed.toast()?.description).toBe("Closure saved.");
  expect(entries(changed)[0]).toContain("| Closed · Stocktaking");
  expect(notices(await visitor(request).open("/"))).toContainEqual(
    `${closedShort}: Closed (Stocktaking)`,
  );

  // Remove: the day keeps its usual hours again.
  const removed = await changed.form(/^Remove /).submit();
  expect(removed.toast()?.description).toMatch(/^Removed\./);
  expect(entries(removed)).toEqual([]);
  expect(optionTexts(await formForDay(request, closedDay), "Preferred Time")).toHaveLength(18);
});

test("a save on a closure changed meanwhile is refused with what changed, the typed change kept on top", async ({
  playwright,
}) => {
  const from = addDays(shopToday(), 200);
  const first = await (
    await hoursPage()
  )
    .form("Add Closure")
    .fill({ "First day closed": from, "Reason customers see": "Painting" })
    .submit("Add Closure");
  const editLink = first.link(/^Edit /);
  // Two staff open the same closure's form.
  const other = await playwright.request.newContext({ baseURL: server.url });
  try {
    const theirs = await (await staffVisitor(other, editLink.split("#")[0]!)).landed;
    const mine = await first.follow(/^Edit /, '[data-testid="hours-entry"]');
    const lastDay = addDays(from, 2);
    const theirSave = await theirs
      .form("Save Closure")
      .fill({ "Last day closed": lastDay })
      .submit("Save Closure");
    expect(theirSave.toast()?.description).toBe("Closure saved.");
    const refused = await mine
      .form("Save Closure")
      .fill({ "Reason customers see": "Painting the front" })
      .submit("Save Closure");
    expect(refused.status).toBe(409);
    expect(refused.alerts().join(" ")).toMatch(
      /changed while you had this page open, so nothing was saved.*Changed since you opened it:/,
    );
    // Their new last day, and my new reason, both in the form: saving it again applies both.
    const again = refused.form("Save Closure");
    expect(again.fields()).toEqual(
      expect.arrayContaining([
        ["to", lastDay],
        ["reason", "Painting the front"],
        ["version", "2"],
      ]),
    );
    const both = await again.submit("Save Closure");
    expect(entries(both)).toContainEqual(expect.stringContaining("Closed · Painting the front"));
  } finally {
    await other.dispose();
  }
});

test("statutory holidays are closed until the owner opens one with its own hours", async () => {
  const today = shopToday();
  const page = await hoursPage();
  const holidays = page.texts('[data-testid="holiday"]');
  const coming = holidaysBetween(today, addDays(today, 365));
  expect(holidays).toHaveLength(coming.length);
  expect(holidays.every((text) => text.includes("· Closed"))).toBe(true);

  // "Open this day" fills the special hours form with the date and that weekday's usual hours.
  const first = coming[0]!;
  const opening = await page.follow(/^Open on /);
  expect(opening.url.searchParams.get("open")).toBe(first.date);
  const form = opening.form("Add Special Hours");
  expect(form.fields()).toEqual(expect.arrayContaining([["date", first.date]]));
  const opened = await form.fill({ Closes: "15:00" }).submit("Add Special Hours");
  expect(opened.toast()?.description).toBe("Special hours saved.");
  expect(opened.texts('[data-testid="holiday"]')[0]).toMatch(/· Open \d+:\d\d AM - 3:00 PM$/);

  // Inside the booking window the form lists that day's times, to 2:30 PM.
  if (first.date <= addDays(today, 60)) {
    const times = optionTexts(await formForDay(request, first.date), "Preferred Time");
    expect(times.at(-1)).toBe("2:30 PM");
  }
  // The structured data gives it, with the coming closed holidays, to search engines.
  type Special = { validFrom: string; validThrough: string; opens: string; closes: string };
  const specials = jsonLd(await visitor(request).open("/contact")).find(
    (data) => data["@type"] === "LocalBusiness",
  )?.specialOpeningHoursSpecification as Special[];
  expect(specials).toContainEqual(
    expect.objectContaining({ validFrom: first.date, validThrough: first.date, closes: "15:00" }),
  );
  const closedOn = (date: string) =>
    specials.some(
      (special) =>
        special.validFrom <= date &&
        date <= special.validThrough &&
        special.opens === "00:00" &&
        special.closes === "00:00",
    );
  for (const holiday of coming.slice(1).filter((h) => h.date <= addDays(today, 60)))
    expect(closedOn(holiday.date), holiday.date).toBe(true);
});

test("without JavaScript the header says what is true all day, and a closure today shows at once", async () => {
  const before = await visitor(request).open("/");
  expect(before.text("[data-open-now]")).toMatch(
    /^(Open today \d+:\d\d [AP]M - \d+:\d\d [AP]M|Closed today \(.+\))/,
  );
  const today = shopToday();
  await (
    await hoursPage()
  )
    .form("Add Closure")
    .fill({ "First day closed": today, "Reason customers see": "Family emergency" })
    .submit("Add Closure");
  for (const path of ["/", "/contact", "/about"]) {
    const page = await visitor(request).open(path);
    expect(page.text("[data-open-now]"), path).toMatch(
      /^Closed today \(Family emergency\) · opens /,
    );
  }
  // The home page's hero says it too, beside the reviews.
  const home = await visitor(request).open("/");
  expect(home.texts("[data-open-now]")).toHaveLength(2);
  expect(home.text("main")).toMatch(/4\.9 out of 5 from 1,480\+ reviews/);
});
