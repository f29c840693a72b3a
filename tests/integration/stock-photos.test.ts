import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photos, stockDevices } from "../../db/schema";
import {
  addStock,
  stockDevice,
  stockDeviceByPublicId,
  moveStock,
} from "~/models/stock-device.server";
import { shopDevice } from "~/models/shop-listing.server";
import { action as uploadAction } from "~/routes/admin.stock_.$id_.photos";
import { loader as photoLoader } from "~/routes/photos.$publicId";
import { stockSchema } from "~/schemas/stock-device";
import { maxPhotosPerStockDevice } from "~/utils/photo-limits";
import { replyOf, responseOf, statusOf } from "../support/answers";
import { auditTrailOf, signedInStaff } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/** A device for sale's photos: stored in the photo store as kind `stock`, public once stored. */

let handle: TestDatabase;
let staff: { id: number; username: string; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await signedInStaff(handle.db, "stock-photographer", "front_desk");
});
afterAll(() => handle.drop());

const smallPng = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function upload(id: number, count: number, caption = "") {
  const form = new FormData();
  form.append("caption", caption);
  for (let i = 0; i < count; i++)
    form.append(
      "photos",
      new File([new Uint8Array(await smallPng(i % 2 ? "#1d4ed8" : "#15803d"))], `side-${i}.png`, {
        type: "image/png",
      }),
    );
  const request = new Request(`http://localhost/admin/stock/${id}/photos`, {
    method: "POST",
    body: form,
  });
  request.headers.set("cookie", staff.cookie);
  return uploadAction(routeArgs(request, { id: String(id) }));
}

/** A photo's Delete as its form sends it (a plain form, to the same address as the upload). */
function remove(id: number, photo: string) {
  const request = formPost(`/admin/stock/${id}/photos`, { intent: "photo_delete", photo });
  request.headers.set("cookie", staff.cookie);
  return uploadAction(routeArgs(request, { id: String(id) }));
}

/** Whether anyone, signed in or not, is still served the photo. */
const served = async (publicId: string) =>
  statusOf(
    await photoLoader(
      routeArgs(new Request(`http://localhost/photos/${publicId}`), { publicId }),
    ).catch((thrown: unknown) => thrown),
  );

const newDevice = (serial: string) =>
  addStock(
    stockSchema.parse({
      category: "mobile",
      brand: "Google",
      model: "Pixel 7",
      identifier: serial,
      grade: "good",
      price: "399",
      cost: "250",
      warrantyMonths: "3",
    }),
    staff.id,
  );

describe(`a device for sale's photos on ${testDriver}`, () => {
  it("stores an upload as stock photos, audited, shown on the device's pages and to anyone", async () => {
    const device = await newDevice("PHOTOS0001");
    const answer = responseOf(await upload(device.id, 2, "Front and back"));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/admin/stock/${device.id}#photos-heading`);
    const stored = await handle.db.select().from(photos).where(eq(photos.stockDeviceId, device.id));
    expect(stored).toHaveLength(2);
    expect(stored.every((p) => p.kind === "stock" && p.showCustomer && p.bookingId === null)).toBe(
      true,
    );
    expect((await stockDevice(device.id))!.photos.map((p) => p.caption)).toEqual([
      "Front and back",
      "Front and back",
    ]);
    await moveStock(device.id, device.version, "for_sale", staff.id);
    expect((await stockDeviceByPublicId(device.publicId))!.photos).toHaveLength(2);
    // A visitor with no session: the /shop pages show these.
    const served = responseOf(
      await photoLoader(
        routeArgs(new Request(`http://localhost/photos/${stored[0]!.publicId}`), {
          publicId: stored[0]!.publicId,
        }),
      ),
    );
    expect(served.status).toBe(200);
    const audit = await auditTrailOf(handle.db, "stock_device", device.id);
    expect(audit.map((entry) => entry.action)).toContain("stock.photos_added");
  });

  it("asks for a photo, and refuses more than a device keeps", async () => {
    const device = await newDevice("PHOTOS0002");
    const none = await upload(device.id, 0);
    expect(statusOf(none)).toBe(400);
    expect(replyOf(none as never).error?.photos).toEqual(["Please choose at least one photo."]);
    expect(statusOf(await upload(device.id, 10))).toBe(303);
    const tooMany = await upload(device.id, 3);
    expect(statusOf(tooMany)).toBe(409);
    expect(replyOf(tooMany as never).error?.[""]).toEqual([
      `This device has 10 photos and can keep ${maxPhotosPerStockDevice}: please choose at most 2 more.`,
    ]);
    expect((await stockDevice(device.id))!.photos).toHaveLength(10);
    expect(statusOf(await upload(999_999, 1).catch((thrown: unknown) => thrown))).toBe(404);
    expect(statusOf(await upload(device.id, 2))).toBe(303);
    const full = await upload(device.id, 1);
    expect(statusOf(full)).toBe(409);
    expect(replyOf(full as never).error?.[""]).toEqual([
      `This device already has ${maxPhotosPerStockDevice} photos, the most it can keep. Delete one to add another.`,
    ]);
    // Deleting one makes room for another.
    const [first] = (await stockDevice(device.id))!.photos;
    expect(statusOf(await remove(device.id, first!.publicId))).toBe(303);
    expect(statusOf(await upload(device.id, 1))).toBe(303);
    expect((await stockDevice(device.id))!.photos).toHaveLength(maxPhotosPerStockDevice);
  });

  it("deletes a photo at once from the store, the device's pages and the shop's, audited", async () => {
    const device = await newDevice("PHOTOS0003");
    await upload(device.id, 2, "Both sides");
    await moveStock(device.id, device.version, "for_sale", staff.id);
    const [gone, kept] = (await stockDevice(device.id))!.photos;
    expect((await shopDevice(device.publicId))!.photos).toHaveLength(2);

    const answer = responseOf(await remove(device.id, gone!.publicId));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/admin/stock/${device.id}#photos-heading`);
    expect((await stockDevice(device.id))!.photos.map((p) => p.publicId)).toEqual([kept!.publicId]);
    expect((await shopDevice(device.publicId))!.photos.map((p) => p.publicId)).toEqual([
      kept!.publicId,
    ]);
    expect(await served(gone!.publicId)).toBe(404);
    expect(await served(kept!.publicId)).toBe(200);
    const [entry] = (await auditTrailOf(handle.db, "stock_device", device.id)).filter(
      (e) => e.action === "stock.photo_deleted",
    );
    expect(entry).toMatchObject({ staffUserId: staff.id });
  });

  it("refuses a photo already deleted, another device's, or none, changing nothing", async () => {
    const device = await newDevice("PHOTOS0004");
    const other = await newDevice("PHOTOS0005");
    await upload(device.id, 1);
    await upload(other.id, 1);
    const [mine] = (await stockDevice(device.id))!.photos;
    const [theirs] = (await stockDevice(other.id))!.photos;

    expect(statusOf(await remove(device.id, mine!.publicId))).toBe(303);
    const twice = await remove(device.id, mine!.publicId);
    expect(statusOf(twice)).toBe(404);
    expect(replyOf(twice as never).error?.[""]).toEqual([
      "That photo is no longer on this device: it was deleted meanwhile.",
    ]);

    const wrongDevice = await remove(device.id, theirs!.publicId);
    expect(statusOf(wrongDevice)).toBe(404);
    expect(replyOf(wrongDevice as never).error?.[""]).toEqual([
      "That photo is no longer on this device: it was deleted meanwhile.",
    ]);
    expect((await stockDevice(other.id))!.photos).toHaveLength(1);

    for (const photo of ["", "not a photo id!", "x".repeat(500)]) {
      const refused = await remove(other.id, photo);
      expect(statusOf(refused)).toBe(400);
      expect(replyOf(refused as never).error?.[""]).toEqual([
        "That photo is not on this device. Reload the page.",
      ]);
    }
    expect((await stockDevice(other.id))!.photos).toHaveLength(1);
    expect(statusOf(await remove(999_999, theirs!.publicId).catch((e: unknown) => e))).toBe(404);
    const deletions = (await auditTrailOf(handle.db, "stock_device", other.id)).filter(
      (e) => e.action === "stock.photo_deleted",
    );
    expect(deletions).toEqual([]);
  });

  it("deletes a sold device's photos too: no record of the sale refers to them", async () => {
    const device = await newDevice("PHOTOS0006");
    await upload(device.id, 1);
    // As a counter sale leaves it (app/models/stock-sale.server.ts), without the invoice.
    await handle.db
      .update(stockDevices)
      .set({ state: "sold", soldAt: new Date() })
      .where(eq(stockDevices.id, device.id));
    const [photo] = (await stockDevice(device.id))!.photos;
    expect(statusOf(await remove(device.id, photo!.publicId))).toBe(303);
    expect((await stockDevice(device.id))!.photos).toEqual([]);
  });
});
