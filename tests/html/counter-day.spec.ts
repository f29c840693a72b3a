import { expect, test, type APIRequestContext } from "@playwright/test";
import { admin } from "../e2e/support/admin";
import { serverStartMs, startServer, type ServerProcess } from "../e2e/support/server-process";
import { staffVisitor, type HtmlPage } from "./support/html-page";
import { fillWalkIn, saveWalkIn } from "./support/walk-in-form";

/**
 * A whole day at the counter without JavaScript, on a server of its own so the day's close counts
 * this day's work and nothing else: a walk-in with a deposit, its pickup paid by cash (with
 * change) and credit, a second repair invoiced then voided, a counter sale paid by e-Transfer, a
 * warranty claim on the first repair, and the close whose totals reconcile to the cent with all
 * of it. Each step's refusals and races are tested on their own (admin-invoices, admin-walk-in,
 * admin-warranty, admin-day-close, and the integration tests).
 */

type Staff = Awaited<ReturnType<typeof staffVisitor>>;

const balance = (page: HtmlPage) => page.text('section[aria-labelledby="payments-heading"] p');

/** A table's rows (or one caption's table), each as its cells' text joined by a space. */
const rowsOf = (page: HtmlPage, caption: string) =>
  page.visible(`table:has(> caption:contains("${caption}")) tr`).map((row) =>
    page
      .$(row)
      .children()
      .toArray()
      .map((part) => page.$(part).text().trim())
      .join(" "),
  );

async function walkIn(staff: Staff, lastName: string, deposit: Record<string, string> = {}) {
  const form = fillWalkIn((await staff.open("/admin/repairs/new")).form(saveWalkIn), lastName);
  const ticket = await form.fill(deposit).submit(saveWalkIn);
  expect(ticket.status).toBe(200);
  const id = /^\/admin\/repairs\/(\d+)\/print$/.exec(ticket.url.pathname)![1]!;
  return { id, ticket, reference: ticket.text('[data-testid="ticket-reference"]')! };
}

const issue = async (page: HtmlPage) => {
  const issued = await page.form("Issue invoice").submit("Issue invoice");
  return { page: issued, number: /Invoice (\d+) issued/.exec(issued.toast()!.description!)![1]! };
};

const pay = (page: HtmlPage, fields: Record<string, string>) =>
  page.form("Record payment").fill(fields).submit("Record payment");

test.describe("a day at the counter", () => {
  let server: ServerProcess;
  let request: APIRequestContext;
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(serverStartMs + 30_000);
    server = await startServer({
      PGLITE_DIR: "memory://",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "silent",
    });
    request = await playwright.request.newContext({ baseURL: server.url });
  });
  test.afterAll(async () => {
    await request?.dispose();
    await server?.stop();
  });

  test("deposits, a split payment with change, a void, a counter sale, a warranty claim, and the close that reconciles", async () => {
    test.setTimeout(180_000);
    const staff = await staffVisitor(request);

    // 9:05 — Maria leaves a cracked Galaxy, quoted $129 ($145.77 with HST), and pays $40 down.
    const maria = await walkIn(staff, "Deposit", { "Deposit ($)": "40", "Paid by": "debit" });
    expect(maria.ticket.text('[data-testid="ticket-deposit"]')).toBe("$40.00 by debit");

    // 9:30 — Sam's laptop, quoted $200, nothing down.
    const sam = await walkIn(staff, "Laptop", { "Quoted price (CAD)": "200" });

    // 11:00 — Maria's phone is ready: its draft invoice already holds the quote and the deposit.
    let repair = await staff.open(`/admin/repairs/${maria.id}`);
    repair = await repair
      .form("Update Status")
      .fill({ "Repair Status": "ready_for_pickup" })
      .submit("Update Status");
    let page = await repair.follow("Invoice and payments");
    expect(page.headings(2)).toContain("Draft invoice");
    expect(balance(page)).toBe("Balance due: $105.77");
    const mariaInvoice = await issue(page);
    page = mariaInvoice.page;

    // 16:40 — Maria collects: $60 in cash from a $100 bill, the rest on her credit card.
    page = await pay(page, {
      Method: "cash",
      "Amount ($)": "60",
      "Cash handed over ($)": "100",
    });
    expect(page.toast()?.description).toBe("$60.00 received by cash. Change due: $40.00.");
    expect(balance(page)).toBe("Balance due: $45.77");
    const tooMuch = await pay(page, { Method: "credit", "Amount ($)": "50" });
    expect(tooMuch.status).toBe(409);
    page = await pay(tooMuch, { Method: "credit", "Amount ($)": "45.77" });
    expect(balance(page)).toBe("Paid in full");
    page = await page.form("Hand over and mark Completed").submit("Hand over and mark Completed");
    expect(page.toast()?.description).toBe(`${maria.reference} handed over and marked Completed.`);

    // 12:15 — Sam's invoice is issued, then Sam declines the repair: the owner voids it.
    page = await staff.open(`/admin/repairs/${sam.id}/invoice`);
    page = await page.form("Start invoice").submit("Start invoice");
    const samInvoice = await issue(page);
    page = await samInvoice.page
      .form("Void invoice")
      .fill({ "Why it is voided": "Customer declined the repair" })
      .submit("Void invoice");
    expect(page.text("main")).toContain(`Invoice ${samInvoice.number} was voided on`);

    // 14:20 — a cable sold over the counter, paid by Interac e-Transfer.
    page = await staff.open("/admin/invoices");
    page = await page
      .form("Start sale")
      .fill({ "Made out to": "Jordan Walk-up" })
      .submit("Start sale");
    page = await page
      .form("Save draft")
      .fillNamed({ kind1: "accessory", description1: "USB-C cable, 2 m", unitPrice1: "19.99" })
      .submit("Save draft");
    const sale = await issue(page);
    page = await pay(sale.page, {
      Method: "etransfer",
      "Amount ($)": "22.59",
      "e-Transfer reference": "CAa1b2c3",
    });
    expect(balance(page)).toBe("Paid in full");

    // 17:10 — Maria is back: the touch fails at the top edge, covered by the warranty.
    page = await staff.open(`/admin/repairs/${maria.id}/warranty`);
    expect(page.text('[data-testid="warranty-status"]')).toMatch(/\(90 days left\)$/);
    page = await page
      .form("Open warranty claim")
      .fill({
        "Covered: repair at no charge": true,
        "What is wrong with the device now": "Touch stops working at the top edge",
      })
      .submit("Open warranty claim");
    const claim = /^(WF-\d+) opened/.exec(page.toast()?.description ?? "")![1]!;
    expect(page.text('[data-testid="warranty-links"]')).toBe(
      `Warranty claim on ${maria.reference} (covered, no charge).`,
    );
    const original = await staff.open(`/admin/repairs/${maria.id}`);
    expect(original.text('[data-testid="warranty-links"]')).toContain(claim);

    // 18:00 — the close: every payment of the day by method, the deposit taken and applied, the
    // invoices issued with their HST, the void; the drawer holds the $60 cash.
    page = await staff.open("/admin/close");
    expect(rowsOf(page, "Payments received by method")).toEqual([
      "Method Payments Amount",
      "Cash 1 $60.00",
      "Debit 1 $40.00",
      "Credit 1 $45.77",
      "Interac e-Transfer 1 $22.59",
      "Online payment 0 $0.00",
      "Total received 4 $168.36",
    ]);
    expect(rowsOf(page, "Deposits")).toEqual([
      "Deposits Count Amount",
      "Taken this day 1 $40.00",
      "Applied to invoices issued this day 1 $40.00",
    ]);
    expect(page.texts("caption")).toEqual([
      "Payments received by method",
      "Deposits",
      "Invoices issued: 2",
      "Invoices voided: 1",
    ]);
    // Maria's $129.00 and the cable's $19.99 with HST on each, Sam's void left out: what was
    // received today, to the cent.
    expect(rowsOf(page, "Invoices issued: 2")).toEqual([
      "Subtotal $148.99",
      "Discounts $0.00",
      "HST collected $19.37",
      "Total $168.36",
    ]);
    expect(rowsOf(page, "Invoices voided: 1").slice(1)).toEqual([
      `${samInvoice.number} $226.00 Customer declined the repair`,
    ]);
    page = await page
      .form("Close the day")
      .fill({ "Cash counted ($)": "60.00" })
      .submit("Close the day");
    expect(page.text('section[aria-labelledby="count-heading"]')).toContain("Even");
    const report = await page.follow("Z report");
    expect(rowsOf(report, "Payments received by method").at(-1)).toBe("Total received 4 $168.36");
  });
});
