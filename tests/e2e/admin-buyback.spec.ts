import type { Page } from "@playwright/test";
import sharp from "sharp";
import { desktop, expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { logIn, runImei } from "./support/admin";

/**
 * The counter purchase in a real browser: with JavaScript the seller signs on the pad with the
 * mouse and the record draws that signature; every buy-and-sell page is axe clean and fits a
 * phone's width and a desktop's, with JavaScript on and off.
 */

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function fillPurchase(page: Page, imei: string) {
  await page.getByLabel(/^Name/).fill("Casey Signer");
  await page.getByLabel(/^Phone/).fill("905 555 0166");
  await page.getByLabel(/^Government ID/).selectOption("passport");
  await page.getByLabel(/^ID number/).fill("HX 998877");
  await page.getByLabel(/^Category/).selectOption("mobile");
  await page.getByLabel(/^Brand/).fill("Google");
  await page.getByLabel(/^Model/).fill("Pixel 8");
  await page.getByLabel(/^IMEI or serial number/).fill(imei);
  await page.getByLabel(/^Grade/).selectOption("fair");
  await page.getByLabel("Checked on Device Check Canada: not blocklisted").check();
  await page.getByLabel(/^Amount paid/).fill("180");
  await page.getByLabel("Cash").check();
  await page.getByLabel(/^Seller's name, typed by the seller/).fill("Casey Signer");
}

test("@js-only the seller signs with the mouse and the record shows the signature", async ({
  page,
}) => {
  await logIn(page);
  await page.setViewportSize(desktop);
  await page.goto("/admin/purchases/new");
  await fillPurchase(page, runImei());
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 ? -20 : 20));
  await page.mouse.up();
  const drawn = await page.locator('input[name="signature"]').inputValue();
  expect(drawn).toMatch(/^M\d+ \d+(L\d+ \d+)+$/);
  await page.getByRole("button", { name: "Clear signature" }).click();
  expect(await page.locator('input[name="signature"]').inputValue()).toBe("");
  await page.mouse.move(box.x + 30, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 80);
  await page.mouse.move(box.x + 300, box.y + 40);
  await page.mouse.up();
  const signed = await page.locator('input[name="signature"]').inputValue();
  await page.getByRole("button", { name: "Buy device" }).click();
  await page.waitForURL(/\/admin\/purchases\/\d+\/record$/);
  const record = page.getByTestId("purchase-record");
  await expect(record.getByRole("img", { name: "Signature of Casey Signer" })).toBeVisible();
  expect(await record.locator("path").getAttribute("d")).toBe(signed);
  await expect(record).toContainText("Passport •••• 8877");
});

test("the buy-and-sell pages fit a phone and a desktop, and are axe clean", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(120_000);
  await logIn(page);
  await page.goto("/admin/stock/new");
  await page.getByLabel(/^Category/).selectOption("console");
  await page.getByLabel(/^Brand/).fill("Nintendo");
  await page.getByLabel(/^Model/).fill("Switch OLED");
  await page.getByLabel(/^IMEI or serial number/).fill(`XKW${Date.now()}`);
  await page.getByLabel(/^Grade/).selectOption("good");
  await page.getByLabel(/^Cost/).fill("190");
  await page.getByRole("button", { name: "Add to stock" }).click();
  await page.waitForURL(/\/admin\/stock\/\d+$/);
  const devicePage = new URL(page.url()).pathname;
  for (const size of [phone, desktop]) {
    await page.setViewportSize(size);
    for (const path of [
      "/admin/purchases",
      "/admin/purchases/new",
      "/admin/stock",
      "/admin/stock/new",
      devicePage,
    ]) {
      await page.goto(path);
      expect(await fitsWidth(page), `${path} at ${size.width} px`).toBe(true);
      // axe runs as a script: with JavaScript on only.
      if (jsEnabled)
        expect(await axeViolations(page, { label: `${path} at ${size.width} px` })).toEqual([]);
    }
  }
});

// Without JavaScript the same forms post as pages: tests/html/admin-stock-photos.spec.ts.
test("@js-only a device's photo is added and deleted from its page through the router", async ({
  page,
}) => {
  // A photo through sharp, on a busy machine.
  test.setTimeout(90_000);
  await logIn(page);
  await page.setViewportSize(phone);
  await page.goto("/admin/stock/new");
  await page.getByLabel(/^Category/).selectOption("mobile");
  await page.getByLabel(/^Brand/).fill("Google");
  await page.getByLabel(/^Model/).fill("Pixel 7a");
  await page.getByLabel(/^IMEI or serial number/).fill(runImei());
  await page.getByLabel(/^Grade/).selectOption("good");
  await page.getByLabel(/^Price/).fill("299.00");
  await page.getByLabel(/^Cost/).fill("180.00");
  await page.getByRole("button", { name: "Add to stock" }).click();
  await page.waitForURL(/\/admin\/stock\/\d+$/);

  const photos = page.getByRole("region", { name: "Photos" });
  await photos.getByLabel("Photos", { exact: true }).setInputFiles({
    name: "front.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#0f766e" },
    })
      .jpeg()
      .toBuffer(),
  });
  await photos.getByRole("button", { name: "Add Photos" }).click();
  await expect(page.getByTestId("toast")).toContainText("Photo added.");
  await expect(photos.getByTestId("stock-photo")).toHaveCount(1);

  // The second step opens from its summary, then its button deletes.
  await photos.getByText("Delete…").click();
  await photos.getByRole("button", { name: "Delete this photo" }).click();
  await expect(page.getByTestId("toast")).toContainText("Photo deleted.");
  await expect(photos.getByTestId("stock-photo")).toHaveCount(0);
  await expect(photos).toContainText("No photos yet.");
  expect(await fitsWidth(page)).toBe(true);
});
