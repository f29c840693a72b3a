import { expect, test, type APIRequestContext } from "@playwright/test";
import { bookViaApi } from "../e2e/support/api";
import { addStaffAccount, staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/**
 * A repair's invoice at the counter without JavaScript: started from the repair, lines and a
 * discount saved, a deposit, issuing, split payments with change, a void with its reason, and
 * the refusals staff meet (bad input, too much money, a copy someone else saved, a void by a role
 * that may not). The arithmetic and the races are tested in tests/unit/invoice-totals.test.ts and
 * tests/integration/invoices.test.ts; the page's layout in the browser.
 */

async function repairInvoice(request: APIRequestContext) {
  const { id } = await bookViaApi(request);
  const staff = await staffVisitor(request);
  const repair = await staff.open(`/admin/repairs/${id}`);
  return { id, page: await repair.follow("Invoice and payments") };
}

const start = (page: HtmlPage) => page.form("Start invoice").submit("Start invoice");

/** The two lines and the discount the shop's everyday screen repair has. */
const screenRepair = {
  description1: "Screen replacement — iPhone 13",
  unitPrice1: "189.99",
  kind2: "accessory",
  description2: "Tempered glass protector",
  quantity2: "2",
  unitPrice2: "19.99",
  discountKind: "percent",
  discountValue: "10",
  discountReason: "Returning customer",
};

const balanceOf = (page: HtmlPage) => page.text('section[aria-labelledby="payments-heading"] p');

/** Each row's cells (the totals' label and amount, a line's columns), joined by a space. */
const cellsOf = (page: HtmlPage, rows: string) =>
  page.visible(rows).map((row) =>
    page
      .$(row)
      .children()
      .toArray()
      .map((part) => page.$(part).text().trim())
      .join(" "),
  );

/** The totals under the lines, each as "Label $amount". */
const totals = (page: HtmlPage) => cellsOf(page, "dl div");

test.describe("invoices", () => {
  test("a repair's invoice from start to paid: lines, discount, deposit, issue, split payment with change", async ({
    request,
  }) => {
    let { page } = await repairInvoice(request);
    expect(page.text("h2")).toBe("No invoice yet");
    page = await start(page);
    expect(page.toast()).toMatchObject({ type: "success", description: "Invoice started." });
    expect(page.headings(2)).toContain("Draft invoice");

    page = await page.form("Save draft").fillNamed(screenRepair).submit("Save draft");
    expect(page.toast()?.description).toBe("Invoice saved.");
    expect(totals(page)).toEqual([
      "Subtotal $229.97",
      "Discount 10% (Returning customer) -$23.00",
      "HST 13% $26.91",
      "Total $233.88",
    ]);

    page = await page
      .form("Take deposit")
      .fill({ "Amount ($)": "20", "Cash handed over ($)": "20" })
      .submit("Take deposit");
    expect(page.toast()?.description).toBe("$20.00 received by cash.");
    expect(balanceOf(page)).toBe("Balance due: $213.88");

    page = await page.form("Issue invoice").submit("Issue invoice");
    const number = /^Invoice (\d+) issued\.$/.exec(page.toast()?.description ?? "")?.[1];
    expect(number).toBeDefined();
    expect(page.headings(2)[0]).toMatch(new RegExp(`^Invoice ${number}, \\w{3} \\d{1,2}, \\d{4}$`));
    expect(cellsOf(page, "table tbody tr")).toEqual([
      "Screen replacement — iPhone 13 1 $189.99 $189.99",
      "Tempered glass protector 2 $19.99 $39.98",
    ]);
    // Issued, it has no form to change it.
    expect(() => page.form("Save draft")).toThrow();

    const tooMuch = await page
      .form("Record payment")
      .fill({ Method: "debit", "Amount ($)": "213.89" })
      .submit("Record payment");
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.alerts()).toContain(
      "That is more than the balance of $213.88. Take at most the balance.",
    );

    page = await tooMuch
      .form("Record payment")
      .fill({ Method: "debit", "Amount ($)": "100" })
      .submit("Record payment");
    expect(page.toast()?.description).toBe("$100.00 received by debit.");
    page = await page
      .form("Record payment")
      .fill({ Method: "cash", "Amount ($)": "113.88", "Cash handed over ($)": "120" })
      .submit("Record payment");
    expect(page.toast()?.description).toBe("$113.88 received by cash. Change due: $6.12.");
    expect(balanceOf(page)).toBe("Paid in full");
    expect(() => page.form("Record payment")).toThrow();
    // Paid, it cannot be voided: the void form is gone.
    expect(() => page.form("Void invoice")).toThrow();
  });

  test("pickup closes the loop: Ready drafts the invoice, Completed waits for the balance, then the handover", async ({
    request,
  }) => {
    const { id, reference } = await bookViaApi(request);
    const staff = await staffVisitor(request);
    let repair = await staff.open(`/admin/repairs/${id}`);
    repair = await repair
      .form("Update Status")
      .fill({ "Repair Status": "ready_for_pickup" })
      .submit("Update Status");
    let page = await repair.follow("Invoice and payments");
    expect(page.headings(2)).toContain("Draft invoice");
    expect(page.text('section[aria-labelledby="pickup-heading"]')).toContain(
      "Issue the invoice and take the balance",
    );
    page = await page
      .form("Save draft")
      .fillNamed({ description1: "Battery replacement", unitPrice1: "100" })
      .submit("Save draft");
    page = await page.form("Issue invoice").submit("Issue invoice");
    const number = /\d+/.exec(page.toast()!.description!)![0];

    const dashboard = await staff.open("/admin/dashboard");
    const owing = dashboard
      .visible('[data-testid="balance-due"]')
      .map((row) => dashboard.$(row).text());
    expect(owing.find((row) => row.includes(`Invoice ${number}`))).toMatch(/\$113\.00$/);

    repair = await staff.open(`/admin/repairs/${id}`);
    const early = await repair
      .form("Update Status")
      .fill({ "Repair Status": "completed" })
      .submit("Update Status");
    expect(early.status).toBe(400);
    expect(early.alerts().join(" ")).toContain(
      `Invoice ${number} has $113.00 to pay. Take the payment on the invoice page before the device is handed over.`,
    );

    page = await staff.open(`/admin/repairs/${id}/invoice`);
    expect(() => page.form("Hand over and mark Completed")).toThrow();
    page = await page
      .form("Record payment")
      .fill({ Method: "credit", "Amount ($)": "113" })
      .submit("Record payment");
    page = await page.form("Hand over and mark Completed").submit("Hand over and mark Completed");
    expect(page.toast()?.description).toBe(`${reference} handed over and marked Completed.`);
    expect(page.text("main")).toMatch(/Handed over on \w{3} \d{1,2}, \d{4}/);
    const after = await staff.open("/admin/dashboard");
    expect(after.text("#balances")).not.toContain(`Invoice ${number}`);
  });

  test("the receipt: on Letter and the 80 mm roll, sent to the customer, and under their tracking link with the warranty", async ({
    request,
  }) => {
    const { id } = await bookViaApi(request);
    const staff = await staffVisitor(request);
    const repair = await staff.open(`/admin/repairs/${id}`);
    const token = repair
      .$(repair.control("Customer's tracking link"))
      .attr("value")!
      .split("/")
      .at(-1)!;
    const beforeInvoice = await request.get(`/track-repair/${token}/receipt`);
    expect(beforeInvoice.status()).toBe(404);

    let page = await start(await repair.follow("Invoice and payments"));
    page = await page
      .form("Save draft")
      .fillNamed({ description1: "Charging port", unitPrice1: "80" })
      .submit("Save draft");
    expect(() => page.form("Send receipt to the customer")).toThrow();
    page = await page.form("Issue invoice").submit("Issue invoice");
    const number = /\d+/.exec(page.toast()!.description!)![0];
    page = await page
      .form("Record payment")
      .fill({ Method: "cash", "Amount ($)": "90.40", "Cash handed over ($)": "100" })
      .submit("Record payment");

    const letter = await page.follow("Print receipt");
    const text = letter.text('[data-testid="receipt"]');
    expect(text).toContain("WeFix Device Repair Inc.");
    expect(text).toContain("HST registration 123456789 RT0001");
    expect(text).toContain(`Receipt · Invoice ${number}`);
    expect(text).toContain("Charging port");
    expect(text).toMatch(/Cash, \w{3} \d{1,2}, \d{4}, [\d:]+ [AP]M \(change \$9\.60\)\$90\.40/);
    expect(letter.text('[data-testid="receipt-balance"]')).toBe("Paid in full");
    expect(letter.text('[data-testid="receipt-warranty"]')).toMatch(
      /^Warranty until \w{3} \d{1,2}, \d{4} \(90 days left\)$/,
    );
    const roll = await letter.follow("80 mm roll");
    expect(roll.text('[data-testid="receipt-balance"]')).toBe("Paid in full");

    page = await staff.open(`/admin/repairs/${id}/invoice`);
    page = await page.form("Send receipt to the customer").submit("Send receipt to the customer");
    expect(page.toast()?.description).toBe("Receipt sent to the customer by e-mail.");

    const tracked = await visitor(request).open(`/track-repair/${token}`);
    expect(tracked.text('[data-testid="warranty"] dd')).toMatch(/\(90 days left\)$/);
    const customer = await tracked.follow("Your receipt and warranty");
    expect(customer.text('[data-testid="receipt"]')).toContain(`Invoice ${number}`);
    expect(customer.header("cache-control")).toBe("private, no-store");
    const stranger = await request.get(`/track-repair/${token.slice(0, -4)}zzzz/receipt`);
    expect(stranger.status()).toBe(404);
  });

  test("the owner's credit note once payments exist: off the balance with its reason, never past it, on the receipt", async ({
    request,
  }) => {
    const { page: none } = await repairInvoice(request);
    let page = await start(none);
    page = await page
      .form("Save draft")
      .fillNamed({ description1: "Battery", unitPrice1: "100" })
      .submit("Save draft");
    page = await page.form("Issue invoice").submit("Issue invoice");
    page = await page
      .form("Record payment")
      .fill({ Method: "debit", "Amount ($)": "50" })
      .submit("Record payment");
    // Paid in part, it cannot be voided: the credit note is the correction.
    expect(() => page.form("Void invoice")).toThrow();
    const tooMuch = await page
      .form("Issue credit note")
      .fill({ "Amount ($, with HST)": "63.01", "Why it is credited": "Goodwill" })
      .submit("Issue credit note");
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.alerts().join(" ")).toContain("That is more than the balance of $63.00");
    const noReason = await tooMuch
      .form("Issue credit note")
      .fill({ "Amount ($, with HST)": "11.30", "Why it is credited": "" })
      .submit("Issue credit note", { unchecked: true });
    expect(noReason.status).toBe(400);
    expect(noReason.errorOf("Why it is credited")).toBe(
      "Please say why the credit note is issued.",
    );
    page = await noReason
      .form("Issue credit note")
      .fill({ "Amount ($, with HST)": "11.30", "Why it is credited": "Case not fitted" })
      .submit("Issue credit note");
    expect(page.toast()?.description).toMatch(/^Credit note \d+ issued: \$11\.30\.$/);
    expect(balanceOf(page)).toBe("Balance due: $51.70");
    expect(page.text('ul[aria-label="Credit notes"]')).toMatch(
      /^Credit note \d+, \w{3} \d{1,2}, \d{4}: Case not fitted−\$11\.30$/,
    );
    const receipt = await page.follow("Print receipt");
    expect(receipt.text('[data-testid="receipt-balance"]')).toBe("Balance due: $51.70");
    expect(receipt.text('[data-testid="receipt"]')).toContain("Case not fitted");
  });

  test("refuses bad input with the field's message and keeps what was typed, saving nothing", async ({
    request,
  }) => {
    const { page: none } = await repairInvoice(request);
    const draft = await start(none);
    const before = totals(draft);
    const refused = await draft
      .form("Save draft")
      .fillNamed({ description1: "Battery", unitPrice1: "12,5", discountKind: "amount" })
      .submit("Save draft");
    expect(refused.status).toBe(400);
    expect(refused.errorOf(/^Price/)).toBe("Please enter the price in dollars, like 129.99.");
    expect(refused.alerts().join(" ")).toContain("Please enter the price in dollars, like 129.99.");
    expect(refused.$('[name="description1"]').attr("value")).toBe("Battery");
    const reloaded = await visitor(request).open(refused.url.pathname);
    expect(totals(reloaded)).toEqual(before);

    const noReference = await reloaded
      .form("Take deposit")
      .fill({ Method: "etransfer", "Amount ($)": "0" })
      .submit("Take deposit", { unchecked: true });
    expect(noReference.status).toBe(400);
    expect(noReference.errorOf("e-Transfer reference")).toBe(
      "Please enter the e-Transfer's reference number.",
    );
  });

  test("a draft saved by someone else meanwhile: the stale save is refused with what changed", async ({
    request,
  }) => {
    const { page: none } = await repairInvoice(request);
    const mine = await start(none);
    const colleague = await visitor(request).open(mine.url.pathname);
    await colleague
      .form("Save draft")
      .fillNamed({ description1: "Charging port", unitPrice1: "79" })
      .submit("Save draft");
    const stale = await mine
      .form("Save draft")
      .fillNamed({ description1: "Battery", unitPrice1: "99" })
      .submit("Save draft");
    expect(stale.status).toBe(409);
    const alert = stale.alerts().join(" ");
    expect(alert).toContain("changed since it was read by someone else, so nothing was saved");
    expect(alert).toMatch(/e2e-admin: Draft invoice.*total \$89\.27/);
    expect(stale.$('[name="description1"]').attr("value")).toBe("Battery");
    const now = await visitor(request).open(mine.url.pathname);
    expect(totals(now)).toContain("Total $89.27");
  });

  test("the owner voids an unpaid invoice with a reason; the repair can then be invoiced again", async ({
    request,
  }) => {
    const { page: none } = await repairInvoice(request);
    let page = await start(none);
    page = await page
      .form("Save draft")
      .fillNamed({ description1: "Battery", unitPrice1: "99" })
      .submit("Save draft");
    page = await page.form("Issue invoice").submit("Issue invoice");
    const number = /\d+/.exec(page.toast()!.description!)![0];
    const withoutReason = await page
      .form("Void invoice")
      .submit("Void invoice", { unchecked: true });
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.errorOf("Why it is voided")).toBe("Please say why the invoice is voided.");
    page = await withoutReason
      .form("Void invoice")
      .fill({ "Why it is voided": "Wrong model on the invoice" })
      .submit("Void invoice");
    expect(page.toast()?.description).toBe(`Invoice ${number} voided.`);
    expect(page.text("h2")).toBe("No invoice yet");
    expect(page.text("main")).toMatch(
      new RegExp(
        `Invoice ${number} was voided on \\w{3} \\d{1,2}, \\d{4}: Wrong model on the invoice`,
      ),
    );
  });

  test("a manager may not void: no void form, and a crafted void is refused with 403", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const owner = await staffVisitor(request);
    const account = await addStaffAccount(owner, "manager");
    const { id } = await bookViaApi(request);
    let page = await start(await owner.open(`/admin/repairs/${id}/invoice`));
    page = await page
      .form("Save draft")
      .fillNamed({ description1: "Battery", unitPrice1: "99" })
      .submit("Save draft");
    page = await page.form("Issue invoice").submit("Issue invoice");
    const version = page
      .$('form input[name="intent"][value="void"] ~ input[name="version"]')
      .attr("value")!;

    const other = await playwright.request.newContext({ baseURL });
    const { landed: manager } = await staffVisitor(other, page.url.pathname, account);
    expect(manager.headings(2)[0]).toMatch(/^Invoice \d+/);
    expect(() => manager.form("Void invoice")).toThrow();
    const crafted = await manager.send("post", manager.url, [
      ["intent", "void"],
      ["version", version],
      ["reason", "Trying"],
    ]);
    expect(crafted.status).toBe(403);
    expect(crafted.text("main")).toContain("Manager accounts cannot void invoices.");
    await other.dispose();
  });
});
