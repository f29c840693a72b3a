import { expect, test } from "@playwright/test";
import { addDays, shopToday } from "~/utils/shop-time";
import { bookViaApi } from "../e2e/support/api";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/*
 * A quote from staff to the customer and the customer's one answer on the tracking page, as
 * browsers without JavaScript send them (moved from tests/e2e/texts-and-quotes.spec.ts). The
 * browser keeps the buttons waiting while the answer is on its way, where the answer shows, and
 * the staff's quote form with the admin's script.
 */

const button = (word: "approve" | "decline") =>
  word === "approve" ? "Approve the quote" : "Decline the quote";

const toastText = (page: HtmlPage) => page.text('[data-testid="toast"]') ?? "";

/** The dashboard's line for this repair's quote. */
const dashboardQuote = (page: HtmlPage, reference: string) =>
  page.texts('[data-testid="dashboard-quote"]').filter((line) => line.includes(reference));

for (const answer of ["approve", "decline"] as const) {
  const past = `${answer}d`;
  const other = answer === "approve" ? "decline" : "approve";

  test(`staff send a quote, the customer ${past} it on the tracking page once, staff see the answer`, async ({
    request,
    playwright,
    baseURL,
  }) => {
    const { id, reference } = await bookViaApi(request, { notifyBy: "both" });
    const staff = await staffVisitor(request, `/admin/repairs/${id}`);
    const sent = await staff.landed
      .form("Send Quote")
      .fill({
        "Amount (CAD, before tax)": "149.99",
        "What it covers": "Keyboard replacement and cleaning",
        "Valid until": addDays(shopToday(), 7),
      })
      .submit("Send Quote");
    expect(toastText(sent)).toContain("Quote sent to the customer.");
    expect(sent.text('[data-testid="staff-quote-state"]')).toBe("Waiting for the customer");
    expect(dashboardQuote(await staff.open("/admin/dashboard"), reference)).toEqual([
      expect.stringContaining("Waiting"),
    ]);
    const [trackingLink] = sent
      .visible("a")
      .filter((a) => /Open tracking page/.test(sent.$(a).text()));
    const trackingPath = sent.$(trackingLink!).attr("href")!;

    // The customer, with a cookie jar of their own, with the tracking page open twice: the
    // second copy's answer comes too late.
    const customerRequest = await playwright.request.newContext({ baseURL });
    const customer = visitor(customerRequest);
    // A link in a message sent before the quote moved onto the tracking page still leads there.
    const old = await customerRequest.get(`${trackingPath}/quote`, { maxRedirects: 0 });
    expect(old.status()).toBe(302);
    expect(old.headers()["location"]).toBe(`${trackingPath}#quote`);
    const [first, second] = [await customer.open(trackingPath), await customer.open(trackingPath)];
    const quote = first.text('[data-testid="quote"]');
    expect(quote).toContain("$149.99 before tax");
    expect(quote).toContain("Keyboard replacement and cleaning");

    const answered = await first.form(button(answer)).submit(button(answer));
    expect(toastText(answered)).toContain(
      answer === "approve"
        ? "Thank you: you approved the quote. We'll go ahead with the repair."
        : "You declined the quote. We'll be in touch about your device.",
    );
    expect(answered.url.pathname).toBe(trackingPath);
    expect(answered.text('[data-testid="quote-answer"]')).toContain(`You ${past} this quote on`);
    expect(answered.$('[data-testid="quote"] button').length).toBe(0);
    expect(answered.text('section[aria-label="Status history"]')).toContain(
      answer === "approve" ? "You approved the quote" : "You declined the quote",
    );
    // Either answer leaves the status to staff (QUOTE_APPROVAL_STARTS_REPAIR is off by default).
    expect(answered.text('[data-testid="status-badge"]')).toBe("Received");

    const late = await second.form(button(other)).submit(button(other));
    expect(toastText(late)).toMatch(
      new RegExp(`This quote was already ${past} \\(.+\\)\\. Only the first answer counts`),
    );
    expect(late.text('[data-testid="quote-answer"]')).toContain(`You ${past} this quote on`);
    await customerRequest.dispose();

    const repair = await staff.open(`/admin/repairs/${id}`);
    expect(repair.text('[data-testid="staff-quote-state"]')).toMatch(
      new RegExp(`^${answer === "approve" ? "Approved" : "Declined"} `),
    );
    expect(
      repair
        .texts('[data-testid="booking-message"]')
        .filter((text) => text.includes("Quote answered (to the shop)")),
    ).toHaveLength(1);
    expect(
      repair
        .texts('[data-testid="history-entry"]')
        .filter(
          (text) =>
            text.includes(`You ${past} the quote`) && text.includes("by Customer (tracking link)"),
        ),
    ).toHaveLength(1);
    expect(dashboardQuote(await staff.open("/admin/dashboard"), reference)).toEqual([
      expect.stringContaining(answer === "approve" ? "Approved" : "Declined"),
    ]);
  });
}
