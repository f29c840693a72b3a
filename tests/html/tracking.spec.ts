import { expect, test } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { visitor, type HtmlPage } from "./support/html-page";

/** The booking's personal data as bookViaApi sends it, in every spelling a page could show. */
function personalTraces(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return [
    /\bSam\b/,
    /Tremblay/,
    /\bT\./,
    /sam\.tremblay/i,
    /@example\.com/,
    /Several keys stopped working/,
    new RegExp(digits),
    new RegExp(digits.slice(3)),
    /\*\*\*/,
  ];
}

/** What the cards say, where no phone number of any form may appear without the visitor's own phone. */
function expectCardsWithoutPersonalData(page: HtmlPage, phone: string) {
  const cards = page.texts("article");
  expect(cards.length).toBeGreaterThan(0);
  for (const text of cards) {
    for (const trace of personalTraces(phone)) expect(text).not.toMatch(trace);
    expect(text).not.toMatch(/\(\d{3}\)|\d{3}[-. ]\d{4}/);
  }
  expect(page.texts('[data-testid="personal-details-hidden"]').length).toBeGreaterThan(0);
  expect(page.texts('[data-testid="personal-details"]')).toEqual([]);
}

async function track(
  request: Parameters<typeof visitor>[0],
  fields: { repairId?: string; phone?: string },
) {
  const form = (await visitor(request).open("/track-repair")).form("Track Repair");
  return form
    .fill({ "Repair ID": fields.repairId ?? "", "Phone Number": fields.phone ?? "" })
    .submit("Track Repair");
}

test.describe("tracking", () => {
  test("by repair ID alone: status and device, no personal field anywhere in the page", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const page = await track(request, { repairId: booked.reference.toLowerCase() });
    expect(page.status).toBe(200);
    expect(page.headings()).toContain(booked.reference);
    expect(page.text('[data-testid="status-badge"]')).toBe("Received");
    expect(page.text()).toContain("Apple MacBook Air 13-inch (M1, 2020) (Laptop Repair)");
    expectCardsWithoutPersonalData(page, booked.phone);
    // Nor anywhere in the page's markup.
    for (const trace of personalTraces(booked.phone)) expect(page.html).not.toMatch(trace);
  });

  test("by phone alone: the repairs of that number by device and day, no personal field, no reference", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const again = await bookViaApi(request, {
      phone: booked.phone,
      deviceCategory: "Mobile Repair Service",
      deviceModel: "iPhone 13",
      issueType: "Battery Replacement",
    });
    const form = await visitor(request).open("/track-repair");
    const referencesOnTheForm = form.html.match(/WF-/g)?.length ?? 0;
    const page = await form.form("Track Repair").fill({ "Phone Number": booked.phone }).submit();

    // Newest first, each named by its device and repair, and no day that would narrow the
    // sequential reference.
    const cards = page.visible("article").map((card) => page.$(card));
    expect(cards.map((card) => card.find("h2").text().trim())).toEqual([
      "Apple iPhone 13",
      "Apple MacBook Air 13-inch (M1, 2020)",
    ]);
    expect(cards[0]!.text()).toContain("Battery Replacement");
    expect(cards[1]!.text()).toContain("Keyboard Replacement");
    // The appointment still to come is shown (decision 0057); no other day or time of day, which
    // would narrow the sequential reference.
    for (const card of cards)
      expect(card.find('[data-testid="appointment"] dd').text()).toMatch(
        /^\w+day, \w+ \d{1,2}, \d{4} at 11:00 AM$/,
      );
    const withoutAppointments = cards.map((card) => {
      const copy = card.clone();
      copy.find('[data-testid="appointment"]').remove();
      return copy.text();
    });
    for (const text of withoutAppointments)
      expect(text).not.toMatch(
        /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{1,2}, \d{4}/,
      );
    expect(page.text('[data-testid="personal-details-hidden"]')).toContain(
      "enter the repair ID from your confirmation e-mail or text together with this phone number",
    );
    expectCardsWithoutPersonalData(page, booked.phone);
    for (const trace of [/Tremblay/, /sam\.tremblay/i, /Several keys stopped working/])
      expect(page.html).not.toMatch(trace);
    // The reference is the second factor: not on the cards, nor anywhere in the page.
    for (const text of withoutAppointments) expect(text).not.toMatch(/WF-|\d:\d\d/);
    expect(page.html.match(/WF-/g)?.length ?? 0).toBe(referencesOnTheForm);
    for (const reference of [booked.reference, again.reference])
      expect(page.html).not.toContain(reference);
    // Nor in the router's data answer to the same lookup.
    const data = await request.post("/track-repair.data", {
      form: { phoneNumber: booked.phone },
    });
    expect(data.status()).toBe(200);
    const text = await data.text();
    expect(text).toContain("iPhone 13");
    for (const reference of [booked.reference, again.reference])
      expect(text).not.toContain(reference);
  });

  test("by repair ID and its own phone: the customer's details", async ({ request }) => {
    const booked = await bookViaApi(request);
    const page = await track(request, { repairId: booked.reference, phone: booked.phone });
    const details = page.text('[data-testid="personal-details"]');
    expect(details).toContain("Sam Tremblay");
    expect(details).toContain("sam.tremblay@example.com");
    expect(details).toContain(booked.phone.replace(/^(\d{3})-(\d{3})-(\d{4})$/, "($1) $2-$3"));
    expect(details).toContain("Several keys stopped working after a spill.");
    expect(page.texts('[data-testid="personal-details-hidden"]')).toEqual([]);
  });

  test("says the same when nothing matches and when the phone is not the booking's, inline and in a toast", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const notFound = "Error: Repair not found. Please check the ID/Phone Number and try again.";
    const unknown = await track(request, { repairId: "WF-99999" });
    expect(unknown.alerts()).toEqual([notFound]);
    expect(unknown.toast()?.title).toBe("Tracking Failed");

    const wrongPhone = await track(request, { repairId: booked.reference, phone: "905-555-0100" });
    expect(wrongPhone.alerts()).toEqual([notFound]);
    expect(wrongPhone.texts("article")).toEqual([]);
  });

  test("asks for an ID or a phone number", async ({ request }) => {
    const page = await track(request, {});
    expect(page.toast()?.description).toBe(
      "Please enter either a Repair ID or a Phone Number to track your device.",
    );
  });

  test("keeps the phone number out of the URL", async ({ request }) => {
    const booked = await bookViaApi(request);
    const page = await track(request, { phone: booked.phone });
    expect(page.headings(2)).toContain("Apple MacBook Air 13-inch (M1, 2020)");
    expect(page.url.href).not.toContain(booked.phone.replace(/\D/g, "").slice(-4));
  });
});
