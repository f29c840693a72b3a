import { expect, test, type APIRequestContext } from "@playwright/test";
import { brand } from "../../app/config/shop";
import { nextWeekday, uniquePhone } from "../e2e/support/booking";
import { staffVisitor, visitor, type HtmlForm, type HtmlPage } from "./support/html-page";
import { formForDay, robin } from "./public-forms-support";

/*
 * The contact form's answers and the booking form's update and review choices, sent as a browser
 * without JavaScript sends them (moved from tests/e2e/pages.spec.ts and texts-and-quotes.spec.ts).
 * The browser keeps closing the toast, its leaving by itself, and the contact form's post with
 * the page script running.
 */

const squashed = (text: string) => text.replace(/\s+/g, " ").trim();

const sentTitle = "Message Sent Successfully!";
const sentDescription = "Thank you for contacting us. We'll get back to you within 24 hours.";

/**
 * Sends a form as the browser sends it, without following the answer: the status and Location
 * are the test's to read. The request context keeps any cookie the answer sets.
 */
async function postUnfollowed(request: APIRequestContext, page: HtmlPage, form: HtmlForm) {
  const url = new URL(page.$(form.element).attr("action") ?? "", page.url);
  return request.fetch(url.pathname + url.search, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: url.origin,
      "sec-fetch-site": "same-origin",
    },
    data: new URLSearchParams(form.fields()).toString(),
    maxRedirects: 0,
  });
}

test.describe("the contact form", () => {
  test("a sent message answers with a redirect and a toast in a live region, once", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const contact = await browsing.open("/contact");
    const form = contact.form("Send Message").fill({
      Name: "Jane Tester",
      Email: "jane.tester@example.com",
      Phone: "905-555-0199",
      Subject: "Repair Inquiry",
      Message: "My phone screen is cracked. How much is a replacement?",
    });
    // Post, redirect, get: reloading the answer never sends the message again.
    const answer = await postUnfollowed(request, contact, form);
    expect(answer.status()).toBe(303);
    const location = answer.headers()["location"] ?? "";
    expect(new URL(location, contact.url).pathname).toBe("/contact");

    const page = await browsing.open(location);
    expect(page.toast()).toEqual({
      type: "success",
      title: sentTitle,
      description: sentDescription,
    });
    const regions = page
      .visible('[role="status"]')
      .filter((region) => page.$(region).find('[data-testid="toast"]').length);
    expect(regions).toHaveLength(1);
    expect(page.$(regions[0]!).attr("aria-live")).toBe("polite");
    // The toast's label closes it through its checkbox (the closing is in the browser spec).
    const dismiss = page.$(page.visible('[data-testid="toast"] label'));
    expect(squashed(dismiss.text())).toBe("Dismiss notification");
    expect(page.$(`input[type="checkbox"][id="${dismiss.attr("for")}"]`).length).toBe(1);

    // The form is fresh for the next message, and the flash is gone on reload.
    expect(page.$(page.control("Message")).text()).toBe("");
    const again = await browsing.open("/contact");
    expect(again.headings(1)).toEqual(["Contact Us"]);
    expect(again.toast()).toBeUndefined();
  });

  test("rejects invalid input and keeps what was typed", async ({ request }) => {
    const contact = await visitor(request).open("/contact");
    expect(contact.headings(1)).toEqual(["Contact Us"]);
    const page = await contact
      .form("Send Message")
      .fill({
        Name: "Jane Tester",
        // Passes the browser's own e-mail check but not the server's.
        Email: "jane@example",
        // Blank but not empty: passes the browser's required check, fails the server's.
        Message: "   ",
        "Send me a copy of this message by e-mail": true,
      })
      .submit("Send Message");
    expect(page.status).toBe(400);
    expect(page.url.pathname).toBe("/contact");

    // The form starts with a summary, focused by the browser on arrival, linking to each field.
    const form = page.$(page.control("Email")).closest("form");
    const summary = form.find("[data-error-summary]").first();
    expect(summary.attr("role")).toBe("alert");
    expect(summary.is("[autofocus]")).toBe(true);
    expect(form.attr("aria-describedby")).toBe(summary.attr("id"));
    const inOrder = form.find("*").toArray();
    expect(inOrder.indexOf(summary.get(0)!)).toBeLessThan(inOrder.indexOf(page.control("Name")));
    expect(
      summary
        .find("a")
        .toArray()
        .map((link) => [squashed(page.$(link).text()), page.$(link).attr("href")]),
    ).toEqual([
      ["Please enter a valid e-mail address.", `#${page.$(page.control("Email")).attr("id")}`],
      ["Please enter a message.", `#${page.$(page.control("Message")).attr("id")}`],
    ]);
    // The copy asked for is still asked for.
    expect(page.$(page.control("Send me a copy of this message by e-mail")).is("[checked]")).toBe(
      true,
    );

    const texts = page.texts("main *");
    expect(texts).toContain("Please enter a valid e-mail address.");
    expect(texts).toContain("Please enter a message.");
    expect(page.$(page.control("Email")).attr("aria-invalid")).toBe("true");
    expect(page.errorOf("Email")).toBe("Please enter a valid e-mail address.");
    expect(page.$(page.control("Message")).attr("aria-invalid")).toBe("true");
    expect(page.errorOf("Message")).toBe("Please enter a message.");
    expect(page.$(page.control("Name")).attr("value")).toBe("Jane Tester");
    expect(page.$(page.control("Name")).attr("aria-invalid")).not.toBe("true");
  });
});

/**
 * The booking form filled in as fillBooking fills it without JavaScript: the date typed, "Show
 * times for this date" pressed, then the rest. Resolves with the form, ready for more choices.
 */
async function filledBooking(request: APIRequestContext, phone: string) {
  const day = await formForDay(request, nextWeekday(), robin(phone));
  return {
    day,
    form: day.form("Book Appointment").fill({ ...robin(phone), "Preferred Time": "15:30" }),
  };
}

const reviewRequest = `Yes, ${brand.name} may ask me for a review once the repair is done (one message, optional).`;
const repairIdOf = (reference: string) => Number(reference.replace("WF-", ""));
const referenceOf = (page: HtmlPage) => page.text('[data-testid="booking-reference"]')!;

/** The staff's page of the repair booked on `confirmation`. */
async function staffRepairPage(request: APIRequestContext, confirmation: HtmlPage) {
  const { landed } = await staffVisitor(
    request,
    `/admin/repairs/${repairIdOf(referenceOf(confirmation))}`,
  );
  return landed;
}

test.describe("texts and consent at booking", () => {
  test("the customer chooses texts and agrees to a review request; staff see both and the confirmation text", async ({
    request,
  }) => {
    const { day, form } = await filledBooking(request, uniquePhone());
    expect(day.$(day.control("E-mail only")).is("[checked]")).toBe(true);
    expect(day.$(day.control(reviewRequest)).is("[checked]")).toBe(false);
    const confirmation = await form
      .fill({ "Text only": true, [reviewRequest]: true })
      .submit("Book Appointment");
    expect(confirmation.url.pathname).toMatch(/^\/book-appointment\/confirmation\//);

    const repair = await staffRepairPage(request, confirmation);
    expect(repair.text('[data-testid="notify-by"]')).toBe("Text");
    expect(repair.text('[data-testid="review-opt-in"]')).toBe("Agreed to be asked");
    expect(
      repair
        .texts('[data-testid="booking-message"]')
        .filter((text) => text.includes("Booking confirmation (Text)")),
    ).toHaveLength(1);
  });

  test("texts need a mobile number: a toll-free number gets a clear message beside the choice, and the booking goes through once fixed", async ({
    request,
  }) => {
    const { form } = await filledBooking(request, "1-800-555-0100");
    const refused = await form.fill({ "Text only": true }).submit("Book Appointment");
    expect(refused.url.pathname).toBe("/book-appointment");
    const updates = refused
      .visible("fieldset")
      .map((fieldset) => refused.$(fieldset))
      .find((fieldset) => squashed(fieldset.children("legend").text()) === "Repair Updates");
    expect(squashed(updates!.text())).toContain(
      "Texts need a mobile number, and (800) 555-0100 is toll-free: it cannot receive texts. Enter your mobile number, or choose E-mail only.",
    );
    expect(refused.$(refused.control("Text only")).is("[checked]")).toBe(true);
    expect(refused.$(refused.control("Phone")).attr("value")).toBe("1-800-555-0100");

    const booked = await refused
      .form("Book Appointment")
      .fill({ Phone: uniquePhone() })
      .submit("Book Appointment");
    expect(booked.url.pathname).toMatch(/^\/book-appointment\/confirmation\//);
  });

  test("an untouched form keeps e-mail only and no review request", async ({ request }) => {
    const { form } = await filledBooking(request, uniquePhone());
    const confirmation = await form.submit("Book Appointment");
    const repair = await staffRepairPage(request, confirmation);
    expect(repair.text('[data-testid="notify-by"]')).toBe("E-mail");
    expect(repair.text('[data-testid="review-opt-in"]')).toBe("Not agreed: never asked");
    expect(
      repair.texts('[data-testid="booking-message"]').filter((text) => text.includes("(Text)")),
    ).toEqual([]);
  });
});
