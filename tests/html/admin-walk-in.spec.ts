import { expect, test } from "@playwright/test";
import QRCode from "qrcode";
import { uniqueName } from "../e2e/support/admin";
import { staffVisitor, type HtmlPage } from "./support/html-page";
import { fillWalkIn, saveWalkIn as save } from "./support/walk-in-form";

/**
 * The walk-in counter without JavaScript: the form posts, the server answers with its errors or
 * the intake ticket, and the ticket, the label and the tracking link are its HTML. Printing (one
 * sheet, one label), the layout and axe are in tests/e2e/admin-walk-in.spec.ts.
 */

/**
 * The QR code's size and squares, whichever way the markup was serialised (the browser closes its
 * own tags).
 */
const qrModules = (svg: string) =>
  [...svg.matchAll(/(viewBox|d)="([^"]+)"/g)].map((match) => match[0]);

const qrOf = (page: HtmlPage, scope = "body") =>
  page.$(`${scope} [data-testid="tracking-qr"]`).first().html() ?? "";

test.describe("walk-in repairs", () => {
  test("Enter in a field saves: the form's first submit button is its save, ahead of the lookups", async ({
    request,
  }) => {
    const { landed } = await staffVisitor(request, "/admin/repairs/new");
    const form = landed.form(save);
    const buttons = landed
      .$(form.element)
      .find('button:not([type]), button[type="submit"], input[type="submit"]')
      .toArray()
      .map((button) => landed.$(button));
    // HTML's implicit submission presses the first; it sends what the Save at the foot sends.
    expect(buttons[0]?.text().trim()).toBe(save);
    expect(buttons[0]?.attr("name")).toBeUndefined();
    expect(buttons[0]?.is("[formnovalidate]")).toBe(false);
    expect(buttons.slice(1).map((button) => button.text().trim())).toEqual([
      "Find customer",
      "Find repairs",
      save,
    ]);

    // Enter: the form sent by its first button.
    const lastName = uniqueName("Enter");
    const ticket = await fillWalkIn(form, lastName).submit();
    expect(ticket.url.pathname).toMatch(/^\/admin\/repairs\/\d+\/print$/);
    expect(ticket.text('[data-testid="intake-ticket"]')).toContain(`Maria ${lastName}`);
  });

  test("staff take a walk-in at the counter, and its ticket, label and QR link are the repair's", async ({
    request,
  }) => {
    const lastName = uniqueName("Santos");
    const { landed, open } = await staffVisitor(request, "/admin/repairs/new");

    // Errors come back from the server, field by field, with the input kept (the browser's own
    // checks pass: a phone number of too few digits is only caught by the server).
    const refused = await fillWalkIn(landed.form(save), lastName)
      .fill({ Phone: "555-12" })
      .submit(save);
    expect(refused.errorOf("Phone")).toBe("Please enter a valid 10-digit phone number.");
    const kept = refused.form(save).fields();
    expect(kept).toContainEqual(["lastName", lastName]);
    expect(kept).toContainEqual(["passcode", "given"]);

    const ticket = await refused.form(save).fill({ Phone: "905 555 0187" }).submit(save);
    // Saved, the walk-in lands on its ticket and label together (decision 0046).
    expect(ticket.url.pathname).toMatch(/^\/admin\/repairs\/\d+\/print$/);
    const toast = ticket.toast();
    expect(`${toast?.title} ${toast?.description ?? ""}`).toMatch(/Walk-in WF-\d{5} saved/);

    const reference = ticket.text('[data-testid="ticket-reference"]')!;
    expect(reference).toMatch(/^WF-\d{5}$/);
    const sheet = ticket.text('[data-testid="intake-ticket"]');
    for (const text of [
      `Maria ${lastName}`,
      "(905) 555-0187",
      "maria.walkin@example.com",
      "Samsung Galaxy S21",
      "Screen Repair",
      "cracked back, scratches",
      "charger, case",
      "Given to the technician",
      "Dropped off",
      "In Progress",
      "Scan to track your repair",
      "240 Lakeshore Rd E",
      "90-day warranty",
      "Customer signature",
    ])
      expect(sheet, text).toContain(text);
    expect(ticket.text('[data-testid="ticket-quote"]')).toBe("$129.00");
    // One time format, as the admin pages write it: the walk-in's minute and the hours with AM/PM.
    expect(sheet).toMatch(/Taken in [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    expect(sheet).toMatch(/Dropped off.* at \d{1,2}:\d{2} [AP]M/);
    expect(sheet).toContain("10:00 AM–8:00 PM");
    expect(sheet).not.toMatch(/[ap]\.m\./);

    // The QR code is the tracking link shown under it, drawn by the same library.
    const link = ticket.$('[data-testid="tracking-link"]');
    const url = link.text().trim();
    expect(url).toMatch(/\/track-repair\/[A-Za-z0-9_-]{32}$/);
    expect(link.attr("href")).toBe(url);
    const qr = qrOf(ticket);
    expect(qrModules(qr)).toEqual(
      qrModules(await QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M" })),
    );
    expect(qrModules(qr)).toHaveLength(3);
    // Without JavaScript there is no Print button, only the keyboard's.
    expect(ticket.text('[data-testid="print-hint"]')).toContain("Ctrl+P");
    expect(ticket.$('[data-testid="print-toolbar"] button').length).toBe(0);

    // The label: reference, name and only the phone's last four digits.
    const label = await ticket.follow("Label only", '[data-testid="print-toolbar"]');
    expect(label.url.pathname).toMatch(/\/label$/);
    expect(label.text('[data-testid="label-reference"]')).toBe(reference);
    expect(label.text('[data-testid="device-label"]')).toContain(`Maria ${lastName}`);
    expect(label.text('[data-testid="label-phone"]')).toBe("Phone ending in …0187");
    expect(label.text('[data-testid="device-label"]')).not.toContain("555");
    // Its QR code is the label's link, which opens the repair's page for staff (decision 0047).
    expect(qrModules(qrOf(label, '[data-testid="device-label"]'))).toEqual(
      qrModules(
        await QRCode.toString(url.replace("/track-repair/", "/r/"), {
          type: "svg",
          margin: 0,
          errorCorrectionLevel: "M",
        }),
      ),
    );

    // The customer's side: the link on the ticket opens their repair.
    const tracking = await open(url);
    expect(tracking.headings()).toContain(reference);
    expect(tracking.text('[data-testid="status-badge"]')).toBe("In Progress");
    expect(tracking.text('[data-testid="personal-details"]')).toContain(lastName);
  });

  test("a double-submitted walk-in form stores one repair", async ({ request }) => {
    const lastName = uniqueName("Twice");
    const { landed, open } = await staffVisitor(request, "/admin/repairs/new");
    // The same rendered form posted twice, as a double click or a resubmitted page would.
    const fields = fillWalkIn(landed.form(save), lastName).fields();
    const post = () =>
      request.post("/admin/repairs/new", {
        form: Object.fromEntries(fields),
        maxRedirects: 0,
        headers: { origin: landed.url.origin },
      });
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status(), second.status()]).toEqual([303, 303]);
    // Both answers lead to the same (one) repair's ticket.
    expect(first.headers().location).toMatch(/^\/admin\/repairs\/\d+\/print$/);
    expect(second.headers().location).toBe(first.headers().location);
    const ticket = await open(first.headers().location!);
    expect(ticket.text('[data-testid="intake-ticket"]')).toContain(lastName);
  });

  test("a deposit taken at intake: refused above the quote with the form kept, then on the ticket and the repair's draft invoice", async ({
    request,
  }) => {
    const lastName = uniqueName("Deposit");
    const { landed, open } = await staffVisitor(request, "/admin/repairs/new");
    const refused = await fillWalkIn(landed.form(save), lastName)
      .fill({ "Deposit ($)": "200", "Paid by": "debit" })
      .submit(save);
    expect(refused.status).toBe(400);
    expect(refused.errorOf("Deposit ($)")).toBe(
      "That is more than the balance of $145.77. Take at most the balance.",
    );
    expect(new Map(refused.form(save).fields()).get("lastName")).toBe(lastName);

    const ticket = await refused
      .form(save)
      .fill({ "Deposit ($)": "40", "Paid by": "etransfer", "e-Transfer reference": "CA8xQ2" })
      .submit(save);
    expect(ticket.url.pathname).toMatch(/^\/admin\/repairs\/\d+\/print$/);
    expect(ticket.text('[data-testid="ticket-deposit"]')).toBe("$40.00 by Interac e-Transfer");
    const id = /\/admin\/repairs\/(\d+)\/print/.exec(ticket.url.pathname)![1];
    const invoice = await open(`/admin/repairs/${id}/invoice`);
    const payments = invoice.text('section[aria-labelledby="payments-heading"]');
    expect(payments).toContain("Balance due: $105.77");
    expect(payments).toMatch(/Deposit by Interac e-Transfer \(CA8xQ2\)/);
  });
});
