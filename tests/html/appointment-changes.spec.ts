import { expect, test, type APIRequestContext } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { nextWeekday, uniquePhone } from "../e2e/support/booking";
import { waitForMail } from "../e2e/support/mail";
import { visitor, type HtmlPage } from "./support/html-page";
import { formForDay, hrefOf, nameOf, optionTexts, robin } from "./public-forms-support";

/*
 * The appointment in view on the confirmation and every way of tracking, and moving or cancelling
 * it from its secret link, as a browser without JavaScript does (decisions 0056 and 0057). The
 * rules behind them (capacity, cut-off, concurrency, reminders) are tested in
 * tests/integration/appointment-changes.test.ts.
 */

const directions = "https://www.google.com/maps/dir/?api=1&destination=";

/** Robin's booking through the form without JavaScript: the confirmation page it ends on. */
async function book(request: APIRequestContext, date = nextWeekday(), time = "15:30") {
  const day = await formForDay(request, date);
  const confirmation = await day
    .form("Book Appointment")
    .fill({ ...robin(uniquePhone()), "Preferred Time": time })
    .submit("Book Appointment");
  const token = /\/confirmation\/([\w-]+)$/.exec(confirmation.url.pathname)![1]!;
  return { confirmation, token, phone: robin("").Phone };
}

const appointmentOf = (page: HtmlPage) => page.text('[data-testid="appointment"] dd');

test.describe("the appointment in view", () => {
  test("the confirmation shows the appointment, the shop with directions, and the real change and cancel", async ({
    request,
  }) => {
    const { confirmation, token } = await book(request);
    expect(appointmentOf(confirmation)).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at 3:30 PM$/);
    expect(hrefOf(confirmation, /^Get directions/)).toMatch(
      new RegExp(`^${directions.replace(/[?.]/g, "\\$&")}`),
    );
    expect(confirmation.text('[data-testid="shop-directions"]')).toContain("240 Lakeshore Rd E");
    // Robin's repair is on the price list: its price there is the price quoted, on every page.
    const price = confirmation.text('[data-testid="quoted-price"] dd');
    expect(price).toMatch(/^\$\d+\.\d\d before tax$/);
    const tracked = await visitor(request).open(`/track-repair/${token}`);
    expect(tracked.text('[data-testid="quoted-price"] dd')).toBe(price);
    expect(hrefOf(confirmation, "Change the time")).toBe(`/track-repair/${token}/reschedule`);
    expect(hrefOf(confirmation, "Cancel booking")).toBe(`/track-repair/${token}/cancel`);
    expect(confirmation.text('[data-testid="appointment-actions"]')).toContain(
      "You can move or cancel your appointment here until 2 hours before it.",
    );
  });

  test("every way of tracking shows the steps, the expected date and the shop; the appointment where the lookup allows", async ({
    request,
  }) => {
    const booked = await bookViaApi(request, { preferredTime: "2:30 PM" });
    const track = (fields: Record<string, string>) =>
      visitor(request)
        .open("/track-repair")
        .then((page) => page.form("Track Repair").fill(fields).submit("Track Repair"));
    const byReference = await track({ "Repair ID": booked.reference });
    const byPhone = await track({ "Phone Number": booked.phone });
    const byBoth = await track({ "Repair ID": booked.reference, "Phone Number": booked.phone });
    for (const page of [byReference, byPhone, byBoth]) {
      expect(page.status).toBe(200);
      expect(appointmentOf(page)).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at 2:30 PM$/);
      const steps = page.$('[data-testid="repair-progress"] li');
      expect(steps.toArray().map((step) => nameOf(page, step))).toEqual([
        "Received (now)",
        "Diagnosing (to come)",
        "Repairing (to come)",
        "Ready (to come)",
        "Picked up (to come)",
      ]);
      expect(nameOf(page, page.$('[aria-current="step"]').get(0)!)).toBe("Received (now)");
      expect(page.text('[data-testid="expected-ready"]')).toBe(
        "Expected ready: we'll confirm the date after diagnosis",
      );
      expect(hrefOf(page, /^Get directions/)).toContain(directions);
      // Moving and cancelling are for the secret link.
      expect(page.texts('[data-testid="appointment-actions"]')).toEqual([]);
    }
  });

  test("the secret link shows the appointment and offers to change or cancel it", async ({
    request,
  }) => {
    const { token } = await book(request);
    const page = await visitor(request).open(`/track-repair/${token}`);
    expect(appointmentOf(page)).toMatch(/ at 3:30 PM$/);
    expect(hrefOf(page, "Change the time")).toBe(`/track-repair/${token}/reschedule`);
    expect(hrefOf(page, "Cancel booking")).toBe(`/track-repair/${token}/cancel`);
  });
});

test.describe("moving the appointment without JavaScript", () => {
  test("shows another day's times, moves it, and every page and file follows the new time", async ({
    request,
  }) => {
    const { token } = await book(request);
    const browsing = visitor(request);
    const page = await browsing.open(`/track-repair/${token}/reschedule`);
    expect(page.status).toBe(200);
    expect(page.header("cache-control")).toBe("private, no-store");
    // The secret stays on this site: browsers apply the last policy listed.
    expect(page.header("referrer-policy")).toMatch(/, same-origin$/);
    expect(page.headings(1)).toEqual(["Change your appointment"]);
    expect(page.text('[data-testid="current-appointment"]')).toMatch(/ at 3:30 PM$/);

    const newDay = nextWeekday(9);
    const withTimes = await page
      .form("Move my appointment")
      .fill({ "Preferred Date": newDay })
      .submit("Show times for this date");
    expect(withTimes.status).toBe(200);
    expect(withTimes.$('input[name="preferredDate"]').attr("value")).toBe(newDay);
    expect(optionTexts(withTimes, "Preferred Time")).toContain("11:30 AM");

    const moved = await withTimes
      .form("Move my appointment")
      .fill({ "Preferred Time": "11:30" })
      .submit("Move my appointment");
    expect(moved.url.pathname).toBe(`/track-repair/${token}`);
    expect(moved.toast()).toMatchObject({ title: "Appointment moved" });
    expect(appointmentOf(moved)).toMatch(/ at 11:30 AM$/);
    expect(moved.text('[aria-label="Status history"]')).toMatch(
      /Rescheduled by the customer from \w{3}, \w{3} \d{1,2}, 3:30 PM to \w{3}, \w{3} \d{1,2}, 11:30 AM\./,
    );

    const confirmation = await browsing.open(`/book-appointment/confirmation/${token}`);
    expect(appointmentOf(confirmation)).toMatch(/ at 11:30 AM$/);
    const ics = await (await request.get(hrefOf(confirmation, "Add to calendar"))).text();
    expect(ics).toContain(`DTSTART;TZID=America/Toronto:${newDay.replaceAll("-", "")}T113000`);
    expect(ics).toContain("SEQUENCE:1");

    const mail = await waitForMail(
      (message) => !!message.subject?.includes("is moved") && !!message.text?.includes(token),
    );
    expect(mail.text).toMatch(/Was: .+ at 3:30 PM/);
  });

  test("a page drawn before another change is refused with what the booking is now; the same time is refused at its field", async ({
    request,
  }) => {
    const { token } = await book(request);
    const browsing = visitor(request);
    const first = await browsing.open(`/track-repair/${token}/reschedule`);
    const second = await browsing.open(`/track-repair/${token}/reschedule`);
    await first
      .form("Move my appointment")
      .fill({ "Preferred Time": "16:00" })
      .submit("Move my appointment");

    const refused = await second
      .form("Move my appointment")
      .fill({ "Preferred Time": "17:00" })
      .submit("Move my appointment");
    expect(refused.status).toBe(409);
    expect(refused.alerts()[0]).toMatch(
      /^Your booking changed while this page was open, so nothing was changed\. It is now .+ at 4:00 PM \(Pending\)\./,
    );
    expect(refused.toast()).toMatchObject({ title: "Nothing was changed" });
    // The page comes back at the booking's version now, the choice kept: sent again, it goes.
    expect(refused.$('select[name="preferredTime"] option[selected]').attr("value")).toBe("17:00");
    const again = await refused.form("Move my appointment").submit("Move my appointment");
    expect(again.toast()).toMatchObject({ title: "Appointment moved" });

    const same = await (
      await browsing.open(`/track-repair/${token}/reschedule`)
    )
      .form("Move my appointment")
      .fill({ "Preferred Time": "17:00" })
      .submit("Move my appointment");
    expect(same.status).toBe(400);
    expect(same.errorOf("Preferred Time")).toBe(
      "That is your appointment's time already. Please choose another time.",
    );
  });
});

test.describe("cancelling without JavaScript", () => {
  test("asks first, cancels, and every page says so; a move is then refused with a way to book again", async ({
    request,
  }) => {
    const { token } = await book(request);
    const browsing = visitor(request);
    const question = await browsing.open(`/track-repair/${token}/cancel`);
    expect(question.headings(1)).toEqual(["Cancel your booking?"]);
    expect(hrefOf(question, "Keep my booking")).toBe(`/track-repair/${token}`);

    const cancelled = await question
      .form("Yes, cancel my booking")
      .submit("Yes, cancel my booking");
    expect(cancelled.url.pathname).toBe(`/track-repair/${token}`);
    expect(cancelled.toast()?.title).toBe("Booking cancelled");
    expect(cancelled.text('[data-testid="status-badge"]')).toBe("Cancelled");
    expect(cancelled.texts('[data-testid="repair-progress"]')).toEqual([]);
    expect(cancelled.text('[aria-label="Status history"]')).toContain("Cancelled by the customer.");

    const confirmation = await browsing.open(`/book-appointment/confirmation/${token}`);
    expect(confirmation.headings(1)).toEqual(["Booking cancelled"]);
    const ics = await (await request.get(hrefOf(confirmation, "Remove from calendar"))).text();
    expect(ics).toContain("METHOD:CANCEL");

    const move = await browsing.open(`/track-repair/${token}/reschedule`);
    expect(move.texts("form")).toEqual([]);
    expect(move.text('[data-testid="change-closed"]')).toBe(
      "This booking is cancelled. To come in another time, please make a new booking.",
    );
    expect(hrefOf(move, "To come in another time, please make a new booking.")).toBe(
      "/book-appointment",
    );
  });

  test("a wrong or unknown link gets the tracking page's answer", async ({ request }) => {
    for (const path of ["reschedule", "cancel"])
      for (const token of ["abcdefghijklmnopqrstuvwxyz012345", "no"]) {
        const page = await visitor(request).open(`/track-repair/${token}/${path}`);
        expect(page.status).toBe(404);
        expect(page.text("main")).toContain(
          "Repair not found. Please check the ID/Phone Number and try again.",
        );
      }
  });
});
