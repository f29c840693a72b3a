import { expect, test } from "@playwright/test";
import { trade } from "../../app/config/shop";
import { runImei } from "../e2e/support/admin";
import { staffVisitor, visitor } from "./support/html-page";
import { phonePhoto } from "./support/shop-photos-server";

/**
 * Buying a device at the counter and the stock of devices for sale, without JavaScript: the
 * purchase form refused and then sent, its record printed with the ID masked, found again; the
 * device in stock priced, put up for sale, and an edit made on a stale copy refused.
 */

const seller = {
  Name: "Avery Counter",
  Phone: "905-555-0188",
  "Government ID": "Driver's licence",
  "ID number": "A1234-56789-05678",
  Category: "mobile",
  Brand: "Samsung",
  Model: "Galaxy S22",
  Storage: "256 GB",
  Colour: "Phantom Black",
  Grade: "Good",
  "Amount paid": "210.00",
  Cash: true,
  "Seller's name, typed by the seller": "Avery Counter",
};

test.describe("buying a device at the counter", () => {
  test("refused without the blocklist check, then bought: the record masks the ID, the list finds it, the stock holds it", async ({
    request,
  }) => {
    const staff = await staffVisitor(request);
    const imei = runImei();
    const blank = await staff.open("/admin/purchases/new");
    expect(blank.text("h1")).toBe("Buy a device");
    expect(blank.$(`a[href="${trade.deviceCheckUrl}"]`).attr("target")).toBe("_blank");
    // No JavaScript: no signature pad, the typed name is the declaration.
    expect(blank.$('[data-testid="signature-pad"]').length).toBe(0);

    const unchecked = await blank
      .form("Buy device")
      .fill({ ...seller, "IMEI or serial number": imei })
      .submit("Buy device", { unchecked: true });
    expect(unchecked.status).toBe(400);
    expect(unchecked.errorOf("Checked on Device Check Canada: not blocklisted")).toContain(
      "cannot be bought",
    );
    // What was typed comes back, but for the refused box.
    expect(unchecked.$('input[name="sellerName"]').attr("value")).toBe("Avery Counter");

    const bad = await unchecked
      .form("Buy device")
      .fill({
        "Checked on Device Check Canada: not blocklisted": true,
        "IMEI or serial number": "490154203237519",
      })
      .submit("Buy device");
    expect(bad.status).toBe(400);
    expect(bad.errorOf("IMEI or serial number")).toContain("check digit");
    const noReference = await bad
      .form("Buy device")
      .fill({
        "Checked on Device Check Canada: not blocklisted": true,
        "IMEI or serial number": imei,
        "Interac e-Transfer": true,
      })
      .submit("Buy device");
    expect(noReference.status).toBe(400);
    expect(noReference.errorOf("e-Transfer reference")).toBe(
      "Please enter the e-Transfer's reference number.",
    );

    const form = noReference.form("Buy device").fill({
      "Checked on Device Check Canada: not blocklisted": true,
      "IMEI or serial number": imei,
      Cash: true,
    });
    const record = await form.submit("Buy device");
    expect(record.url.pathname).toMatch(/^\/admin\/purchases\/\d+\/record$/);
    expect(record.toast()?.description).toBe("Purchase recorded. Print the record for the seller.");
    const text = record.text('[data-testid="purchase-record"]')!;
    expect(text).toContain("WeFix Device Repair Inc.");
    expect(text).toContain("Driver's licence •••• 5678");
    expect(text).not.toContain("A1234");
    expect(text).toContain("Samsung · Galaxy S22 · 256 GB · Phantom Black");
    expect(text).toContain("$210.00");
    expect(text).toContain("Not blocklisted (Device Check Canada), checked by e2e-admin");
    expect(text).toContain("I own this device");
    expect(text).toContain("Signed: Avery Counter");
    // The same form sent again (a double tap) is the same purchase.
    expect((await form.submit("Buy device")).url.pathname).toBe(record.url.pathname);

    const found = await staff.open(`/admin/purchases?q=${imei.slice(-6)}`);
    const rows = found.visible('[data-testid="purchase-row"]').map((row) => found.$(row).text());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Avery Counter");
    expect(rows[0]).not.toContain("5678");
    // A day that is not a date is no filter, not an error.
    expect((await staff.open("/admin/purchases?on=2026-13-45")).status).toBe(200);

    const stock = await record.follow("Stock device");
    expect(stock.text("h1")).toBe("Samsung Galaxy S22 256 GB");
    expect(stock.$('input[name="cost"]').attr("value")).toBe("210.00");
    const unpriced = await stock.form("Put up for sale").submit("Put up for sale");
    expect(unpriced.status).toBe(409);
    expect(unpriced.alerts()).toContain(
      "Please set the device's price before putting it up for sale.",
    );
  });

  test("an unknown offer's reference says so and leaves a fresh purchase", async ({ request }) => {
    const staff = await staffVisitor(request);
    const page = await staff.open("/admin/purchases/new?offer=NOPE42");
    expect(page.text('[data-testid="offer-refusal"]')).toBe(
      "There is no offer NOPE42. The form below makes a fresh purchase.",
    );
    // The purchase itself carries no offer; only the lookup form above it asks for one.
    expect(
      page
        .form("Buy device")
        .fields()
        .filter(([name]) => name === "offer"),
    ).toEqual([]);
  });

  test("the privacy policy says what a seller's ID is for and how long it is kept", async ({
    request,
  }) => {
    const page = await visitor(request).open("/privacy-policy");
    expect(page.text("main")).toContain(
      `your ID is used for the purchase record only. Its number is stored encrypted, shown to staff only as its last four digits, and erased ${trade.sellerIdKeptDays} days after the purchase`,
    );
  });
});

test.describe("the stock of devices for sale", () => {
  test("stock bought elsewhere: added, priced, put up for sale, filtered; a stale edit refused", async ({
    request,
  }) => {
    const staff = await staffVisitor(request);
    const serial = `HTML${Date.now().toString(36).toUpperCase()}`;
    const adding = await staff.open("/admin/stock/new");
    const refused = await adding
      .form("Add to stock")
      .fill({
        Category: "tablet",
        Brand: "Apple",
        Model: "iPad mini 6",
        Grade: "Excellent",
        Cost: "x",
      })
      .submit("Add to stock", { unchecked: true });
    expect(refused.status).toBe(400);
    expect(refused.errorOf("IMEI or serial number")).toBe(
      "Please enter the IMEI or the serial number.",
    );
    expect(refused.errorOf("Cost")).toBe("Please enter the amount in dollars, like 240.00.");

    let device = await refused
      .form("Add to stock")
      .fill({
        "IMEI or serial number": serial,
        "Battery health (%)": "88",
        Price: "529.00",
        Cost: "380.00",
      })
      .submit("Add to stock");
    expect(device.url.pathname).toMatch(/^\/admin\/stock\/\d+$/);
    expect(device.toast()?.description).toBe("Device added to stock.");

    const path = device.url.pathname;
    // Photos for its public page, through the upload's own address.
    device = await device.form("Add Photos").submit("Add Photos", {
      files: { photos: [await phonePhoto("front.jpg", 800, 600)] },
    });
    expect(device.toast()?.description).toBe("Photo added.");
    expect(device.url.pathname).toBe(`${path}`);
    const thumbs = device.$('img[src^="/photos/"]');
    expect(thumbs.length).toBe(1);
    expect(thumbs.attr("alt")).toBe("Photo 1 of the device");

    // Two staff open the same device; the second saves on the copy the first has changed.
    const stale = await staff.open(path);
    device = await device.form("Save device").fill({ Price: "499.00" }).submit("Save device");
    expect(device.toast()?.description).toBe("Device saved.");
    const conflict = await stale
      .form("Save device")
      .fill({ Price: "450.00" })
      .submit("Save device");
    expect(conflict.status).toBe(409);
    expect(conflict.alerts().join(" ")).toContain("changed by someone else");
    expect(conflict.$('input[name="price"]').attr("value")).toBe("499.00");

    device = await device.form("Put up for sale").submit("Put up for sale");
    expect(device.toast()?.description).toBe("Moved to For sale.");
    expect(() => device.form("Put up for sale")).toThrow();

    const list = await staff.open(`/admin/stock?state=for_sale&category=tablet&q=${serial}`);
    const rows = list.visible('[data-testid="stock-row"]').map((r) => list.$(r).text());
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toContain("For sale");
    expect(row).toContain("$380.00");
    expect(row).toContain("$119.00");
    expect(row).toContain("0 days");
    const refurbishing = await staff.open(`/admin/stock?state=refurbishing&q=${serial}`);
    expect(refurbishing.visible('[data-testid="stock-row"]')).toHaveLength(0);

    device = await device.form("Back to refurbishing").submit("Back to refurbishing");
    expect(device.toast()?.description).toBe("Moved to Refurbishing.");
    expect((await staff.open("/admin/stock/999999999")).status).toBe(404);
  });
});
