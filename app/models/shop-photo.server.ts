import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { photoPlaces, photoSizes, photos, staffUsers } from "#db/schema";
import type { PhotoPlace } from "~/config/photo-places";
import type { PhotoFormat } from "~/config/photos";
import { recordAudit } from "~/models/audit.server";
import {
  auditedChanges,
  ChangedMeanwhile,
  missedSince,
  type AuditedRecord,
} from "~/models/record-changes.server";
import { database } from "~/server/db.server";
import { announceCatalogueChange } from "~/server/page-cache-events.server";
import type { PlacePhoto } from "~/server/photo-processing.server";
import { isPhotoPublicId } from "~/schemas/photo";
import type { AuditAction } from "~/types/staff";

/*
 * The shop's own photos on the public pages (docs/decisions/0062): rows of the one photo store
 * (`photos`, kind `shop`, decision 0043) that belong to a named place at a turn, with their sizes
 * in `photo_sizes`. This module and photo.server.ts are the only code that reads or writes them.
 * Every change locks its place, checks the version the form was read at, moves the version on, is
 * audited, and tells every instance to drop its kept pages, all in one transaction.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A shop photo as the pages list it: everything but its bytes. */
type ShopPhoto = {
  publicId: string;
  caption: string;
  position: number;
  width: number;
  height: number;
  /** The widths its sizes are kept at, narrowest first. */
  widths: number[];
  at: Date;
  staff: string | null;
};

/** A place's version (1 before its first change) and its photos in turn. */
export type PlacePhotos = { version: number; photos: ShopPhoto[] };

const changeActions = [
  "shop_photo.add",
  "shop_photo.replace",
  "shop_photo.caption",
  "shop_photo.move",
  "shop_photo.remove",
] as const satisfies readonly AuditAction[];

const placeChanges = (placeId: number): AuditedRecord => ({
  entity: "photo_place",
  entityId: placeId,
  actions: [...changeActions],
});

/** The photos of each named place, in turn, and each place's version. */
export async function shopPhotos(names: readonly string[]): Promise<Map<string, PlacePhotos>> {
  const db = await database();
  const [places, rows] = await Promise.all([
    db
      .select({ name: photoPlaces.name, version: photoPlaces.version })
      .from(photoPlaces)
      .where(inArray(photoPlaces.name, [...names])),
    db
      .select({
        place: photoPlaces.name,
        publicId: photos.publicId,
        caption: photos.caption,
        position: photos.position,
        width: photos.width,
        height: photos.height,
        widths: sql<
          number[]
        >`array(select ${photoSizes.width} from ${photoSizes} where ${photoSizes.photoId} = ${photos.id} and ${photoSizes.format} = 'webp' order by 1)`,
        at: photos.createdAt,
        staff: staffUsers.username,
      })
      .from(photos)
      .innerJoin(photoPlaces, eq(photoPlaces.id, photos.placeId))
      .leftJoin(staffUsers, eq(staffUsers.id, photos.staffUserId))
      .where(inArray(photoPlaces.name, [...names]))
      .orderBy(asc(photos.position)),
  ]);
  const byPlace = new Map<string, PlacePhotos>(
    names.map((name) => [
      name,
      { version: places.find((place) => place.name === name)?.version ?? 1, photos: [] },
    ]),
  );
  for (const { place, caption, position, ...photo } of rows)
    byPlace.get(place)?.photos.push({ ...photo, caption: caption ?? "", position: position ?? 0 });
  return byPlace;
}

/** One size of a shop photo, public to anyone: only shop photos have sizes. */
export async function readShopPhotoSize(
  publicId: string,
  width: number,
  format: PhotoFormat,
): Promise<{ contentType: string; data: Buffer } | undefined> {
  if (!isPhotoPublicId(publicId)) return undefined;
  const db = await database();
  const [row] = await db
    .select({ data: photoSizes.data })
    .from(photoSizes)
    .innerJoin(photos, eq(photos.id, photoSizes.photoId))
    .where(
      and(
        eq(photos.publicId, publicId),
        eq(photoSizes.width, width),
        eq(photoSizes.format, format),
      ),
    );
  return row && { contentType: `image/${format}`, data: row.data };
}

/** A change to a place read before someone else changed it: nothing was stored. */
export class PlaceChangedMeanwhile extends ChangedMeanwhile<{ version: number }> {}

/** A photo added to a place that holds all it shows (another owner's photo came first). */
export class PlaceFull extends Error {
  constructor(place: PhotoPlace) {
    super(
      place.most === 1
        ? `${place.label} already has its photo, so this one was not added. Replace that photo instead, or remove it first.`
        : `${place.label} already shows ${place.most} photos, the most it can, so this one was not added. Replace one instead, or remove one first.`,
    );
    this.name = "PlaceFull";
  }
}

/** A change to a photo that is not in its place (any more). */
export class ShopPhotoGone extends Error {
  constructor(place: PhotoPlace) {
    super(
      `That photo is no longer in ${place.label}. Reload the page to see the photos there now.`,
    );
    this.name = "ShopPhotoGone";
  }
}

/** What a change did, for the audit trail; undefined when it changed nothing. */
type Done = {
  action: (typeof changeActions)[number];
  what: string;
  details?: Record<string, unknown>;
};

/**
 * Runs `change` on a place, locked for the transaction (made on its first change): refused with
 * `PlaceChangedMeanwhile` when `readVersion` is not the version now. A change that did something
 * moves the version on, is audited, and drops every instance's kept pages when it commits.
 * Returns whether anything changed.
 */
async function changePlace(
  place: PhotoPlace,
  staffId: number,
  readVersion: number | undefined,
  change: (tx: Tx, placeId: number) => Promise<Done | undefined>,
): Promise<boolean> {
  const db = await database();
  return db.transaction(async (tx) => {
    await tx.insert(photoPlaces).values({ name: place.name }).onConflictDoNothing();
    const [locked] = await tx
      .select({ id: photoPlaces.id, version: photoPlaces.version })
      .from(photoPlaces)
      .where(eq(photoPlaces.name, place.name))
      .for("update");
    if (!locked) throw new Error("the photo place was not stored");
    if (readVersion !== undefined && readVersion !== locked.version)
      throw new PlaceChangedMeanwhile(
        { version: locked.version },
        await auditedChanges(tx, placeChanges(locked.id), missedSince(locked.version, readVersion)),
        `${place.label} changed since it was read`,
      );
    const done = await change(tx, locked.id);
    if (!done) return false;
    await tx
      .update(photoPlaces)
      .set({ version: sql`${photoPlaces.version} + 1`, updatedAt: sql`now()` })
      .where(eq(photoPlaces.id, locked.id));
    await recordAudit(tx, staffId, {
      action: done.action,
      entity: "photo_place",
      entityId: locked.id,
      summary: `${place.label}: ${done.what}`,
      details: done.details,
    });
    await announceCatalogueChange(tx);
    return true;
  });
}

/** 128 random bits, as every photo's (photo.server.ts): a new photo is a new address. */
const newPublicId = () => randomBytes(16).toString("base64url");

async function insertPhoto(
  tx: Tx,
  at: { placeId: number; position: number },
  caption: string,
  { sizes, ...photo }: PlacePhoto,
  staffId: number,
) {
  const [row] = await tx
    .insert(photos)
    .values({
      publicId: newPublicId(),
      kind: "shop",
      caption,
      // Public from the start: the shop's photos are for everyone (decision 0043).
      showCustomer: true,
      staffUserId: staffId,
      ...at,
      ...photo,
    })
    .returning({ id: photos.id });
  await tx.insert(photoSizes).values(sizes.map((size) => ({ photoId: row!.id, ...size })));
}

/** The photos of a place in turn, for a change that needs them all. */
const photosIn = (tx: Tx, placeId: number) =>
  tx
    .select({
      id: photos.id,
      publicId: photos.publicId,
      caption: photos.caption,
      position: photos.position,
    })
    .from(photos)
    .where(eq(photos.placeId, placeId))
    .orderBy(asc(photos.position));

/** The photo `publicId` among `list`, or `ShopPhotoGone`. */
function photoIn<Row extends { publicId: string }>(
  place: PhotoPlace,
  list: Row[],
  publicId: string,
) {
  const index = list.findIndex((photo) => photo.publicId === publicId);
  if (index < 0) throw new ShopPhotoGone(place);
  return { photo: list[index]!, index };
}

/**
 * Adds a photo at the end of a place. An addition undoes nobody's change, so it is not refused
 * for the version; a place that already shows all it can refuses it (`PlaceFull`), checked under
 * the place's lock so two additions at once cannot pass the limit together.
 */
export async function addShopPhoto(
  place: PhotoPlace,
  caption: string,
  photo: PlacePhoto,
  staffId: number,
) {
  await changePlace(place, staffId, undefined, async (tx, placeId) => {
    const [kept] = await tx.select({ n: count() }).from(photos).where(eq(photos.placeId, placeId));
    const n = kept?.n ?? 0;
    if (n >= place.most) throw new PlaceFull(place);
    await insertPhoto(tx, { placeId, position: n + 1 }, caption, photo, staffId);
    return { action: "shop_photo.add", what: `photo ${n + 1} added, “${caption}”` };
  });
}

/**
 * Describes a place's photo anew, and with `photo` replaces it at its turn (a new address, so no
 * cache shows the old one under it). Refused when the place changed since `readVersion`.
 */
export async function changeShopPhoto(
  place: PhotoPlace,
  publicId: string,
  change: { caption: string; photo?: PlacePhoto },
  staffId: number,
  readVersion: number,
): Promise<boolean> {
  return changePlace(place, staffId, readVersion, async (tx, placeId) => {
    const { photo: current, index } = photoIn(place, await photosIn(tx, placeId), publicId);
    const turn = index + 1;
    const captionChanged = current.caption !== change.caption;
    const caption = { from: current.caption, to: change.caption };
    if (change.photo) {
      await tx.delete(photos).where(eq(photos.id, current.id));
      await insertPhoto(tx, { placeId, position: turn }, change.caption, change.photo, staffId);
      return {
        action: "shop_photo.replace",
        what: captionChanged
          ? `photo ${turn} replaced, now “${change.caption}”`
          : `photo ${turn} replaced`,
        details: captionChanged ? { caption } : undefined,
      };
    }
    if (!captionChanged) return undefined;
    await tx.update(photos).set({ caption: change.caption }).where(eq(photos.id, current.id));
    return {
      action: "shop_photo.caption",
      what: `photo ${turn} described as “${change.caption}”`,
      details: { caption },
    };
  });
}

/**
 * Moves a place's photo one turn earlier or later, swapping it with its neighbour; nothing
 * changes at either end. Refused when the place changed since `readVersion`.
 */
export async function moveShopPhoto(
  place: PhotoPlace,
  publicId: string,
  direction: "earlier" | "later",
  staffId: number,
  readVersion: number,
): Promise<boolean> {
  return changePlace(place, staffId, readVersion, async (tx, placeId) => {
    const list = await photosIn(tx, placeId);
    const { photo, index } = photoIn(place, list, publicId);
    const to = direction === "earlier" ? index - 1 : index + 1;
    const other = list[to];
    if (!other) return undefined;
    await tx
      .update(photos)
      .set({ position: to + 1 })
      .where(eq(photos.id, photo.id));
    await tx
      .update(photos)
      .set({ position: index + 1 })
      .where(eq(photos.id, other.id));
    return {
      action: "shop_photo.move",
      what: `“${photo.caption ?? ""}” moved from ${index + 1} to ${to + 1}`,
    };
  });
}

/**
 * Removes a place's photo for good (its sizes with it); the later ones move up a turn. Refused
 * when the place changed since `readVersion`. With its last photo gone, the place shows its
 * drawings again.
 */
export async function removeShopPhoto(
  place: PhotoPlace,
  publicId: string,
  staffId: number,
  readVersion: number,
): Promise<boolean> {
  return changePlace(place, staffId, readVersion, async (tx, placeId) => {
    const { photo, index } = photoIn(place, await photosIn(tx, placeId), publicId);
    await tx.delete(photos).where(eq(photos.id, photo.id));
    await tx
      .update(photos)
      .set({ position: sql`${photos.position} - 1` })
      .where(and(eq(photos.placeId, placeId), gt(photos.position, index + 1)));
    return {
      action: "shop_photo.remove",
      what: `photo ${index + 1} removed, “${photo.caption ?? ""}”`,
    };
  });
}
