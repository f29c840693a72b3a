import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, photos } from "../../db/schema";
import { addRepairPhotos } from "~/models/photo.server";
import { action as repairAction, loader as repairLoader } from "~/routes/admin.repairs_.$id";
import { action as uploadAction } from "~/routes/admin.repairs_.$id_.photos";
import { loader as photoLoader } from "~/routes/photos.$publicId";
import { loader as customerPhotoLoader } from "~/routes/track-repair_.$token_.photos.$publicId";
import { loader as trackByLink } from "~/routes/track-repair_.$token";
import { PhotoRefused, processPhoto } from "~/server/photo-processing.server";
import { bookingReference } from "~/utils/booking-reference";
import { maxPhotoBytes, maxPhotosPerRepair } from "~/utils/photo-limits";
import { dataOf, replyOf, responseOf, statusOf, thrownBy } from "../support/answers";
import { auditTrailOf, insertBooking, signedInStaff } from "../support/admin";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * Photos on a repair (docs/decisions/0043): what sharp keeps of a camera photo, the upload's
 * limits, and who may see a photo.
 */

let handle: TestDatabase;
let staff: { id: number; username: string; cookie: string };

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await signedInStaff(handle.db, "photo-tech");
});
afterAll(() => handle.drop());

/**
 * A camera photo as a phone writes it: 3000 × 2000 pixels stored sideways with EXIF orientation 6
 * (shown 2000 × 3000), the phone's make and the GPS position of where it was taken.
 */
const cameraJpeg = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#b91c1c" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Camera 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 26/1 5/1", GPSLongitudeRef: "W" },
    })
    .toBuffer();

const smallPng = (colour = "#1d4ed8") =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

/**
 * A decompression bomb's shape: a few hundred bytes whose header (IHDR, with its checksum) claims
 * `width` × `height` pixels. Making a real one takes longer than the test may.
 */
function pngClaiming(width: number, height: number) {
  return async () => {
    const png = Buffer.from(await smallPng());
    // The signature (8 bytes), then IHDR: length (4), type (4), width, height, …, CRC of type + data.
    png.writeUInt32BE(width, 16);
    png.writeUInt32BE(height, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    return png;
  };
}

function asStaff(request: Request) {
  request.headers.set("cookie", staff.cookie);
  return request;
}

type Part = { name: string; bytes: Uint8Array; type?: string };

function uploadRequest(id: number, files: Part[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ kind: "intake", ...fields }))
    form.append(name, value);
  for (const file of files)
    form.append(
      "photos",
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/jpeg" }),
    );
  return asStaff(
    new Request(`http://localhost/admin/repairs/${id}/photos`, { method: "POST", body: form }),
  );
}

const upload = (id: number, files: Part[], fields?: Record<string, string>) =>
  uploadAction(routeArgs(uploadRequest(id, files, fields), { id: String(id) }));

const photosOf = (id: number) =>
  handle.db.select().from(photos).where(eq(photos.bookingId, id)).orderBy(photos.id);

const change = (id: number, fields: Record<string, string>) =>
  repairAction(
    routeArgs(asStaff(formPost(`/admin/repairs/${id}`, fields)), {
      id: String(id),
    }),
  );

const getPhoto = (path: string, headers: Record<string, string> = {}) => {
  const [, , publicId, variant] = path.split("/");
  return photoLoader(
    routeArgs(new Request(`http://localhost${path}`, { headers }), { publicId, variant }),
  ).catch((thrown: unknown) => thrown);
};

const getCustomerPhoto = (token: string, publicId: string, variant?: string) =>
  customerPhotoLoader(
    routeArgs(new Request(`http://localhost/track-repair/${token}/photos/${publicId}`), {
      token,
      publicId,
      variant,
    }),
  ).catch((thrown: unknown) => thrown);

describe(`photo processing, on ${testDriver}`, () => {
  it("turns a camera photo upright, makes it at most 1600 px and a 320 px thumbnail, and keeps no metadata", async () => {
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("TestPhone");

    const kept = await processPhoto(original);
    expect(kept.contentType).toBe("image/webp");
    expect([kept.width, kept.height]).toEqual([1067, 1600]);
    const full = await sharp(kept.data).metadata();
    const thumb = await sharp(kept.thumb).metadata();
    expect(full).toMatchObject({ format: "webp", width: 1067, height: 1600 });
    expect(thumb).toMatchObject({ format: "webp", width: 213, height: 320 });
    for (const copy of [full, thumb]) {
      expect(copy.exif).toBeUndefined();
      expect(copy.xmp).toBeUndefined();
      expect(copy.icc).toBeUndefined();
      expect(copy.orientation).toBeUndefined();
    }
    expect(kept.data.toString("latin1")).not.toContain("TestPhone");
  });

  it("never enlarges a small photo", async () => {
    const kept = await processPhoto(await smallPng());
    expect([kept.width, kept.height]).toEqual([64, 48]);
  });

  it.each([
    ["a renamed text file", async () => Buffer.from("Hello, this is not a photo."), /not a photo/],
    [
      "an SVG drawing",
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"></svg>'),
      /SVG/,
    ],
    [
      "a cut-off JPEG",
      async () => (await cameraJpeg()).subarray(0, 4000),
      /could not be read whole|not a photo/,
    ],
    [
      "a decompression bomb (a small PNG that says it is 100 megapixels)",
      pngClaiming(10_000, 10_000),
      /too many pixels/,
    ],
    [
      "an AVIF picture",
      () =>
        sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } })
          .avif()
          .toBuffer(),
      /JPEG, PNG or WebP/,
    ],
  ])("refuses %s", async (_what, make, message) => {
    const error = await processPhoto(await make()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PhotoRefused);
    expect((error as Error).message).toMatch(message);
  });
});

describe(`photo uploads on a repair, on ${testDriver}`, () => {
  it("stores an upload's photos with their kind and caption, audited, and goes back to the repair", async () => {
    const booking = await insertBooking(handle.db, { version: 4 });
    const answer = responseOf(
      await upload(
        booking.id,
        [
          { name: "IMG_0001.jpg", bytes: await cameraJpeg() },
          { name: "back.png", bytes: await smallPng(), type: "image/png" },
        ],
        { kind: "diagnosis", caption: "Cracked back glass, bottom left" },
      ),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/admin/repairs/${booking.id}#photos-heading`);

    const stored = await photosOf(booking.id);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      kind: "diagnosis",
      caption: "Cracked back glass, bottom left",
      contentType: "image/webp",
      showCustomer: false,
      staffUserId: staff.id,
      width: 1067,
      height: 1600,
    });
    expect(stored[0]!.publicId).toMatch(/^[\w-]{22}$/);
    expect(await sharp(stored[0]!.data).metadata()).not.toHaveProperty("exif");

    const audits = await auditTrailOf(handle.db, "booking", booking.id);
    expect(audits).toEqual([
      expect.objectContaining({
        action: "repair.photos_added",
        staffUserId: staff.id,
        summary: `${bookingReference(booking.id)}: 2 diagnosis photos added`,
      }),
    ]);
    // Not an edit of the repair: a status form open elsewhere still saves.
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.version).toBe(4);

    const page = dataOf(
      await repairLoader(
        routeArgs(asStaff(new Request(`http://localhost/admin/repairs/${booking.id}`)), {
          id: String(booking.id),
        }),
      ),
    );
    expect(page.photos).toEqual([
      expect.objectContaining({
        publicId: stored[0]!.publicId,
        kindLabel: "Diagnosis",
        by: staff.username,
        showCustomer: false,
      }),
      expect.objectContaining({ publicId: stored[1]!.publicId }),
    ]);
  });

  it("refuses the whole upload, storing nothing, when one file is not a photo", async () => {
    const booking = await insertBooking(handle.db);
    const answer = await upload(booking.id, [
      { name: "good.png", bytes: await smallPng(), type: "image/png" },
      { name: "notes.jpg", bytes: Buffer.from("just some text") },
    ]);
    expect(statusOf(answer)).toBe(400);
    expect(replyOf(answer as never).error?.[""]).toEqual([
      "“notes.jpg”: This file is not a photo the shop can keep. Please send a JPEG, PNG or WebP photo.",
    ]);
    expect(await photosOf(booking.id)).toEqual([]);
  });

  it("asks for a photo and for what the photos show", async () => {
    const booking = await insertBooking(handle.db);
    const none = await upload(booking.id, [{ name: "", bytes: new Uint8Array() }]);
    expect(statusOf(none)).toBe(400);
    expect(replyOf(none as never).error?.photos).toEqual(["Please choose at least one photo."]);
    const noKind = await upload(
      booking.id,
      [{ name: "a.png", bytes: await smallPng(), type: "image/png" }],
      { kind: "selfie" },
    );
    expect(statusOf(noKind)).toBe(400);
    expect(replyOf(noKind as never).error?.kind).toEqual(["Please choose what the photos show."]);
    expect(await photosOf(booking.id)).toEqual([]);
  });

  it("answers 413 to a photo over 10 MB and to more than 10 photos at once", async () => {
    const booking = await insertBooking(handle.db);
    const big = await upload(booking.id, [
      { name: "huge.jpg", bytes: new Uint8Array(maxPhotoBytes + 1) },
    ]);
    expect(statusOf(big)).toBe(413);
    expect(replyOf(big as never).error?.[""]).toEqual(["Each photo must be 10 MB or smaller."]);

    const png = await smallPng();
    const many = await upload(
      booking.id,
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: png, type: "image/png" })),
    );
    expect(statusOf(many)).toBe(413);
    expect(replyOf(many as never).error?.[""]).toEqual([
      "Please choose at most 10 photos at a time.",
    ]);
    expect(await photosOf(booking.id)).toEqual([]);
  });

  it(`keeps at most ${maxPhotosPerRepair} photos on a repair`, async () => {
    const booking = await insertBooking(handle.db);
    const one = await processPhoto(await smallPng());
    await addRepairPhotos(
      booking.id,
      { kind: "intake", caption: null, photos: Array(maxPhotosPerRepair - 1).fill(one) },
      staff.id,
    );
    const png = await smallPng("#16a34a");
    const two = await upload(booking.id, [
      { name: "a.png", bytes: png, type: "image/png" },
      { name: "b.png", bytes: png, type: "image/png" },
    ]);
    expect(statusOf(two)).toBe(409);
    expect(replyOf(two as never).error?.[""]).toEqual([
      "This repair has 29 photos and can keep 30: please choose at most 1 more.",
    ]);
    expect(await photosOf(booking.id)).toHaveLength(maxPhotosPerRepair - 1);
    expect(
      statusOf(await upload(booking.id, [{ name: "a.png", bytes: png, type: "image/png" }])),
    ).toBe(303);
    const full = await upload(booking.id, [{ name: "c.png", bytes: png, type: "image/png" }]);
    expect(replyOf(full as never).error?.[""]).toEqual([
      "This repair already has 30 photos, the most it can keep. Delete one to add another.",
    ]);
  });

  it("refuses an upload from a visitor who is not signed in", async () => {
    const booking = await insertBooking(handle.db);
    const request = uploadRequest(booking.id, [
      { name: "a.png", bytes: await smallPng(), type: "image/png" },
    ]);
    request.headers.delete("cookie");
    const answer = responseOf(
      await thrownBy(uploadAction(routeArgs(request, { id: String(booking.id) }))),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/^\/admin\/login/);
    expect(await photosOf(booking.id)).toEqual([]);
  });
});

describe(`who sees a repair's photos, on ${testDriver}`, () => {
  async function repairWithPhoto() {
    const booking = await insertBooking(handle.db);
    await upload(booking.id, [{ name: "front.png", bytes: await smallPng(), type: "image/png" }], {
      caption: "Scratch on the screen",
    });
    const [photo] = await photosOf(booking.id);
    return { booking, photo: photo! };
  }

  it("serves staff the photo and its thumbnail, privately, with an ETag; the public gets a 404", async () => {
    const { photo } = await repairWithPhoto();
    const path = `/photos/${photo.publicId}`;
    const full = responseOf(await getPhoto(path, { cookie: staff.cookie }));
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/webp");
    expect(full.headers.get("cache-control")).toBe("private, no-cache");
    const etag = full.headers.get("etag")!;
    expect(Buffer.from(await full.arrayBuffer())).toEqual(photo.data);
    const thumb = responseOf(await getPhoto(`${path}/thumb`, { cookie: staff.cookie }));
    expect(Buffer.from(await thumb.arrayBuffer())).toEqual(photo.thumb);
    expect(thumb.headers.get("etag")).not.toBe(etag);
    const again = responseOf(await getPhoto(path, { cookie: staff.cookie, "if-none-match": etag }));
    expect(again.status).toBe(304);

    for (const asked of [path, `${path}/thumb`, `${path}/original`, "/photos/no-such-photo"])
      expect(responseOf(await getPhoto(asked)).status, asked).toBe(404);
    expect(responseOf(await getPhoto(`${path}/original`, { cookie: staff.cookie })).status).toBe(
      404,
    );
  });

  it("shows the customer a photo only through the secret link, and only while staff show it", async () => {
    const { booking, photo } = await repairWithPhoto();
    const token = booking.trackingToken;
    const tracked = async () =>
      dataOf(
        await trackByLink(
          routeArgs(new Request(`http://localhost/track-repair/${token}`), { token }),
        ),
      );

    expect(responseOf(await getCustomerPhoto(token, photo.publicId)).status).toBe(404);
    expect((await tracked()).photos).toEqual([]);

    const shown = responseOf(
      await change(booking.id, { intent: "photo_show", photo: photo.publicId, show: "yes" }),
    );
    expect(shown.status).toBe(303);
    expect((await tracked()).photos).toEqual([
      {
        href: `/track-repair/${token}/photos/${photo.publicId}`,
        thumb: `/track-repair/${token}/photos/${photo.publicId}/thumb`,
        alt: "Scratch on the screen",
        caption: "Scratch on the screen",
        width: 64,
        height: 48,
      },
    ]);
    const served = responseOf(await getCustomerPhoto(token, photo.publicId, "thumb"));
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("private, no-cache");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(photo.thumb);
    // Another repair's link, or the staff address without a session, shows nothing.
    const other = await insertBooking(handle.db);
    expect(responseOf(await getCustomerPhoto(other.trackingToken, photo.publicId)).status).toBe(
      404,
    );
    expect(responseOf(await getPhoto(`/photos/${photo.publicId}`)).status).toBe(404);

    await change(booking.id, { intent: "photo_show", photo: photo.publicId, show: "no" });
    expect(responseOf(await getCustomerPhoto(token, photo.publicId)).status).toBe(404);
    expect(
      (await auditTrailOf(handle.db, "booking", booking.id)).map((entry) => entry.action),
    ).toEqual(["repair.photos_added", "repair.photo_shown", "repair.photo_hidden"]);
  });

  it("answers a stale show or delete plainly: already done, or the photo is gone", async () => {
    const { booking, photo } = await repairWithPhoto();
    const show = { intent: "photo_show", photo: photo.publicId, show: "yes" };
    await change(booking.id, show);
    const again = responseOf(await change(booking.id, show));
    expect(again.status).toBe(303);
    expect(again.headers.get("set-cookie")).toBeTruthy();

    const remove = { intent: "photo_delete", photo: photo.publicId };
    expect(responseOf(await change(booking.id, remove)).status).toBe(303);
    expect(await photosOf(booking.id)).toEqual([]);
    for (const stale of [remove, show]) {
      const answer = await change(booking.id, stale);
      expect(statusOf(answer)).toBe(404);
      expect(replyOf(answer as never).error?.[""]).toEqual([
        "That photo is no longer on this repair: it was deleted meanwhile.",
      ]);
    }
    // A photo of another repair cannot be changed from this one.
    const other = await repairWithPhoto();
    expect(statusOf(await change(booking.id, { ...remove, photo: other.photo.publicId }))).toBe(
      404,
    );
    expect(await photosOf(other.booking.id)).toHaveLength(1);
    const actions = (await auditTrailOf(handle.db, "booking", booking.id)).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(["repair.photos_added", "repair.photo_shown", "repair.photo_deleted"]);
  });
});
