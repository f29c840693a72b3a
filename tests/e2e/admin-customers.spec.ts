import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn, uniqueName } from "./support/admin";

/**
 * What needs a browser of customers and devices (docs/decisions/0042): the walk-in form's lookup
 * as the phone is typed, filling the form in place, and the customer pages on a phone. Without
 * JavaScript: tests/html/admin-customers.spec.ts.
 */

const save = "Save walk-in and print";
const phoneNumber = () =>
  `905 55${String(Date.now()).slice(-1)} ${Math.floor(Math.random() * 9000) + 1000}`;

test(
  "typing a known phone at walk-in offers the customer and their device; a pick fills the form in place",
  { tag: "@js-only" },
  async ({ page }) => {
    test.setTimeout(90_000);
    const number = phoneNumber();
    const lastName = uniqueName("Lookup");
    await logIn(page, {
      from: `/admin/login?redirectTo=${encodeURIComponent("/admin/repairs/new")}`,
      landsOn: /\/admin\/repairs\/new$/,
    });
    await page.getByLabel(/^First name/).fill("Zoë");
    await page.getByLabel(/^Last name/).fill(lastName);
    await page.getByLabel(/^Phone/).fill(number);
    await page.getByLabel(/^Device category/).selectOption("mobile");
    await page.getByLabel("Brand").fill("Apple");
    await page.getByLabel("Model").fill("iPhone 13");
    await page.getByLabel("IMEI or serial number").fill("352099001761481");
    await page.getByLabel(/^Issue/).fill("Screen Repair");
    await page.getByText("Customer kept the passcode").click();
    await page.getByRole("button", { name: save }).click();
    await expect(page).toHaveURL(/\/print$/);

    await page.goto("/admin/repairs/new");
    await page.getByLabel(/^Phone/).fill(`(${number.slice(0, 3)}) ${number.slice(4)}`);
    const lookup = page.getByTestId("customer-lookup");
    await expect(lookup).toContainText(`Known customer: Zoë ${lastName}`);
    await page.setViewportSize(phone);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    expect(await axeViolations(page, { label: "walk-in with a known customer" })).toEqual([]);
    await lookup.getByRole("button", { name: /IMEI 35 209900 176148 1/ }).click();
    // Filled in place: no post, the page stays.
    await expect(page).toHaveURL(/\/admin\/repairs\/new$/);
    await expect(page.getByLabel(/^First name/)).toHaveValue("Zoë");
    await expect(page.getByLabel(/^Last name/)).toHaveValue(lastName);
    await expect(page.getByLabel("Model")).toHaveValue("iPhone 13");
    await expect(page.getByLabel("IMEI or serial number")).toHaveValue("352099001761481");
  },
);

// axe runs in the page's JavaScript; without it the same markup is the HTML level's.
test("a customer's page fits a phone and is axe-clean", { tag: "@js-only" }, async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  await logIn(page, {
    from: `/admin/login?redirectTo=${encodeURIComponent("/admin/customers")}`,
    landsOn: /\/admin\/customers$/,
  });
  const first = page.getByTestId("customer-row").first().getByRole("link");
  if (await first.count()) {
    await first.click();
    await expect(page.getByRole("heading", { level: 2, name: "Phones and E-mails" })).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phone.width,
  );
  expect(await axeViolations(page, { label: "customer page on a phone" })).toEqual([]);
});
