import { expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { open } from "./support/public";

/**
 * Reserving a device for pickup in a browser with JavaScript on: the public pages' script adds
 * the pending button and the browser's own checks to the form the server drew; the server's answer
 * is the same confirmation as without JavaScript (tests/html/shop.spec.ts). One device of the
 * server's samples (seeds/shop-devices.ts) is this test's.
 */
test(
  "a customer finds a laptop, reserves it and gets the reference",
  { tag: "@js-only" },
  async ({ page }) => {
    await open(page, "/shop?category=laptop", true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: /Lenovo ThinkPad T14 Gen 2/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Lenovo ThinkPad T14 Gen 2 512 GB",
    );
    await expect(page.getByRole("heading", { name: "What “Fair” means" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const reserve = page.getByRole("button", { name: "Reserve for 48 hours" });
    // The browser's own check stops a form without a name before it is sent.
    await reserve.click();
    await expect(page.getByLabel("Name")).toBeFocused();
    await page.getByLabel("Name").fill("Jordan Reyes");
    await page.getByRole("textbox", { name: "E-mail" }).fill("jordan@example.com");
    await page.getByLabel("Mobile phone").fill("905-555-0177");
    await page.getByRole("radio", { name: "E-mail and text" }).check();
    await reserve.click();

    await expect(page).toHaveURL(/\/shop\/reserved\/R-[2-9A-HJ-NP-Z]{6}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserved for you");
    const reference = page.url().split("/").at(-1)!;
    await expect(page.getByText(reference, { exact: true })).toBeVisible();
    await expect(page.getByText("Held until")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Lenovo ThinkPad T14 Gen 2 512 GB" }).click();
    await expect(page.getByTestId("availability")).toHaveText(/^Reserved\./);
    await expect(reserve).toHaveCount(0);
  },
);
