import { expect, test, type APIRequestContext } from "@playwright/test";
import { contact } from "../../app/config/shop";
import { catalogueRows } from "../../seeds/seed";
import { uniquePhone } from "../e2e/support/booking";
import { waitForMail } from "../e2e/support/mail";
import { HtmlPage, visitor } from "./support/html-page";
import {
  formForDay,
  hrefOf,
  optionTexts,
  robin,
  submissionKeyOf,
  valueOf,
} from "./public-forms-support";

/** Robin's booking, filled in and sent; resolves with the page the browser ends on. */
async function book(request: APIRequestContext, phone: string, time = "15:30") {
  const day = await formForDay(request);
  return day
    .form("Book Appointment")
    .fill({ ...robin(phone), "Preferred Time": time })
    .submit("Book Appointment");
}

const referenceOf = (page: HtmlPage) => page.text('[data-testid="booking-reference"]')!;

test.describe("booking", () => {
  test("books an appointment and shows the reference, tracking link and calendar file", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const blank = await browsing.open("/book-appointment");
    for (const group of ["Personal Information", "Device Information", "Schedule Appointment"])
      expect(blank.texts("fieldset > legend")).toContain(group);
    expect(blank.headings()).toContain("Business Hours");

    const day = await formForDay(request);
    // A weekday: all 17 times and the prompt.
    expect(optionTexts(day, "Preferred Time")).toHaveLength(18);
    const confirmation = await day
      .form("Book Appointment")
      .fill({ ...robin(uniquePhone()), "Preferred Time": "15:30" })
      .submit("Book Appointment");

    expect(confirmation.url.pathname).toMatch(/^\/book-appointment\/confirmation\/[\w-]{32}$/);
    expect(confirmation.headings(1)).toContain("Booking Received!");
    const reference = referenceOf(confirmation);
    expect(reference).toMatch(/^WF-\d{5}$/);

    const ics = await request.get(hrefOf(confirmation, "Add to calendar"));
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    const body = await ics.text();
    expect(body).toContain("DTSTART;TZID=America/Toronto:");
    expect(body).toContain("T153000");
    expect(body).toContain(reference);

    const tracking = await browsing.open(
      confirmation.$('[data-testid="tracking-link"]').attr("href")!,
    );
    expect(tracking.headings()).toContain(reference);
    expect(tracking.text()).toContain("Robin Okafor");
    expect(tracking.text('[data-testid="status-badge"]')).toBe("Received");

    const another = hrefOf(confirmation, "Book Another Appointment");
    expect(another).toBe("/book-appointment");
    expect(valueOf(await browsing.open(another), "First Name")).toBe("");
  });

  test("the form carries the checks the browser makes; the server lists every missing field in a toast, and keeps what was typed", async ({
    request,
  }) => {
    const page = await visitor(request).open("/book-appointment");
    // With or without JavaScript the browser checks the HTML constraints the schema gives
    // (tests/e2e/forms-booking.spec.ts sees it stop at the first one with the page script on).
    for (const label of [
      "First Name",
      "Last Name",
      "Email",
      "Phone",
      "Device Category",
      "Issue Type",
      "Preferred Date",
    ])
      expect(page.$(page.control(label)).is("[required]"), `${label} is required`).toBe(true);
    // The time list is required of the server only: sent with another date and no time, the form
    // comes back with that date's times (the page script, whose list follows the date, makes it
    // required again). Assistive technology still hears it is.
    expect(page.$(page.control("Preferred Time")).is("[required]")).toBe(false);
    expect(page.$(page.control("Preferred Time")).attr("aria-required")).toBe("true");
    expect(page.$(page.control("Email")).attr("type")).toBe("email");
    const form = page
      .form("Book Appointment")
      .fill({ "First Name": "Robin", Email: "not-an-email" });
    await expect(form.submit("Book Appointment")).rejects.toThrow("lastName is required");

    // What the server answers a browser that does not check.
    const submissionKey = submissionKeyOf(page);
    const response = await request.post("/book-appointment", {
      form: { firstName: "Robin", email: "not-an-email", submissionKey },
    });
    expect(response.status()).toBe(400);
    const answer = await HtmlPage.from(request, response);
    expect(answer.toast()?.title).toBe("Missing Information");
    expect(answer.toast()?.description).toContain(
      "Please fill in the following fields: Last Name, Phone, Device Category, Issue Type, Preferred Date, Preferred Time",
    );
    expect(answer.errorOf("Email")).toBe("Please enter a valid e-mail address.");
    expect(valueOf(answer, "First Name")).toBe("Robin");
  });

  test("prefills from the price selector's link, including an issue not in the list", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const page = await browsing.open(
      "/book-appointment?brand=Apple&model=iPhone%2015%20Pro&issue=Screen%20Repair%20(Glass%20and%20LCD)&price=329.99&deviceCategory=Mobile%20Repair%20Service",
    );
    expect(valueOf(page, "Device Category")).toBe("Mobile Repair Service");
    expect(valueOf(page, "Device Brand")).toBe("Apple");
    expect(valueOf(page, "Device Model")).toBe("iPhone 15 Pro");
    expect(valueOf(page, "Issue Type")).toBe("Screen Repair (Glass and LCD)");
    expect(valueOf(page, "Issue Description")).toBe(
      "I want to repair my Apple iPhone 15 Pro for Screen Repair (Glass and LCD). I want to confirm the price, which is 329.99.",
    );
    // The chosen repair and its price, as the catalogue prices it now, lead the form.
    const screen = catalogueRows().find(
      (r) => r.model === "iPhone 15 Pro" && r.repair === "Screen Repair (Glass and LCD)",
    )!;
    const choice = page.$('[data-testid="repair-choice"]');
    expect(choice.find("h2").text()).toBe("Your repair");
    expect(choice.text()).toContain(`Screen Repair (Glass and LCD) — $${screen.price} before HST`);
    expect(choice.text()).toContain("Apple iPhone 15 Pro");
    expect(hrefOf(page, "Choose another repair", choice)).toMatch(
      /^\/services\/mobile\?brand=Apple&.*model=iPhone\+15\+Pro.*#/,
    );
    // A repair the shop quotes is a call; names the catalogue does not hold show no summary.
    const quoted = catalogueRows().find((r) => r.category === "mobile" && r.price === null)!;
    const call = await browsing.open(
      `/book-appointment?${new URLSearchParams({
        brand: quoted.brand,
        model: quoted.model,
        issue: quoted.repair,
        price: "",
        deviceCategory: "Mobile Repair Service",
      })}`,
    );
    expect(
      hrefOf(
        call,
        `Call For Price: ${contact.phone.display}`,
        call.$('[data-testid="repair-choice"]'),
      ),
    ).toBe(contact.phone.href);
    const unknown = await browsing.open(
      "/book-appointment?brand=Apple&model=iPhone%2099&issue=Battery%20Replacement&price=1.00&deviceCategory=Mobile%20Repair%20Service",
    );
    expect(unknown.visible('[data-testid="repair-choice"]')).toEqual([]);

    const unpriced = await browsing.open(
      "/book-appointment?brand=Google&model=Pixel%208&issue=Battery%20Replacement&price=",
    );
    expect(valueOf(unpriced, "Issue Description")).toBe(
      "I want to repair my Google Pixel 8 for Battery Replacement. I want to confirm the price.",
    );
  });

  test("a booking whose response was lost is resubmitted without a second booking", async ({
    request,
  }) => {
    const phone = uniquePhone();
    const form = (await formForDay(request))
      .form("Book Appointment")
      .fill({ ...robin(phone), "Preferred Time": "16:30" });
    // The server stores the booking and its answer never arrives; the browser sends the same form
    // again (a reload of its error page; with the service worker the booking is kept on the phone
    // instead: offline.spec.ts).
    const lost = await form.submit("Book Appointment");
    const again = await form.submit("Book Appointment");
    expect(again.headings(1)).toContain("Booking Received!");
    const reference = referenceOf(again);
    expect(again.url.pathname).toBe(lost.url.pathname);

    // One booking for the number (a phone alone does not show its reference), and it is this one.
    const lookup = (query: Record<string, string>) =>
      request
        .get(`/api/endpoints/track_repair.php?${new URLSearchParams(query)}`)
        .then((answer) => answer.json() as Promise<{ bookings: { reference?: string }[] }>);
    expect((await lookup({ phoneNumber: phone })).bookings).toHaveLength(1);
    const both = await lookup({ phoneNumber: phone, repairId: reference });
    expect(both.bookings.map((b) => b.reference)).toEqual([reference]);
  });

  test("the confirmation e-mail carries the tracking link and the .ics, and the link shows the repair", async ({
    request,
  }) => {
    const phone = uniquePhone();
    const confirmation = await book(request, phone);
    expect(confirmation.headings(1)).toContain("Booking Received!");
    const reference = referenceOf(confirmation);
    const token = confirmation.text('[data-testid="tracking-link"]')!.split("/").at(-1)!;

    const mail = await waitForMail(
      (m) =>
        m.subject === `Your WeFix booking ${reference} is received` && !!m.text?.includes(token),
    );
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("robin.okafor@example.com");
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${reference}.ics`]);
    const link = /https?:\/\/\S+\/track-repair\/[\w-]+/.exec(mail.text ?? "")?.[0];
    expect(link).toContain(token);
    // The shop hears of it too, with a reply going to the customer.
    const alert = await waitForMail(
      (m) =>
        m.subject?.startsWith(`New booking ${reference} `) === true && !!m.text?.includes(phone),
    );
    expect(alert.replyTo?.text).toBe("robin.okafor@example.com");

    const tracking = await visitor(request).open(link!);
    expect(tracking.headings()).toContain(reference);
    expect(tracking.text()).toContain("Robin Okafor");
    expect(tracking.text('[data-testid="status-badge"]')).toBe("Received");
  });
});
