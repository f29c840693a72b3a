import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, phone, test } from "./fixtures";
import { admin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { sidewaysScrolling } from "./support/layout-checks";
import { shopPhotosServer } from "../html/support/shop-photos-server";

/*
 * The shop's photos in the browser (docs/decisions/0062), on a server of their own. The forms
 * without JavaScript, their refusals and what the pages' HTML says: tests/html/admin-shop-
 * photos.spec.ts. Here: an upload from a phone through the router (a plain post without
 * JavaScript), the page at 390 px, and the portrait the About page then shows, in its size.
 */

const server = shopPhotosServer();

async function signIn(page: Page, landOn: string) {
  const answer = await page.request.post(`${server.url()}/admin/login`, {
    form: { ...admin, redirectTo: landOn },
    maxRedirects: 0,
  });
  await page.goto(new URL(answer.headers()["location"]!, server.url()).href);
}

test("a portrait uploaded from a phone shows on the About page, in its circle and size", async ({
  page,
  jsEnabled,
}) => {
  // Sizes in AVIF and WebP through sharp, on a busy machine.
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  await signIn(page, "/admin/photos");
  await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
  const place = page.getByRole("region", { name: "Aisha Rahman" });
  await place.getByLabel(/^Photo\b/).setInputFiles({
    name: "IMG_0007.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({
      create: { width: 1200, height: 1600, channels: 3, background: "#0e7490" },
    })
      .jpeg()
      .toBuffer(),
  });
  await place.getByLabel("Description (alt text)").fill("Aisha Rahman at her bench");
  await place.getByRole("button", { name: "Add Photo to Aisha Rahman" }).click();
  await expect(page.getByTestId("toast")).toContainText("Photo added to Aisha Rahman.");
  const card = place.getByTestId("shop-photo");
  await expect(card).toHaveCount(1);
  await expect
    .poll(() => card.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // With JavaScript the router sent the form: the page was never left.
  expect(await page.evaluate(() => "stillThisPage" in window)).toBe(jsEnabled);
  expect(await sidewaysScrolling(page)).toEqual([]);
  if (jsEnabled) expect(await axeViolations(page)).toEqual([]);

  await page.goto(`${server.url()}/about`);
  const portrait = page.getByRole("img", { name: "Aisha Rahman at her bench" });
  await portrait.scrollIntoViewIfNeeded();
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // Chromium takes the AVIF at the width a 96 px circle needs on this screen.
  expect(await portrait.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/photos\/[\w-]{22}\/(160|320|480)\.avif$/,
  );
  const box = await portrait.boundingBox();
  expect([box?.width, box?.height]).toEqual([96, 96]);
  // The other technicians keep their drawings.
  await expect(page.getByRole("img", { name: "Portrait of Daniel Tremblay" })).toHaveAttribute(
    "src",
    /^\/images\/photos\/team-daniel-tremblay-/,
  );
});
