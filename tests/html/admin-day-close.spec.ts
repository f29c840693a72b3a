import { expect, test } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { addStaffAccount, staffVisitor, type HtmlPage } from "./support/html-page";

/**
 * The day's close without JavaScript (decision 0066): the takings, the cash count with its over
 * or short, a second close refused, payments recorded after a close flagged, the Z report, the
 * bookkeeper's files, and what staff meet on bad input or without the permission. The sums and
 * the race are tested in tests/integration/day-close.test.ts; the layout in the browser. Other
 * specs take payments on this server today, so the counts of today are read, not assumed; a past
 * day, which no one else touches, is used where a number is asserted.
 */

type StaffVisitor = Awaited<ReturnType<typeof staffVisitor>>;

const shopToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(new Date());

/** A closed day's cash count (on its page, or inside `within`), as "Label value" lines. */
const countLines = (page: HtmlPage, within = 'section[aria-labelledby="count-heading"]') =>
  page.visible(`${within} dl > div`).map((row) =>
    page
      .$(row)
      .children()
      .toArray()
      .map((part) => page.$(part).text().trim())
      .join(" "),
  );

/** A repair invoiced and paid today: a $100.00 screen, 10% off, HST; cash with change. */
async function paidInvoice(staff: StaffVisitor) {
  const { id } = await bookViaApi(staff.request);
  let page = await staff.open(`/admin/repairs/${id}/invoice`);
  page = await page.form("Start invoice").submit("Start invoice");
  page = await page
    .form("Save draft")
    .fillNamed({
      description1: "Screen, replaced",
      unitPrice1: "100",
      discountKind: "percent",
      discountValue: "10",
      discountReason: "Returning customer",
    })
    .submit("Save draft");
  page = await page.form("Issue invoice").submit("Issue invoice");
  const number = /\d+/.exec(page.toast()!.description!)![0];
  // $90.00 and 13% HST: $101.70, paid with $110.00 in cash.
  page = await page
    .form("Record payment")
    .fill({ Method: "cash", "Amount ($)": "101.70", "Cash handed over ($)": "110" })
    .submit("Record payment");
  expect(page.toast()?.description).toBe("$101.70 received by cash. Change due: $8.30.");
  return number;
}

/** Dollars as the page writes them ("$1,234.50") in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

const expectedCash = (page: HtmlPage) =>
  centsOf(/Expected in the drawer: (\$[\d,]+\.\d\d)/.exec(page.text("main")!)![1]!);

test.describe("the day's close", () => {
  test("closes a past day without JavaScript: the count shows over or short, and a second close is refused", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const staff = await staffVisitor(request, "/admin/close?date=2020-03-02");
    let page = staff.landed;
    expect(page.headings(1)).toEqual(["Day's Close"]);
    expect(page.text("main")).toContain("Monday, March 2, 2020");
    expect(page.texts("caption")).toEqual([
      "Payments received by method",
      "Deposits",
      "Invoices issued: 0",
    ]);
    expect(expectedCash(page)).toBe(0);
    const form = page.form("Close the day");
    // A colleague has the same page open.
    const colleague = await playwright.request.newContext({ baseURL });
    const theirs = await (
      await staffVisitor(colleague, "/admin/close?date=2020-03-02")
    ).landed.form("Close the day");

    const refused = await form.fill({ "Cash counted ($)": "12,5" }).submit("Close the day");
    expect(refused.status).toBe(400);
    expect(refused.errorOf("Cash counted ($)")).toBe(
      "Please enter the cash counted in dollars, like 412.35.",
    );

    page = await refused
      .form("Close the day")
      .fill({ "Cash counted ($)": "12.50", Note: "A roll of loonies left in the drawer" })
      .submit("Close the day");
    expect(page.url.search).toBe("?date=2020-03-02");
    expect(page.toast()).toMatchObject({
      type: "success",
      description: "Monday, March 2, 2020 closed: $12.50 counted, over by $12.50.",
    });
    expect(() => page.form("Close the day")).toThrow();
    const lines = countLines(page);
    expect(lines.slice(0, 3)).toEqual([
      "Expected cash $0.00",
      "Counted cash $12.50",
      "Over or short Over by $12.50",
    ]);
    expect(lines[3]).toMatch(/^Closed by e2e-admin, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(lines[4]).toBe("Note A roll of loonies left in the drawer");

    const second = await theirs.fill({ "Cash counted ($)": "20" }).submit("Close the day");
    expect(second.status).toBe(409);
    expect(second.alerts().join(" ")).toMatch(
      /^Monday, March 2, 2020 is already closed\. e2e-admin closed it on .+, so this count was not saved\.$/,
    );
    expect(countLines(second)[1]).toBe("Counted cash $12.50");
    await colleague.dispose();
  });

  test("today's takings count a cash payment; after the close, one more is flagged, and the Z report keeps the close", async ({
    request,
  }) => {
    const staff = await staffVisitor(request, "/admin/close");
    const before = expectedCash(staff.landed);
    await paidInvoice(staff);
    let page = await staff.open("/admin/close");
    expect(page.text("main")).toContain(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: "America/Toronto",
        dateStyle: "full",
      }).format(new Date()),
    );
    // Other specs take cash today too: at least this payment's amount, never the change.
    const expected = expectedCash(page);
    expect(expected - before).toBeGreaterThanOrEqual(10_170);

    page = await page
      .form("Close the day")
      .fill({ "Cash counted ($)": "0" })
      .submit("Close the day");
    const stood = countLines(page);
    const counted = centsOf(stood[1]!.replace("Counted cash ", ""));
    const expectedAtClose = centsOf(stood[0]!.replace("Expected cash ", ""));
    expect(counted).toBe(0);
    expect(stood[2]).toBe(
      expectedAtClose === 0
        ? "Over or short Even"
        : `Over or short Short by ${stood[0]!.replace("Expected cash ", "")}`,
    );

    await paidInvoice(staff);
    page = await staff.open("/admin/close");
    expect(page.text('[data-testid="recorded-after"]')).toMatch(
      /^Recorded after the close: \$[\d,.]+, of which cash \$[\d,.]+\. The totals here are as they stood at the close\.$/,
    );
    expect(countLines(page)[0]).toBe(stood[0]);

    const report = await staff.open(page.link("Z report"));
    expect(report.url.pathname).toBe(`/admin/close/${shopToday()}/report`);
    const text = report.text('[data-testid="z-report"]')!;
    expect(text).toContain("WeFix Device Repair Inc.");
    expect(text).toContain("HST registration 123456789 RT0001");
    expect(text).toContain(`Z report: ${page.text("main h1 + p")}`);
    expect(countLines(report, '[data-testid="z-report"]').slice(0, 3)).toEqual(stood.slice(0, 3));
    expect(text).toContain("Recorded after the close:");
    expect(text).not.toContain("Not closed yet");
  });

  test("the Z report of a day still open says so", async ({ request }) => {
    const { landed } = await staffVisitor(request, "/admin/close/2020-04-06/report");
    expect(landed.status).toBe(200);
    const text = landed.text('[data-testid="z-report"]')!;
    expect(text).toContain("Z report: Monday, April 6, 2020");
    expect(text).toContain("Not closed yet: the totals as they stand now. Expected cash $0.00.");
    expect(text).toContain("No invoices voided this day.");
  });

  test("the bookkeeper's files: the invoice's lines and discount for QuickBooks, the payments", async ({
    request,
  }) => {
    const staff = await staffVisitor(request);
    const number = await paidInvoice(staff);
    const today = shopToday();
    const invoicesCsv = await staff.request.get(`/admin/close/invoices.csv?from=${today}`);
    expect(invoicesCsv.status()).toBe(200);
    expect(invoicesCsv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const rows = (await invoicesCsv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(rows[0]).toBe(
      "InvoiceNo,Customer,InvoiceDate,DueDate,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode",
    );
    expect(rows.filter((row) => row.startsWith(`${number},`))).toEqual([
      `${number},Sam Tremblay,${today},${today},Repair,"Screen, replaced",1,100.00,100.00,HST ON`,
      `${number},Sam Tremblay,${today},${today},Discount,Returning customer,1,-10.00,-10.00,HST ON`,
    ]);

    const paymentsCsv = await staff.request.get(
      `/admin/close/payments.csv?from=${today}&to=${today}`,
    );
    const payments = (await paymentsCsv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(payments[0]).toBe("Date,InvoiceNo,Customer,Method,Amount,Reference,Deposit");
    expect(payments).toContain(`${today},${number},Sam Tremblay,Cash,101.70,,No`);
  });

  test("bad dates are a 400 with a message, never a 500", async ({ request }) => {
    const staff = await staffVisitor(request);
    for (const path of ["/admin/close?date=2026-02-30", "/admin/close/tomorrow/report"]) {
      const page = await staff.open(path);
      expect(page.status, path).toBe(400);
      expect(page.text("main"), path).toContain(
        "Please give the date as YYYY-MM-DD, like 2026-11-28.",
      );
    }
    for (const [query, message] of [
      ["from=2026-11-02&to=2026-11-01", "The range ends before it starts: swap the two dates."],
      ["from=2025-01-01&to=2026-11-01", "Please ask for at most 366 days at once."],
      ["from=%3D1%2B1", "Please give the date as YYYY-MM-DD, like 2026-11-28."],
    ]) {
      const answer = await staff.request.get(`/admin/close/invoices.csv?${query}`);
      expect(answer.status(), query).toBe(400);
      expect(await answer.text(), query).toBe(message);
    }
  });

  test("a technician may not close the day: no menu entry, the page, the report, a crafted close and the files refused with 403", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const owner = await staffVisitor(request);
    const account = await addStaffAccount(owner, "technician");
    const other = await playwright.request.newContext({ baseURL });
    try {
      const { landed, open } = await staffVisitor(other, "/admin/dashboard", account);
      expect(() => landed.link("Day's Close")).toThrow();
      const page = await open("/admin/close");
      expect(page.status).toBe(403);
      expect(page.text("main")).toContain(
        "Technician accounts cannot close the day (the cash count, the Z report and the bookkeeper's CSV files).",
      );
      expect((await open("/admin/close/2020-03-02/report")).status).toBe(403);
      const crafted = await landed.send("post", new URL("/admin/close", baseURL), [
        ["date", "2020-05-04"],
        ["counted", "10"],
      ]);
      expect(crafted.status).toBe(403);
      for (const file of ["invoices", "payments"])
        expect((await other.get(`/admin/close/${file}.csv?from=2020-03-02`)).status()).toBe(403);
      expect((await owner.open("/admin/close?date=2020-05-04")).text("main")).toContain(
        "Count the cash",
      );
    } finally {
      await other.dispose();
    }
  });
});
