import { randomBytes } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { bookings, photos, staffUsers, stockDevices } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import { addToBooking } from "~/models/booking-addition.server";
import type { ProcessedPhoto } from "~/server/photo-processing.server";
import { database } from "~/server/db.server";
import { bookingReference, isTrackingToken } from "~/utils/booking-reference";
import {
  maxPhotosPerRepair,
  maxPhotosPerStockDevice,
  photoHolders,
  type PhotoHolder,
} from "~/utils/photo-limits";
import { isPhotoPublicId } from "~/schemas/photo";

/*
 * The app's one photo store (docs/decisions/0043): every photo, a repair's or the shop's, is a row
 * of `photos`, already re-encoded by app/server/photo-processing.server.ts. Only this module reads
 * or writes the table.
 */

type PhotoKind = (typeof photos.$inferSelect)["kind"];
export type RepairPhotoKind = Exclude<PhotoKind, "shop" | "stock">;
export type PhotoVariant = "full" | "thumb";

/** A photo as a page lists it: everything but its bytes. */
export type StoredPhoto = {
  publicId: string;
  kind: PhotoKind;
  caption: string | null;
  width: number;
  height: number;
  showCustomer: boolean;
  at: Date;
  staff: string | null;
};

/** The bytes of one copy of a photo, and who may see it. */
export type PhotoFile = {
  contentType: string;
  data: Buffer;
  bookingId: number | null;
  showCustomer: boolean;
  kind: PhotoKind;
};

/**
 * A repair or a device for sale that already holds as many photos as it may: nothing of the upload
 * is kept.
 */
export class TooManyPhotos extends Error {
  constructor(
    readonly kept: number,
    holder: PhotoHolder,
  ) {
    const max = photoHolders[holder].maxPhotos;
    super(
      kept >= max
        ? `This ${holder} already has ${max} photos, the most it can keep. Delete one to add another.`
        : `This ${holder} has ${kept} photos and can keep ${max}: please choose at most ${max - kept} more.`,
    );
    this.name = "TooManyPhotos";
  }
}

/** 128 random bits: a photo's address says nothing about the repair and cannot be guessed. */
const newPublicId = () => randomBytes(16).toString("base64url");

const listed = {
  publicId: photos.publicId,
  kind: photos.kind,
  caption: photos.caption,
  width: photos.width,
  height: photos.height,
  showCustomer: photos.showCustomer,
  at: photos.createdAt,
  staff: staffUsers.username,
};

/** How many photos a repair keeps now (photos_booking_idx). */
export async function repairPhotoCount(bookingId: number): Promise<number> {
  const db = await database();
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.bookingId, bookingId));
  return row?.n ?? 0;
}

/**
 * Stores an upload's photos on a repair, all or none, with one audit entry. The booking's row is
 * locked for the count, so two uploads at once cannot pass the limit together; its version and
 * history do not move (a photo is not an edit of the repair: a status form open elsewhere still
 * saves). Undefined when there is no such booking; `TooManyPhotos` past the repair's limit.
 */
export async function addRepairPhotos(
  bookingId: number,
  upload: { kind: RepairPhotoKind; caption: string | null; photos: ProcessedPhoto[] },
  staffId: number,
): Promise<{ publicIds: string[] } | undefined> {
  return addToBooking(bookingId, staffId, "no key update", async (tx) => {
    const [kept] = await tx
      .select({ n: count() })
      .from(photos)
      .where(eq(photos.bookingId, bookingId));
    if ((kept?.n ?? 0) + upload.photos.length > maxPhotosPerRepair)
      throw new TooManyPhotos(kept?.n ?? 0, "repair");
    const rows = await tx
      .insert(photos)
      .values(
        upload.photos.map((photo) => ({
          publicId: newPublicId(),
          kind: upload.kind,
          bookingId,
          caption: upload.caption,
          staffUserId: staffId,
          ...photo,
        })),
      )
      .returning({ publicId: photos.publicId });
    const what = upload.kind === "intake" ? "intake condition" : "diagnosis";
    return {
      result: { publicIds: rows.map((row) => row.publicId) },
      audit: {
        action: "repair.photos_added",
        what: `${rows.length} ${what} photo${rows.length === 1 ? "" : "s"} added`,
      },
    };
  });
}

/** A repair's photos, oldest first (the intake before the diagnosis), without their bytes. */
export async function repairPhotos(
  bookingId: number,
  { customerOnly = false } = {},
): Promise<StoredPhoto[]> {
  const db = await database();
  return db
    .select(listed)
    .from(photos)
    .leftJoin(staffUsers, eq(staffUsers.id, photos.staffUserId))
    .where(
      and(
        eq(photos.bookingId, bookingId),
        customerOnly ? eq(photos.showCustomer, true) : undefined,
      ),
    )
    .orderBy(asc(photos.createdAt), asc(photos.id));
}

/** The photos staff show a repair's customer, oldest first, by the repair's secret tracking token. */
export async function customerPhotos(trackingToken: string): Promise<StoredPhoto[]> {
  if (!isTrackingToken(trackingToken)) return [];
  const db = await database();
  return db
    .select({ ...listed, staff: sql<null>`null` })
    .from(photos)
    .innerJoin(bookings, eq(bookings.id, photos.bookingId))
    .where(and(eq(bookings.trackingToken, trackingToken), eq(photos.showCustomer, true)))
    .orderBy(asc(photos.createdAt), asc(photos.id));
}

/** The columns of one copy of a photo, and what decides who may see it. */
const fileOf = (variant: PhotoVariant) => ({
  contentType: photos.contentType,
  data: variant === "thumb" ? photos.thumb : photos.data,
  bookingId: photos.bookingId,
  showCustomer: photos.showCustomer,
  kind: photos.kind,
});

/** One copy of a photo by its public id, with what decides who may see it. */
export async function readPhoto(
  publicId: string,
  variant: PhotoVariant,
): Promise<PhotoFile | undefined> {
  if (!isPhotoPublicId(publicId)) return undefined;
  const db = await database();
  const [row] = await db.select(fileOf(variant)).from(photos).where(eq(photos.publicId, publicId));
  return row;
}

/**
 * One copy of a photo its customer may see: shown to them, on the repair whose secret tracking
 * token this is. Anything else is undefined, whatever the reason.
 */
export async function readCustomerPhoto(
  trackingToken: string,
  publicId: string,
  variant: PhotoVariant,
): Promise<PhotoFile | undefined> {
  if (!isPhotoPublicId(publicId) || !isTrackingToken(trackingToken)) return undefined;
  const db = await database();
  const [row] = await db
    .select(fileOf(variant))
    .from(photos)
    .innerJoin(bookings, eq(bookings.id, photos.bookingId))
    .where(
      and(
        eq(photos.publicId, publicId),
        eq(bookings.trackingToken, trackingToken),
        eq(photos.showCustomer, true),
      ),
    );
  return row;
}

/** A change to a photo already deleted, or one of another repair or device: nothing changed. */
export class PhotoGone extends Error {
  constructor(holder: PhotoHolder) {
    super(`That photo is no longer on this ${holder}: it was deleted meanwhile.`);
    this.name = "PhotoGone";
  }
}

/**
 * Shows a repair's photo to its customer on the tracking page, or stops showing it, with an audit
 * entry. The form names the state it asks for rather than "toggle", so a form read before someone
 * else's change still does what its button said. Returns whether anything changed.
 */
export async function setPhotoShown(
  bookingId: number,
  publicId: string,
  show: boolean,
  staffId: number,
): Promise<{ changed: boolean }> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [photo] = await tx
      .select({ id: photos.id, showCustomer: photos.showCustomer })
      .from(photos)
      .where(and(eq(photos.publicId, publicId), eq(photos.bookingId, bookingId)))
      .for("update");
    if (!photo) throw new PhotoGone("repair");
    if (photo.showCustomer === show) return { changed: false };
    await tx.update(photos).set({ showCustomer: show }).where(eq(photos.id, photo.id));
    await recordAudit(tx, staffId, {
      action: show ? "repair.photo_shown" : "repair.photo_hidden",
      entity: "booking",
      entityId: bookingId,
      summary: `${bookingReference(bookingId)}: photo ${show ? "shown to" : "hidden from"} the customer`,
    });
    return { changed: true };
  });
}

/** Deletes a repair's photo for good, with an audit entry; `PhotoGone` if it is already gone. */
export async function deleteRepairPhoto(bookingId: number, publicId: string, staffId: number) {
  const db = await database();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(photos)
      .where(and(eq(photos.publicId, publicId), eq(photos.bookingId, bookingId)))
      .returning({ id: photos.id });
    if (!deleted.length) throw new PhotoGone("repair");
    await recordAudit(tx, staffId, {
      action: "repair.photo_deleted",
      entity: "booking",
      entityId: bookingId,
      summary: `${bookingReference(bookingId)}: photo deleted`,
    });
  });
}

/**
 * Photos of a device for sale (kind `stock`), shown on its public page once it is listed: stored
 * as shown, so /photos/:publicId serves them to anyone, like the shop's own photos. Undefined when
 * the device does not exist; the device's row is locked so two uploads count each other;
 * `TooManyPhotos` past the device's limit.
 */
export async function addStockPhotos(
  stockDeviceId: number,
  upload: { caption: string | null; photos: ProcessedPhoto[] },
  staffId: number,
): Promise<{ publicIds: string[] } | undefined> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: stockDevices.id })
      .from(stockDevices)
      .where(eq(stockDevices.id, stockDeviceId))
      .for("update");
    if (!device) return undefined;
    const [kept] = await tx
      .select({ n: count() })
      .from(photos)
      .where(eq(photos.stockDeviceId, stockDeviceId));
    if ((kept?.n ?? 0) + upload.photos.length > maxPhotosPerStockDevice)
      throw new TooManyPhotos(kept?.n ?? 0, "device");
    const rows = await tx
      .insert(photos)
      .values(
        upload.photos.map((photo) => ({
          publicId: newPublicId(),
          kind: "stock" as const,
          stockDeviceId,
          caption: upload.caption,
          showCustomer: true,
          staffUserId: staffId,
          ...photo,
        })),
      )
      .returning({ publicId: photos.publicId });
    await recordAudit(tx, staffId, {
      action: "stock.photos_added",
      entity: "stock_device",
      entityId: stockDeviceId,
      summary: `${rows.length} photo${rows.length === 1 ? "" : "s"} added to stock device ${stockDeviceId}`,
    });
    return { publicIds: rows.map((row) => row.publicId) };
  });
}

/** The photos of a device for sale, oldest first, without their bytes. */
export async function stockPhotos(stockDeviceId: number) {
  const db = await database();
  return db
    .select({
      publicId: photos.publicId,
      caption: photos.caption,
      width: photos.width,
      height: photos.height,
    })
    .from(photos)
    .where(and(eq(photos.stockDeviceId, stockDeviceId), eq(photos.kind, "stock")))
    .orderBy(asc(photos.createdAt), asc(photos.id));
}

/**
 * Deletes a device for sale's photo for good, with an audit entry: its public page stops showing it
 * at once, as it reads the store on every request. A sold device's too: no record of a sale refers
 * to a photo. `PhotoGone` if it is already gone or of another device.
 */
export async function deleteStockPhoto(stockDeviceId: number, publicId: string, staffId: number) {
  const db = await database();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(photos)
      .where(
        and(
          eq(photos.publicId, publicId),
          eq(photos.stockDeviceId, stockDeviceId),
          eq(photos.kind, "stock"),
        ),
      )
      .returning({ id: photos.id });
    if (!deleted.length) throw new PhotoGone("device");
    await recordAudit(tx, staffId, {
      action: "stock.photo_deleted",
      entity: "stock_device",
      entityId: stockDeviceId,
      summary: `Photo deleted from stock device ${stockDeviceId}`,
    });
  });
}
