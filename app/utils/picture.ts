import type { PhotoPlace } from "~/config/photo-places";
import {
  photoFormats,
  photoSize,
  photoUrl,
  type PhotoFormat,
  type PhotoSlot,
} from "~/config/photos";
import type { ShopPhotoShown } from "~/types/shop-photos";

/**
 * A picture as `<Photo>` draws it: one `srcset` per format, best first, the WebP at a middle width
 * for a browser that takes neither, its description and its size (so the page never jumps). Made
 * from a drawing's slot (files of `npm run images`) or from a shop photo the owner uploaded
 * (served from the photo store, docs/decisions/0062).
 */
export type Picture = {
  /** Stable across renders: the slot's name or the photo's address. */
  key: string;
  alt: string;
  width: number;
  height: number;
  sources: { type: `image/${PhotoFormat}`; srcSet: string }[];
  src: string;
};

/** The address of one size of a shop photo. */
const shopPhotoUrl = (publicId: string, width: number, format: PhotoFormat) =>
  `/photos/${publicId}/${width}.${format}`;

/** The width a browser without `<source>` support gets: the middle one. */
const middle = (widths: readonly number[]) => widths[Math.floor((widths.length - 1) / 2)]!;

function picture(
  key: string,
  alt: string,
  size: { width: number; height: number },
  widths: readonly number[],
  url: (width: number, format: PhotoFormat) => string,
): Picture {
  return {
    key,
    alt,
    width: size.width,
    height: size.height,
    sources: photoFormats.map((format) => ({
      type: `image/${format}`,
      srcSet: widths.map((width) => `${url(width, format)} ${width}w`).join(", "),
    })),
    src: url(middle(widths), "webp"),
  };
}

export const slotPicture = (slot: PhotoSlot): Picture =>
  picture(slot.name, slot.alt, photoSize(slot), slot.widths, (width, format) =>
    photoUrl(slot, width, format),
  );

const shopPhotoPicture = (photo: ShopPhotoShown): Picture =>
  picture(photo.publicId, photo.caption, photo, photo.widths, (width, format) =>
    shopPhotoUrl(photo.publicId, width, format),
  );

/** What a place shows: the owner's photos in turn, or its drawings until there is one. */
export const placePictures = (place: PhotoPlace, photos: readonly ShopPhotoShown[]): Picture[] =>
  photos.length ? photos.map(shopPhotoPicture) : place.drawings.map(slotPicture);
