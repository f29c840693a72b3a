import { expect, test } from "@playwright/test";
import { runImei, uniqueName } from "../e2e/support/admin";
import { formatDeviceIdentifier } from "../../app/utils/device-identifier";
import { staffVisitor } from "./support/html-page";

/**
 * Customers and devices without JavaScript (docs/decisions/0042): the walk-in form finds a known
 * customer by the phone typed and fills in them and their device by posting; the customer page's
 * forms post and redirect, and a save from a page drawn before another's is refused with what
 * changed. The script's lookup and the layout are in tests/e2e/admin-customers.spec.ts.
 */

/** A phone number of this run's own, so the customer found is this test's. */
const runPhone = () =>
  `905 55${String(Date.now()).slice(-1)} ${String(Math.floor(Math.random() * 9000) + 1000)}`;
const save = "Save walk-in and print";

test.describe("customers and devices", () => {
  test("a returning customer's walk-in: Find customer offers them and their device, a pick fills the form, the ticket prints the IMEI", async ({
    request,
  }) => {
    const phone = runPhone();
    const lastName = uniqueName("Santos");
    const imei = runImei();
    const printed = `IMEI ${formatDeviceIdentifier({ kind: "imei", value: imei })}`;
    const staff = await staffVisitor(request, "/admin/repairs/new");
    const first = await staff.landed
      .form(save)
      .fill({
        "First name": "Maria",
        "Last name": lastName,
        Phone: phone,
        "Device category": "mobile",
        Brand: "Samsung",
        Model: "Galaxy S21",
        "IMEI or serial number": printed.slice("IMEI ".length),
        Issue: "Screen Repair",
        "Customer kept the passcode": true,
      })
      .submit(save);
    expect(first.url.pathname).toMatch(/\/print$/);
    expect(first.text("body")).toContain(printed);

    const again = await (
      await staff.open("/admin/repairs/new")
    )
      .form("Find customer")
      .fill({ Phone: `+1 (${phone.slice(0, 3)}) ${phone.slice(4)}` })
      .submit("Find customer");
    expect(again.status).toBe(200);
    const offer = again.text('[data-testid="customer-lookup"]') ?? "";
    expect(offer).toContain(`Known customer: Maria ${lastName}`);
    const picked = await again.form(new RegExp(printed)).submit(new RegExp(printed));
    const fields = Object.fromEntries(picked.form(save).fields());
    expect(fields).toMatchObject({
      firstName: "Maria",
      lastName,
      deviceCategory: "mobile",
      deviceBrand: "Samsung",
      deviceModel: "Galaxy S21",
      deviceIdentifier: imei,
      notifyBy: "both",
    });
    // The device's repairs from the price list came with the pick: no "Find repairs" first. Without
    // JavaScript the walk-in is the phone, Find customer, the device, the repair, "Fill issue and
    // price", the passcode and Save: 7 actions (decision 0046), and a tap a check.
    const battery = picked
      .$(picked.control("Repair from the price list"))
      .find("option")
      .toArray()
      .map((option) => picked.$(option).text())
      .find((label) => label.startsWith("Battery Replacement — $"))!;
    const filled = await picked
      .form("Fill issue and price")
      .fill({ "Repair from the price list": battery })
      .submit("Fill issue and price");
    expect(Object.fromEntries(filled.form(save).fields())).toMatchObject({
      issueType: "Battery Replacement",
      quotedPrice: battery.split(" — $")[1]!.replace(/,/g, ""),
      deviceIdentifier: imei,
    });
    const second = await filled
      .form(save)
      .fill({ "Customer kept the passcode": true })
      .submit(save);
    expect(second.url.pathname).toMatch(/\/print$/);

    // Both repairs are one customer's, and the device's history has both.
    const repairId = second.url.pathname.split("/")[3]!;
    const repair = await staff.open(`/admin/repairs/${repairId}`);
    const customer = await repair.follow("Customer record");
    expect(customer.headings(1)).toEqual([`Maria ${lastName}`]);
    expect(customer.text('section[aria-labelledby="repairs-heading"]')).toMatch(
      /WF-\d{5}.*WF-\d{5}/s,
    );
    const device = await customer.follow(/Samsung Galaxy S21/);
    expect(device.texts('section[aria-labelledby="device-repairs-heading"] li')).toHaveLength(2);
  });

  test("a wrong IMEI at intake is refused with its message and the input kept", async ({
    request,
  }) => {
    const { landed } = await staffVisitor(request, "/admin/repairs/new");
    const refused = await landed
      .form(save)
      .fill({
        "First name": "Ana",
        "Last name": uniqueName("Check"),
        Phone: runPhone(),
        "Device category": "mobile",
        "IMEI or serial number": "352099001761482",
        Issue: "Screen Repair",
        "Customer kept the passcode": true,
      })
      .submit(save);
    expect(refused.status).toBe(400);
    expect(refused.text("body")).toContain("does not match the others: a digit is mistyped");
    expect(Object.fromEntries(refused.form(save).fields()).deviceIdentifier).toBe(
      "352099001761482",
    );
  });

  test("two staff on one customer: a save from a page drawn before the other's is refused with what changed, and the typed name kept", async ({
    request,
    playwright,
  }) => {
    const lastName = uniqueName("Kim");
    const staff = await staffVisitor(request, "/admin/repairs/new");
    const ticket = await staff.landed
      .form(save)
      .fill({
        "First name": "Dana",
        "Last name": lastName,
        Phone: runPhone(),
        "E-mail": `${lastName.toLowerCase().replace(" ", ".")}@example.com`,
        "Device category": "mobile",
        Issue: "Screen Repair",
        "Customer kept the passcode": true,
      })
      .submit(save);
    const repairId = ticket.url.pathname.split("/")[3]!;
    const counter = await (
      await staff.open(`/admin/repairs/${repairId}`)
    ).follow("Customer record");
    const customerPath = counter.url.pathname;

    const phone = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const { landed: bench } = await staffVisitor(phone, customerPath);
      const saved = await bench
        .form("Save Customer")
        .fill({ "Repair updates by": "email" })
        .submit("Save Customer");
      expect(saved.toast()?.description).toBe("Customer saved.");
    } finally {
      await phone.dispose();
    }

    const refused = await counter
      .form("Save Customer")
      .fill({ "Last name": `${lastName}-Ortiz` })
      .submit("Save Customer");
    expect(refused.status).toBe(409);
    const alert = refused.text('section[aria-labelledby="edit-heading"] [role="alert"]') ?? "";
    expect(alert).toContain("was changed while you had this page open, so nothing was saved.");
    expect(alert).toContain("channel changed (now E-mail)");
    const fields = Object.fromEntries(refused.form("Save Customer").fields());
    expect(fields).toMatchObject({ lastName: `${lastName}-Ortiz`, notifyBy: "email" });
    const applied = await refused.form("Save Customer").submit("Save Customer");
    expect(applied.headings(1)).toEqual([`Dana ${lastName}-Ortiz`]);

    const list = await staff.open(`/admin/customers?q=${encodeURIComponent(lastName)}`);
    expect(list.texts('[data-testid="customer-row"]')).toHaveLength(1);
  });
});
