import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, phone, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { openRepair } from "./support/admin";
import { bookViaApi } from "./support/api";
import { sidewaysScrolling } from "./support/layout-checks";

/*
 * A repair's photos in the browser (docs/decisions/0043). The upload round trip without
 * JavaScript, the limits and who sees a photo: tests/html/admin-photos.spec.ts. Here: the file
 * input a phone opens its camera from, the upload through the router, and the section at 390 px.
 */

const photosSection = (page: Page) => page.getByRole("region", { name: "Photos" });

const cameraPhoto = async (name: string, background: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

test("the camera input, an upload and the photos fit a phone", async ({ page, request }) => {
  // Two photos through sharp, on a busy machine.
  test.setTimeout(90_000);
  const booked = await bookViaApi(request);
  await page.setViewportSize(phone);
  await openRepair(page, booked.id);
  const section = photosSection(page);
  const input = section.getByLabel("Photos");
  await expect(input).toHaveAttribute("type", "file");
  await expect(input).toHaveAttribute("accept", "image/*");
  await expect(input).toHaveAttribute("capture", "environment");
  await expect(input).toHaveAttribute("multiple", "");

  await section.getByLabel("Intake condition").check();
  await input.setInputFiles([
    await cameraPhoto("front.jpg", "#b91c1c"),
    await cameraPhoto("back.jpg", "#1d4ed8"),
  ]);
  await section.getByLabel("Caption (optional)").fill("Scratches on the frame");
  await section.getByRole("button", { name: "Add Photos" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/repairs/${booked.id}(#photos-heading)?$`));
  await expect(page.getByTestId("toast")).toContainText("2 photos added.");
  const photos = section.getByTestId("repair-photo");
  await expect(photos).toHaveCount(2);
  // The thumbnails load: the browser decoded what the server stored.
  for (const img of await photos.getByRole("img").all())
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
  expect(await sidewaysScrolling(page)).toEqual([]);
});

// axe runs only with JavaScript; the section is the same markup without it (no hydration-only part).
test(
  "the Photos section with a shown photo has no axe violations, on a phone and a desktop",
  { tag: "@js-only" },
  async ({ page, request }) => {
    test.setTimeout(90_000);
    const booked = await bookViaApi(request);
    await openRepair(page, booked.id);
    const uploaded = await page.request.post(`/admin/repairs/${booked.id}/photos`, {
      headers: { "sec-fetch-site": "same-origin" },
      multipart: { kind: "diagnosis", photos: await cameraPhoto("board.jpg", "#15803d") },
      maxRedirects: 0,
    });
    expect(uploaded.status()).toBe(303);
    await page.reload();
    await photosSection(page).getByRole("button", { name: "Show the customer" }).click();
    await expect(photosSection(page)).toContainText("Customer sees it");
    expect(await axeViolations(page, { label: "desktop" })).toEqual([]);
    await page.setViewportSize(phone);
    expect(await axeViolations(page, { label: "phone" })).toEqual([]);
  },
);
