import type { APIRequestContext, Page } from "@playwright/test";
import { formatLongDate } from "../../app/utils/shop-time";
import { expect, test } from "./fixtures";
import { bookingPayload } from "./support/api";
import { nextWeekday, uniquePhone } from "./support/booking";
import { startServer, type ServerProcess } from "./support/server-process";

/** The first Sunday at least `daysAhead` days ahead, whatever today is. */
function nextSunday(daysAhead = 2) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const sundayTimes = [
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

const timeList = (page: Page) => page.getByLabel("Preferred Time");
const dateStep = (page: Page) => page.getByRole("button", { name: "Show times for this date" });

/** Opens the form; with JavaScript, waits until it runs (the date step is gone then). */
async function openForm(page: Page, jsEnabled: boolean, origin = "") {
  await page.goto(`${origin}/book-appointment`);
  if (jsEnabled) await expect(dateStep(page)).toHaveCount(0);
}

/**
 * Picks a date as a visitor would: with JavaScript the list follows; without, the date step posts
 * the form.
 */
async function chooseDate(page: Page, jsEnabled: boolean, date: string) {
  await page.getByLabel("Preferred Date").fill(date);
  if (!jsEnabled) await dateStep(page).click();
  await expect(page.getByText(`${formatLongDate(date)}.`)).toBeVisible();
}

async function renderedKey(request: APIRequestContext, url: string) {
  return /name="submissionKey" value="([^"]+)"/.exec(await (await request.get(url)).text())![1]!;
}

/** The booking form as a browser posts it, without the time list's say. */
const formFields = (overrides: Record<string, string>, submissionKey: string) =>
  Object.fromEntries(
    Object.entries({ ...bookingPayload(overrides), submissionKey }).map(([name, value]) => [
      name,
      String(value),
    ]),
  );

test.describe("bookable times", () => {
  test("a Sunday lists only 11:00 AM to 4:30 PM", async ({ page, jsEnabled }) => {
    await openForm(page, jsEnabled);
    await chooseDate(page, jsEnabled, nextSunday());
    await expect(timeList(page).locator("option")).toHaveText(["Select a time", ...sundayTimes]);
    await expect(page.getByText(`Times for ${formatLongDate(nextSunday())}.`)).toHaveAttribute(
      "aria-live",
      "polite",
    );
  });

  test("the date step keeps what was typed, shows no messages and lands at the schedule", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(jsEnabled, "with JavaScript the list follows the date by itself");
    await openForm(page, jsEnabled);
    await page.getByLabel("First Name").fill("Robin");
    await page.getByLabel("Email").fill("robin@");
    await page.getByLabel("Device Category").selectOption("Tablet Repair");
    await chooseDate(page, jsEnabled, nextSunday());

    await expect(page).toHaveURL(/\/book-appointment#schedule$/);
    await expect(page.getByRole("group", { name: "Schedule Appointment" })).toBeInViewport();
    await expect(page.getByLabel("First Name")).toHaveValue("Robin");
    await expect(page.getByLabel("Email")).toHaveValue("robin@");
    await expect(page.getByLabel("Device Category")).toHaveValue("Tablet Repair");
    await expect(page.getByLabel("Preferred Date")).toHaveValue(nextSunday());
    await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await expect(timeList(page).locator("option")).toHaveText(["Select a time", ...sundayTimes]);

    // Enter in a field books rather than taking the date step again: the browser stops at the first
    // empty field.
    await page.getByLabel("First Name").press("Enter");
    await expect(page.getByLabel("Last Name")).toBeFocused();
  });

  test("with JavaScript the list follows the date, keeps a time still open, and falls back to opening hours offline", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "the date step covers this without JavaScript");
    let pagePosts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") pagePosts += 1;
    });
    const weekday = nextWeekday();
    await openForm(page, jsEnabled);
    await chooseDate(page, jsEnabled, weekday);
    await expect(timeList(page).locator("option")).toHaveCount(18);
    await timeList(page).selectOption("15:30");
    await chooseDate(page, jsEnabled, nextSunday());
    await expect(timeList(page)).toHaveValue("15:30");
    await timeList(page).selectOption("11:00");
    await chooseDate(page, jsEnabled, weekday);
    await expect(timeList(page)).toHaveValue("11:00");
    await timeList(page).selectOption("18:00");
    await chooseDate(page, jsEnabled, nextSunday(9));
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

  test("a closed time posted directly is refused with the message", async ({ page, request }) => {
    await page.goto("/book-appointment");
    const submissionKey = await page.locator('input[name="submissionKey"]').inputValue();
    const answer = await request.post("/book-appointment", {
      form: formFields({ preferredDate: nextSunday(), preferredTime: "10:00" }, submissionKey),
    });
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain(
      "We&#x27;re closed at that time on the chosen day. Please pick a time within our opening hours.",
    );
    const json = await request.post("/api/endpoints/submit_booking.php", {
      data: bookingPayload({ preferredDate: nextSunday(), preferredTime: "5:00 PM" }),
    });
    expect(json.status()).toBe(422);
    expect(
      ((await json.json()) as { errors: Record<string, string[]> }).errors.preferredTime?.[0],
    ).toMatch(/closed at that time/);
  });

  test("the availability route answers a bad date with 400 and a message", async ({ request }) => {
    const bad = await request.get("/book-appointment/availability?date=next-sunday");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ message: "Please give the date as date=YYYY-MM-DD." });
    const good = await request.get(`/book-appointment/availability?date=${nextSunday()}`);
    expect(good.headers()["cache-control"]).toBe("no-store");
    expect(((await good.json()) as { slots: unknown[] }).slots).toHaveLength(12);
  });
});

test.describe("full slots, on a server whose slots hold one booking", () => {
  test.describe.configure({ mode: "serial" });
  let server: ServerProcess;
  test.beforeAll(async () => {
    // A server of its own may take up to startServer's minute to start on a busy machine.
    test.setTimeout(90_000);
    server = await startServer({
      PGLITE_DIR: "memory://",
      BOOKING_SLOT_CAPACITY: "1",
      RATE_LIMIT_SUBMIT_PER_MIN: "1000",
      LOG_LEVEL: "silent",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const bookApi = (request: APIRequestContext, date: string, time: string) =>
    request.post(`${server.url}/api/endpoints/submit_booking.php`, {
      data: bookingPayload({ preferredDate: date, preferredTime: time }),
    });

  test("a booked slot is marked full and cannot be chosen; posted anyway, both doors refuse it", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const date = nextWeekday(3);
    expect((await bookApi(request, date, "14:00")).status()).toBe(201);

    await openForm(page, jsEnabled, server.url);
    await chooseDate(page, jsEnabled, date);
    await expect(page.getByRole("option", { name: "2:00 PM — full" })).toBeDisabled();
    await expect(page.getByRole("option", { name: "2:30 PM", exact: true })).toBeEnabled();

    const key = await renderedKey(request, `${server.url}/book-appointment`);
    const form = await request.post(`${server.url}/book-appointment`, {
      form: formFields({ preferredDate: date, preferredTime: "14:00" }, key),
    });
    expect(form.status()).toBe(409);
    expect(await form.text()).toContain(
      "This time slot is fully booked. Please choose another time.",
    );
    const json = await bookApi(request, date, "2:00 PM");
    expect(json.status()).toBe(409);
    expect(
      ((await json.json()) as { errors: Record<string, string[]> }).errors.preferredTime,
    ).toEqual(["This time slot is fully booked. Please choose another time."]);
  });

  test("a day without a free time offers the next ones, and one tap sets date and time", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const sunday = nextSunday(9);
    const monday = dayAfter(sunday);
    for (const label of sundayTimes)
      expect((await bookApi(request, sunday, label)).status()).toBe(201);

    await openForm(page, jsEnabled, server.url);
    await page.getByLabel("First Name").fill("Robin");
    await chooseDate(page, jsEnabled, sunday);
    await expect(
      page.getByText(`No free times on ${formatLongDate(sunday)}. The next free times:`),
    ).toBeVisible();
    await expect(timeList(page).locator("option:not([disabled])")).toHaveText([
      "No free times on this day",
    ]);
    const offers = page.getByRole("list", { name: "Next free times" }).getByRole("button");
    await expect(offers).toHaveCount(3);
    const monthDay = new Intl.DateTimeFormat("en-CA", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${monday}T12:00:00Z`));
    await expect(offers.first()).toHaveText(`${monthDay}, 10:00 AM`);

    await offers.first().click();
    await expect(page.getByLabel("Preferred Date")).toHaveValue(monday);
    await expect(timeList(page)).toHaveValue("10:00");
    await expect(page.getByLabel("First Name")).toHaveValue("Robin");
    if (!jsEnabled) await expect(page).toHaveURL(/#schedule$/);

    // And the rest of the form books it.
    await page.getByLabel("Last Name").fill("Okafor");
    await page.getByLabel("Email").fill("robin.okafor@example.com");
    await page.getByLabel("Phone").fill(uniquePhone());
    await page.getByLabel("Device Category").selectOption("Mobile Repair Service");
    await page.getByLabel("Issue Type").selectOption("Battery Replacement");
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  });
});
