import { expect, test } from "@playwright/test";
import { HtmlForm, staffVisitor, visitor, type HtmlPage } from "./support/html-page";
import { phonePhoto } from "./support/shop-photos-server";

/**
 * A device for sale's photos without JavaScript (issue 33): a photo's Delete, behind its second
 * step, is a plain form to the device's photo address; the device's page and its page on /shop
 * stop showing the photo at once, and a second Delete of it is refused with the reason.
 */

/** The public ids of the device's photos the page shows, in its order. */
const photoIds = (page: HtmlPage) =>
  page
    .visible('[data-testid="stock-photo"] img')
    .map((img) => /^\/photos\/([\w-]+)\//.exec(page.$(img).attr("src") ?? "")![1]!);

/** The Delete form of the photo whose public id this is. */
function deleteFormOf(page: HtmlPage, publicId: string) {
  const [form] = page.visible(`form:has(input[name="photo"][value="${publicId}"])`);
  if (!form) throw new Error(`no Delete form for ${publicId} on ${page.url.pathname}`);
  return new HtmlForm(page, form);
}

test("a photo deleted on the device page leaves its page on /shop at once; a second Delete is refused", async ({
  request,
}) => {
  const staff = await staffVisitor(request);
  // A brand of its own, so the shop's brand filter finds this device alone.
  const brand = `Photobrand${Date.now().toString(36)}`;
  let device = await (
    await staff.open("/admin/stock/new")
  )
    .form("Add to stock")
    .fill({
      Category: "mobile",
      Brand: brand,
      Model: "Pixel 8",
      "IMEI or serial number": `DEL${Date.now().toString(36).toUpperCase()}`,
      Grade: "Good",
      Price: "449.00",
      Cost: "300.00",
    })
    .submit("Add to stock");
  expect(device.url.pathname).toMatch(/^\/admin\/stock\/\d+$/);
  const path = device.url.pathname;
  device = await device.form("Add Photos").submit("Add Photos", {
    files: {
      photos: [
        await phonePhoto("front.jpg", 800, 600),
        await phonePhoto("back.jpg", 800, 600, "#1d4ed8"),
      ],
    },
  });
  expect(device.toast()?.description).toBe("2 photos added.");
  device = await device.form("Put up for sale").submit("Put up for sale");
  const [gone, kept] = photoIds(device);
  expect(gone && kept).toBeTruthy();

  const shopper = visitor(request);
  const listing = await shopper.open(`/shop?brand=${brand}`);
  const shopPath = listing.link(new RegExp(`^${brand} Pixel 8`), "main");
  let shopPage = await shopper.open(shopPath);
  expect(shopPage.status).toBe(200);
  expect(shopPage.html).toContain(gone);
  expect(shopPage.html).toContain(kept);

  // The second step holds the button: a browser without JavaScript opens <details> itself.
  const remove = deleteFormOf(device, gone!);
  expect(device.$(remove.element).closest("details").find("summary").text()).toBe("Delete…");
  const deleted = await remove.submit("Delete this photo");
  expect(deleted.url.pathname).toBe(path);
  expect(deleted.toast()?.description).toBe("Photo deleted.");
  expect(photoIds(deleted)).toEqual([kept]);
  expect(deleted.text("#photos-heading + div")).toContain("This device keeps 1 of at most 12.");

  shopPage = await shopper.open(shopPath);
  expect(shopPage.html).not.toContain(gone);
  expect(shopPage.html).toContain(kept);
  expect((await request.get(`/photos/${gone}`)).status()).toBe(404);

  // The same Delete again, from the page read before: the photos page says why.
  const stale = await remove.submit("Delete this photo");
  expect(stale.status).toBe(404);
  expect(stale.url.pathname).toBe(`${path}/photos`);
  expect(stale.alerts()).toContain(
    "That photo is no longer on this device: it was deleted meanwhile.",
  );
  expect(stale.toast()?.description).toBe(
    "That photo is no longer on this device: it was deleted meanwhile.",
  );
  expect(photoIds(stale)).toEqual([kept]);
  expect(stale.form("Add Photos").element).toBeTruthy();
});
