import { expect, test } from "@playwright/test";
import { runImei } from "../e2e/support/admin";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";
import { sellAnswers, sellQuestions } from "./support/sell-answers";

/**
 * The shop's other half end to end without JavaScript: a seller gets an offer for a phone on
 * /sell, staff buy it at the counter against that offer (for less, with the reason), price it and
 * put it up for sale; a customer finds it on /shop and reserves it; the counter sells it to them on
 * an invoice with its warranty, and it leaves the shop. Each step's refusals and races are tested
 * on their own (sell, admin-buyback, shop, and the integration tests).
 */

const shopCards = (page: HtmlPage) =>
  page
    .$('main a[href^="/shop/"]')
    .toArray()
    .map((link) => page.$(link).attr("href")!);

test("a phone sold online, bought at the counter, listed, reserved and sold on an invoice", async ({
  request,
}) => {
  test.setTimeout(120_000);
  // The seller, on /sell: an iPhone 15 128 GB with light scratches and a worn battery.
  const seller = visitor(request);
  const questions = await sellQuestions(seller);
  const offer = await questions.form("See my offer").fill(sellAnswers).submit("See my offer");
  expect(offer.text('[data-testid="offer-amount"]')).toBe("$310.00");
  const kept = await offer
    .form("Keep my offer")
    .fill({
      "Your name": "Sam Seller",
      "E-mail": `sam-${Date.now()}@example.com`,
      "By e-mail": true,
    })
    .submit("Keep my offer");
  const reference = kept.text('[data-testid="offer-reference"]')!;

  // The counter: the offer among those received, bought against it for less, with the reason.
  const staff = await staffVisitor(request, `/admin/trade-ins?q=${reference}`);
  let page = await staff.landed.follow(reference, "main");
  expect(page.text("main")).toContain("Sam Seller");
  page = await page.follow("Buy it at the counter", "main");
  expect(page.text("main")).toContain(`From online offer ${reference}`);
  expect(page.$('input[name="sellerName"]').attr("value")).toBe("Sam Seller");
  const imei = runImei();
  const purchase = page.form("Buy device").fill({
    Phone: "905-555-0142",
    "Government ID": "Driver's licence",
    "ID number": "S1234-56789-01234",
    Colour: "Black",
    "IMEI or serial number": imei,
    "Checked on Device Check Canada: not blocklisted": true,
    "Amount paid": "280.00",
    Cash: true,
    "Seller's name, typed by the seller": "Sam Seller",
  });
  const noReason = await purchase.submit("Buy device");
  expect(noReason.status).toBe(400);
  expect(noReason.errorOf("Why less than the online offer")).toBeTruthy();
  const record = await noReason
    .form("Buy device")
    .fill({
      "Checked on Device Check Canada: not blocklisted": true,
      "Why less than the online offer": "Deep scratch on the camera lens",
    })
    .submit("Buy device");
  const printed = record.text('[data-testid="purchase-record"]')!;
  expect(printed).toContain("$310.00");
  expect(printed).toContain("$280.00");
  expect(printed).toContain("Deep scratch on the camera lens");
  expect(printed).toContain("Driver's licence •••• 1234");
  const bought = await staff.open(`/admin/trade-ins?q=${reference}`);
  expect(bought.text("main")).toContain("Purchased");

  // Priced and put up for sale: the margin is what it sells for less the $280 paid.
  let device = await record.follow("Stock device");
  device = await device.form("Save device").fill({ Price: "449.00" }).submit("Save device");
  device = await device.form("Put up for sale").submit("Put up for sale");
  expect(device.text("main")).toContain("For sale");
  const stock = await staff.open(`/admin/stock?q=${imei.slice(-6)}`);
  expect(stock.text("main")).toContain("$169.00");

  // A customer finds it on /shop and reserves it.
  const customer = visitor(request);
  const listed = await customer.open("/shop?brand=Apple&sort=newest");
  const href = shopCards(listed).find((link) => link.startsWith("/shop/apple-iphone-15-128-gb-"))!;
  expect(href).toBeDefined();
  const publicId = href.slice(href.lastIndexOf("-") + 1);
  const reserved = await (
    await customer.open(href)
  )
    .form("Reserve for 48 hours")
    .fill({ Name: "Riley Buyer", "E-mail": `riley-${Date.now()}@example.com` })
    .submit("Reserve for 48 hours");
  const hold = reserved.url.pathname.split("/").at(-1)!;
  expect(hold).toMatch(/^R-/);
  expect(shopCards(await customer.open("/shop?brand=Apple"))).not.toContain(href);

  // Riley comes in: the counter sells the reserved phone on an invoice, paid by debit.
  page = await (
    await staff.open("/admin/invoices")
  )
    .form("Start sale")
    .fill({ "Made out to": "Riley Buyer" })
    .submit("Start sale");
  const withoutHold = await page
    .form("Add device and mark sold")
    .fill({ "Device: shop id, IMEI or serial number": publicId })
    .submit("Add device and mark sold");
  expect(withoutHold.status).toBe(409);
  page = await withoutHold
    .form("Add device and mark sold")
    .fill({
      "Device: shop id, IMEI or serial number": publicId,
      "Reservation reference (a reserved device only)": hold,
    })
    .submit("Add device and mark sold");
  expect(page.toast()?.description).toBe("Device added and marked sold.");
  page = await page.form("Issue invoice").submit("Issue invoice");
  // $449.00 and 13% HST.
  page = await page
    .form("Record payment")
    .fill({ Method: "debit", "Amount ($)": "507.37" })
    .submit("Record payment");
  expect(page.text('section[aria-labelledby="payments-heading"] p')).toBe("Paid in full");
  const receipt = await page.follow("Print receipt");
  expect(receipt.text('[data-testid="receipt-device-warranty"]')).toMatch(
    /Warranty: 3 months, until \w+ \d{1,2}, \d{4}/,
  );
  expect((await customer.open(href)).text('[data-testid="availability"]')).toMatch(/^Sold\./);
  const reservations = await staff.open("/admin/reservations");
  expect(reservations.text("main")).toMatch(new RegExp(`${hold}[\\s\\S]*Picked up`));
});
