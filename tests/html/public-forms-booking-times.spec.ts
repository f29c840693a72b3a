import { expect, test, type APIRequestContext } from "@playwright/test";
import { formatLongDate } from "../../app/utils/shop-time";
import { bookingPayload } from "../e2e/support/api";
import {
  dayAfter,
  nextSunday,
  nextWeekday,
  shortDay,
  sundayTimes,
  uniquePhone,
} from "../e2e/support/booking";
import { oneBookingServer } from "../e2e/support/one-booking-server";
import { HtmlPage, visitor } from "./support/html-page";
import {
  bookingFormFields,
  nameOf,
  optionTexts,
  submissionKeyOf,
  valueOf,
} from "./public-forms-support";

/**
 * The booking form's times as a browser without JavaScript gets them: "Show times for this date"
 * posts the form as typed and the page comes back with that day's list. What the page script does
 * instead (the list follows the date in place) is tests/e2e/booking-times.spec.ts.
 */

/** The date typed (with anything else) and the date step pressed. */
async function chooseDate(
  request: APIRequestContext,
  date: string,
  fields: Record<string, string> = {},
) {
  const blank = await visitor(request).open("/book-appointment");
  const page = await blank
    .form("Book Appointment")
    .fill({ ...fields, "Preferred Date": date })
    .submit("Show times for this date");
  expect(page.text()).toContain(`${formatLongDate(date)}.`);
  return page;
}

/** The time list's options, each with whether it can be chosen. */
const timeOptions = (page: HtmlPage) =>
  page
    .$(page.control("Preferred Time"))
    .find("option")
    .toArray()
    .map((option) => ({ text: nameOf(page, option), disabled: page.$(option).is("[disabled]") }));

/**
 * The error summary a refused form starts with, as its messages and the ids their links lead to,
 * after checking that it comes first in the form, is the form's description and takes the
 * browser's focus when the page loads.
 */
function errorSummary(page: HtmlPage) {
  const form = page.$(page.control("First Name")).closest("form");
  const [summary, ...others] = page.visible("[data-error-summary]");
  expect(others).toEqual([]);
  const $summary = page.$(summary!);
  expect($summary.attr("role")).toBe("alert");
  expect($summary.is("[autofocus]")).toBe(true);
  expect($summary.attr("tabindex")).toBe("-1");
  expect(form.attr("aria-describedby")).toBe($summary.attr("id"));
  // Nothing the visitor sees comes before it in the form (cheerio lists in document order).
  const inOrder = form.find("*").toArray();
  const before = inOrder
    .slice(0, inOrder.indexOf(summary!))
    .filter((element) =>
      page.$(element).is("fieldset, input:not([type=hidden]), select, textarea, section"),
    )
    .filter((element) => !page.$(element).closest('[aria-hidden="true"], [hidden]').length);
  expect(before).toEqual([]);
  return $summary
    .find("a")
    .toArray()
    .map((link) => ({
      message: nameOf(page, link),
      target: page.$(link).attr("href")!.replace(/^#/, ""),
    }));
}

test.describe("bookable times", () => {
  test("a Sunday lists only 11:00 AM to 4:30 PM", async ({ request }) => {
    const sunday = nextSunday();
    const page = await chooseDate(request, sunday);
    expect(optionTexts(page, "Preferred Time")).toEqual(["Select a time", ...sundayTimes]);
    const note = page
      .visible("[data-schedule-note]")
      .map((element) => page.$(element))
      .find((element) => element.text().trim() === `Times for ${formatLongDate(sunday)}.`);
    expect(note?.attr("aria-live")).toBe("polite");
  });

  test("the date step keeps what was typed, shows no messages and lands at the schedule", async ({
    request,
  }) => {
    const sunday = nextSunday();
    const page = await chooseDate(request, sunday, {
      "First Name": "Robin",
      Email: "robin@",
      "Device Category": "Tablet Repair",
    });
    expect(page.status).toBe(200);
    // The step posts to the form's own address at #schedule, where the browser opens the answer.
    const step = page
      .visible("button")
      .find((button) => nameOf(page, button) === "Show times for this date")!;
    expect(page.$(step).attr("formaction")).toBe("/book-appointment#schedule");
    expect(page.$(step).is("[formnovalidate]")).toBe(true);
    expect(page.text("#schedule > legend")).toBe("Schedule Appointment");

    expect(valueOf(page, "First Name")).toBe("Robin");
    expect(valueOf(page, "Email")).toBe("robin@");
    expect(valueOf(page, "Device Category")).toBe("Tablet Repair");
    expect(valueOf(page, "Preferred Date")).toBe(sunday);
    expect(page.visible("[aria-invalid=true]")).toEqual([]);
    expect(page.toast()).toBeUndefined();
    expect(optionTexts(page, "Preferred Time")).toEqual(["Select a time", ...sundayTimes]);

    // Enter in a field presses the form's first button, which books rather than taking the date
    // step again: the browser stops at the first empty required field.
    await expect(page.form("Book Appointment").submit()).rejects.toThrow("lastName is required");
  });

  test("Book Appointment sent with another date and no time comes back with that date's times and the summary", async ({
    request,
  }) => {
    // The form as first drawn lists another day's times; the visitor types a Sunday and books.
    const blank = await visitor(request).open("/book-appointment");
    const sunday = nextSunday();
    expect(blank.$(blank.control("Preferred Time")).is("[required]")).toBe(false);
    const answer = await blank
      .form("Book Appointment")
      .fill({
        "First Name": "Robin",
        "Last Name": "Okafor",
        Email: "robin.okafor@example.com",
        Phone: uniquePhone(),
        "Device Category": "Mobile Repair Service",
        "Issue Type": "Battery Replacement",
        "Preferred Date": sunday,
      })
      .submit("Book Appointment");
    expect(answer.status).toBe(400);
    expect(optionTexts(answer, "Preferred Time")).toEqual(["Select a time", ...sundayTimes]);
    expect(answer.text()).toContain(`Times for ${formatLongDate(sunday)}.`);
    const time = answer.$(answer.control("Preferred Time")).attr("id");
    expect(errorSummary(answer)).toEqual([
      { message: answer.errorOf("Preferred Time"), target: time },
    ]);
    expect(valueOf(answer, "Preferred Date")).toBe(sunday);
    expect(valueOf(answer, "Last Name")).toBe("Okafor");
  });

  test("a form missing several fields starts with a summary linking to each", async ({
    request,
  }) => {
    const page = await visitor(request).open("/book-appointment");
    const answer = await page
      .form("Book Appointment")
      .fill({ "First Name": "Robin", Email: "not-an-email" })
      .submit("Book Appointment", { unchecked: true });
    expect(answer.status).toBe(400);
    const summary = errorSummary(answer);
    for (const label of ["Last Name", "Email", "Phone", "Preferred Time"]) {
      const id = answer.$(answer.control(label)).attr("id");
      expect(summary, label).toContainEqual({ message: answer.errorOf(label), target: id });
    }
    // Every link leads to a control on the page.
    for (const { target } of summary) expect(answer.$(`[id="${target}"]`).length, target).toBe(1);
  });

  test("a closed time posted directly is refused with the message", async ({ request }) => {
    const submissionKey = submissionKeyOf(await visitor(request).open("/book-appointment"));
    const response = await request.post("/book-appointment", {
      form: bookingFormFields(
        { preferredDate: nextSunday(), preferredTime: "10:00" },
        submissionKey,
      ),
    });
    expect(response.status()).toBe(400);
    const closed =
      "We're closed at that time on the chosen day. Please pick a time within our opening hours.";
    const answer = await HtmlPage.from(request, response);
    // The message is in view where the page opens: the form starts with its error summary, which
    // the browser focuses (and so scrolls to) by itself, and which links to the time list.
    expect(errorSummary(answer)).toEqual([
      { message: closed, target: answer.$(answer.control("Preferred Time")).attr("id") },
    ]);
    expect(answer.errorOf("Preferred Time")).toBe(closed);
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
  const server = oneBookingServer();

  test("a booked slot is marked full and cannot be chosen; posted anyway, both doors refuse it", async () => {
    const date = nextWeekday(3);
    expect((await server.book(date, "14:00")).status()).toBe(201);

    const page = await chooseDate(server.shop(), date);
    const options = timeOptions(page);
    expect(options).toContainEqual({ text: "2:00 PM — full", disabled: true });
    expect(options).toContainEqual({ text: "2:30 PM", disabled: false });

    const response = await server.shop().post("/book-appointment", {
      form: bookingFormFields(
        { preferredDate: date, preferredTime: "14:00" },
        submissionKeyOf(page),
      ),
    });
    expect(response.status()).toBe(409);
    expect((await HtmlPage.from(server.shop(), response)).errorOf("Preferred Time")).toBe(
      "This time slot is fully booked. Please choose another time.",
    );
    const json = await server.book(date, "2:00 PM");
    expect(json.status()).toBe(409);
    expect(
      ((await json.json()) as { errors: Record<string, string[]> }).errors.preferredTime,
    ).toEqual(["This time slot is fully booked. Please choose another time."]);
  });

  test("a day without a free time offers the next ones, and one tap sets date and time", async () => {
    const sunday = nextSunday(9);
    const monday = dayAfter(sunday);
    for (const label of sundayTimes) expect((await server.book(sunday, label)).status()).toBe(201);

    const page = await chooseDate(server.shop(), sunday, { "First Name": "Robin" });
    expect(page.text()).toContain(
      `No free times on ${formatLongDate(sunday)}. The next free times:`,
    );
    expect(timeOptions(page).filter((option) => !option.disabled)).toEqual([
      { text: "No free times on this day", disabled: false },
    ]);
    const offers = page
      .visible('ul[aria-label="Next free times"] button')
      .map((button) => page.$(button));
    expect(offers).toHaveLength(3);
    const monthDay = shortDay(monday);
    expect(offers[0]!.text().trim()).toBe(`${monthDay}, 10:00 AM`);
    // Like the date step, an offer brings the page back at the schedule.
    expect(offers[0]!.attr("formaction")).toBe("/book-appointment#schedule");

    const offered = await page.form("Book Appointment").submit(`${monthDay}, 10:00 AM`);
    expect(valueOf(offered, "Preferred Date")).toBe(monday);
    expect(valueOf(offered, "Preferred Time")).toBe("10:00");
    expect(valueOf(offered, "First Name")).toBe("Robin");

    // And the rest of the form books it.
    const booked = await offered
      .form("Book Appointment")
      .fill({
        "Last Name": "Okafor",
        Email: "robin.okafor@example.com",
        Phone: uniquePhone(),
        "Device Category": "Mobile Repair Service",
        "Issue Type": "Battery Replacement",
      })
      .submit("Book Appointment");
    expect(booked.headings(1)).toContain("Booking Received!");
  });
});
