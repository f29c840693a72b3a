import { expect, test } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { staffVisitor } from "./support/html-page";

/**
 * A counter sale without JavaScript: an invoice with no repair, started from the invoices page,
 * rung up, paid and printed, and found again by its number.
 */
test.describe("counter sales", () => {
  test("an accessory sold with no repair: started, lines, issued, paid in cash, its receipt, found by number", async ({
    request,
  }) => {
    const staff = await staffVisitor(request);
    let page = await staff.open("/admin/invoices");
    const unnamed = await page.form("Start sale").submit("Start sale", { unchecked: true });
    expect(unnamed.status).toBe(400);
    expect(unnamed.errorOf("Made out to")).toBe("Please enter who the sale is made out to.");

    const form = unnamed.form("Start sale").fill({ "Made out to": "Jordan Walk-up" });
    page = await form.submit("Start sale");
    expect(page.toast()?.description).toBe("Counter sale started.");
    expect(page.url.pathname).toMatch(/^\/admin\/invoices\/\d+$/);
    // The same form sent again (a double tap, a retry) goes to the same sale.
    expect((await form.submit("Start sale")).url.pathname).toBe(page.url.pathname);
    expect(page.text("h1")).toBe("Counter sale: Draft invoice");
    // No repair: nothing to hand over, no quote to start from.
    expect(page.headings(2)).not.toContain("Pickup");

    page = await page
      .form("Save draft")
      .fillNamed({
        kind1: "accessory",
        description1: "USB-C cable, 2 m",
        quantity1: "2",
        unitPrice1: "19.99",
      })
      .submit("Save draft");
    page = await page.form("Issue invoice").submit("Issue invoice");
    const number = /^Invoice (\d+) issued\.$/.exec(page.toast()?.description ?? "")![1]!;
    page = await page
      .form("Record payment")
      .fill({ Method: "cash", "Amount ($)": "45.18", "Cash handed over ($)": "50" })
      .submit("Record payment");
    expect(page.toast()?.description).toBe("$45.18 received by cash. Change due: $4.82.");
    // A counter sale's receipt is printed: there is no customer on record to send it to.
    expect(() => page.form("Send receipt to the customer")).toThrow();

    const receipt = await page.follow("Print receipt");
    const text = receipt.text('[data-testid="receipt"]');
    expect(text).toContain(`Receipt · Invoice ${number}`);
    expect(text).toContain("Jordan Walk-up");
    expect(text).toContain("USB-C cable, 2 m");
    expect(text).not.toContain("Warranty");
    expect(receipt.text('[data-testid="receipt-balance"]')).toBe("Paid in full");

    const found = await staff.open(`/admin/invoices?q=${number}`);
    const rows = found.visible('[data-testid="invoice-row"]').map((row) => found.$(row).text());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Counter sale");
    expect(rows[0]).toContain("$45.18");
  });

  test("the list links a repair's invoice to its repair's invoice page; an unknown invoice is 404", async ({
    request,
  }) => {
    const { id } = await bookViaApi(request);
    const staff = await staffVisitor(request);
    const started = await (
      await staff.open(`/admin/repairs/${id}/invoice`)
    )
      .form("Start invoice")
      .submit("Start invoice");
    expect(started.toast()?.description).toBe("Invoice started.");
    const list = await staff.open("/admin/invoices");
    const link = list.$(`a[href="/admin/repairs/${id}/invoice"]`);
    expect(link.length).toBe(1);
    const unknown = await request.get("/admin/invoices/999999999");
    expect(unknown.status()).toBe(404);
  });
});
