import { request as httpRequest } from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { bookViaApi } from "../e2e/support/api";
import { staffVisitor, visitor, type HtmlPage } from "./support/html-page";

/**
 * A repair's photos without JavaScript (docs/decisions/0043): the multipart form posts to the
 * upload's own address and comes back to the repair page; the limits answer 4xx with their
 * message; a photo is the staff's until shown, then the customer's through the secret link only.
 */

const photoForm = (page: HtmlPage) => page.form("Add Photos");
const photoCards = (page: HtmlPage) => page.$('[data-testid="repair-photo"]');

async function photoFile(name: string, colour = "#b91c1c") {
  const bytes = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: colour },
  })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 26/1 5/1" } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

async function repairWithPhotos(request: APIRequestContext) {
  const booked = await bookViaApi(request);
  const { landed } = await staffVisitor(request, `/admin/repairs/${booked.id}`);
  return { booked, landed, added: await addPhotos(landed) };
}

async function addPhotos(landed: HtmlPage) {
  return photoForm(landed)
    .fill({ Diagnosis: true, "Caption (optional)": "Swollen battery under the back cover" })
    .submit("Add Photos", {
      files: {
        photos: [await photoFile("IMG_0001.jpg"), await photoFile("IMG_0002.jpg", "#1d4ed8")],
      },
    });
}

test.describe("a repair's photos", () => {
  test("photos uploaded without JavaScript show on the repair page, each opening the full photo", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const { landed } = await staffVisitor(request, `/admin/repairs/${booked.id}`);
    const section = landed.text('section[aria-labelledby="photos-heading"]') ?? "";
    expect(section).toContain("No photos of this repair yet.");
    const input = landed.$('input[type="file"][name="photos"]');
    expect(input.attr("accept")).toBe("image/*");
    expect(input.attr("capture")).toBe("environment");
    expect(input.attr("multiple")).toBeDefined();
    expect(landed.$(input.closest("form")).attr("enctype")).toBe("multipart/form-data");

    const added = await addPhotos(landed);
    expect(added.url.pathname).toMatch(/^\/admin\/repairs\/\d+$/);
    expect(added.toast()?.description).toBe("2 photos added.");
    const cards = photoCards(added);
    expect(cards).toHaveLength(2);
    expect(added.text('[data-testid="repair-photo"]')).toContain("Diagnosis");
    expect(added.text('[data-testid="repair-photo"]')).toContain(
      "Swollen battery under the back cover",
    );
    const thumb = cards.first().find("img");
    expect(thumb.attr("alt")).toBe("Swollen battery under the back cover");
    const full = cards.first().find("a").attr("href")!;
    expect(thumb.attr("src")).toBe(`${full}/thumb`);

    for (const path of [full, `${full}/thumb`]) {
      const photo = await request.get(path);
      expect(photo.status(), path).toBe(200);
      expect(photo.headers()["content-type"]).toBe("image/webp");
      expect(photo.headers()["cache-control"]).toBe("private, no-cache");
      expect(photo.headers()["etag"]).toBeTruthy();
      const metadata = await sharp(await photo.body()).metadata();
      expect(metadata.exif).toBeUndefined();
    }
    const again = await request.get(full, {
      headers: { "if-none-match": (await request.get(full)).headers()["etag"]! },
    });
    expect(again.status()).toBe(304);
  });

  test("limits answer with their message: not a photo 400, too large 413, nothing stored", async ({
    request,
  }) => {
    const booked = await bookViaApi(request);
    const { landed } = await staffVisitor(request, `/admin/repairs/${booked.id}`);
    const text = new File(["not a photo at all"], "notes.jpg", { type: "image/jpeg" });
    const refused = await photoForm(landed).submit("Add Photos", { files: { photos: [text] } });
    expect(refused.status).toBe(400);
    expect(refused.url.pathname).toBe(`/admin/repairs/${booked.id}/photos`);
    const message =
      "“notes.jpg”: This file is not a photo the shop can keep. Please send a JPEG, PNG or WebP photo.";
    expect(refused.alerts()).toContain(message);
    expect(refused.toast()?.description).toBe(message);
    // The page that answers has the same form, to try again, and the way back.
    expect(refused.link(/Back to WF-/)).toBe(`/admin/repairs/${booked.id}`);

    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", {
      type: "image/jpeg",
    });
    const tooLarge = await photoForm(refused).submit("Add Photos", { files: { photos: [huge] } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.alerts()).toContain("Each photo must be 10 MB or smaller.");

    const page = await visitor(request).open(`/admin/repairs/${booked.id}`);
    expect(photoCards(page)).toHaveLength(0);
  });

  test("a body larger than any upload may be is cut off at once with a 413", async ({
    request,
    baseURL,
  }) => {
    const booked = await bookViaApi(request);
    await staffVisitor(request, `/admin/repairs/${booked.id}`);
    // A client that asks before sending (Expect: 100-continue) is refused without being invited.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const asking = httpRequest(new URL(`/admin/repairs/${booked.id}/photos`, baseURL), {
        method: "POST",
        headers: {
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(200 * 1024 * 1024),
          expect: "100-continue",
          "sec-fetch-site": "same-origin",
        },
      });
      asking.on("continue", () => reject(new Error("invited to send 200 MB")));
      asking.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      });
      asking.on("error", reject);
      asking.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Please send at most 10 photos of at most 10 MB each at a time.");
    // Every other address keeps the form limit.
    const other = await request.post(`/admin/repairs/${booked.id}`, {
      multipart: { intent: "private_note", privateNote: "x".repeat(70 * 1024) },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(other.status()).toBe(413);
  });

  test("a photo is the staff's until shown: then the customer sees it through the secret link only", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const { booked, added } = await repairWithPhotos(request);
    const trackingPath = added.$('a[href^="/track-repair/"]').first().attr("href")!;
    const full = photoCards(added).first().find("a").attr("href")!;
    const customerRequest = await playwright.request.newContext({ baseURL });
    const customer = visitor(customerRequest);

    // Not signed in: the staff address is a 404, whatever is asked.
    for (const path of [full, `${full}/thumb`])
      expect((await customerRequest.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
    const before = await customer.open(trackingPath);
    expect(before.text()).not.toContain("Photos of your device");
    const publicId = full.split("/").at(-1)!;
    expect((await customerRequest.get(`${trackingPath}/photos/${publicId}`)).status()).toBe(404);

    const shown = await added.form("Show the customer").submit("Show the customer");
    expect(shown.toast()?.description).toBe("Photo shown to the customer.");
    expect(shown.text('[data-testid="repair-photo"]')).toContain("Customer sees it");

    const tracked = await customer.open(trackingPath);
    expect(tracked.headings(2)).toContain("Photos of your device");
    const img = tracked.$('section[aria-labelledby="tracked-photos-heading"] img');
    expect(img).toHaveLength(1);
    expect(img.attr("src")).toBe(`${trackingPath}/photos/${publicId}/thumb`);
    const served = await customerRequest.get(img.attr("src")!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["cache-control"]).toBe("private, no-cache");
    // Shown to the customer is still not public at the staff address, nor by reference and phone.
    expect((await customerRequest.get(full)).status()).toBe(404);
    const byReference = await (
      await customer.open("/track-repair")
    )
      .form("Track Repair")
      .fill({ "Repair ID": booked.reference, "Phone Number": booked.phone })
      .submit("Track Repair");
    expect(byReference.text()).toContain(booked.reference);
    expect(byReference.html).not.toContain(publicId);

    // Deleted: gone for both, and a stale delete says so.
    const deleteForm = shown.form("Delete this photo");
    const deleted = await deleteForm.submit("Delete this photo");
    expect(deleted.toast()?.description).toBe("Photo deleted.");
    expect((await customerRequest.get(img.attr("src")!)).status()).toBe(404);
    const stale = await deleteForm.submit("Delete this photo");
    expect(stale.status).toBe(404);
    expect(stale.toast()?.description).toBe(
      "That photo is no longer on this repair: it was deleted meanwhile.",
    );
    await customerRequest.dispose();
  });
});
