import sharp from "sharp";
import { minSize, type PhotoPlace } from "~/config/photo-places";
import { photoEncodings, photoFormats, type PhotoFormat } from "~/config/photos";
import { maxPhotoBytes } from "~/utils/photo-limits";

/** What is stored of a photo: both copies re-encoded, with no metadata at all. */
export type ProcessedPhoto = {
  contentType: "image/webp";
  data: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
};

/** A file that is not a photo this app keeps; `message` says why, for the person who sent it. */
export class PhotoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoRefused";
  }
}

/** The longest side of the copy that is kept: sharp on a phone screen, readable on a desktop. */
const longestSide = 1600;
const thumbSide = 320;
/**
 * A photo of more pixels is refused before it is decoded: 60 megapixels covers a 48-megapixel
 * phone camera, and a small file that claims a huge picture (a decompression bomb) is stopped here
 * instead of filling the memory.
 */
const maxInputPixels = 60_000_000;

/** What sharp may read, as the message names them. HEIC: the prebuilt libvips reads AVIF only. */
const accepted = new Set(["jpeg", "png", "webp"]);

const acceptedTypes = "Please send a JPEG, PNG or WebP photo.";

function refusalFor(format?: string, compression?: string): string {
  if (format === "heif" && compression === "hevc")
    return `This server cannot read HEIC photos (an iPhone's "High Efficiency" format). ${acceptedTypes} On an iPhone: Settings → Camera → Formats → Most Compatible.`;
  if (format === "svg") return `A drawing (SVG) is not a photo. ${acceptedTypes}`;
  return `This file is not a photo the shop can keep. ${acceptedTypes}`;
}

/** The photo's header, once it says a photo this app reads, of a size it keeps. */
async function checkedHeader(input: Uint8Array) {
  if (input.byteLength > maxPhotoBytes)
    throw new PhotoRefused(`Each photo must be ${maxPhotoBytes / 1024 / 1024} MB or smaller.`);
  let metadata;
  try {
    // The header only: the pixel count is judged below, with a message of its own.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused(refusalFor());
  }
  if (!accepted.has(metadata.format))
    throw new PhotoRefused(refusalFor(metadata.format, metadata.compression));
  if (metadata.width * metadata.height > maxInputPixels)
    throw new PhotoRefused(
      "This photo has too many pixels to keep (60 megapixels at most). Please take it at the camera's usual size.",
    );
  return metadata;
}

/** The photo decoded whole, stopped at the pixel limit, turned upright by its EXIF orientation. */
const upright = (input: Uint8Array) =>
  sharp(input, { limitInputPixels: maxInputPixels, failOn: "error" }).autoOrient();

/** The header read well but the picture does not decode: a cut-off or damaged file. */
const undecodable = () =>
  new PhotoRefused(
    "This photo could not be read whole (the file may be damaged or cut off). Please take it again.",
  );

/**
 * Reads an uploaded file as a photo and makes the two copies the app keeps: turned upright by its
 * EXIF orientation, at most `longestSide` (and `thumbSide` for the thumbnail) on its longest side,
 * re-encoded as WebP. sharp writes no metadata unless asked, so the camera, the time and the GPS
 * position are gone. Anything that is not a JPEG, PNG or WebP picture sharp can decode whole
 * (a renamed text file, an SVG, a truncated file, too many pixels) is refused with `PhotoRefused`.
 */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  await checkedHeader(input);
  const photo = upright(input);
  try {
    const [full, thumb] = await Promise.all([
      photo
        .clone()
        .resize({
          width: longestSide,
          height: longestSide,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      photo
        .clone()
        .resize({ width: thumbSide, height: thumbSide, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer(),
    ]);
    return {
      contentType: "image/webp",
      data: full.data,
      thumb,
      width: full.info.width,
      height: full.info.height,
    };
  } catch {
    throw undecodable();
  }
}

/** One width of a shop photo in one format, as its place's pages ask for it. */
type PhotoSize = { format: PhotoFormat; width: number; height: number; data: Buffer };

/** A shop photo: cropped to its place's shape, the stored copies and every size of it. */
export type PlacePhoto = ProcessedPhoto & { sizes: PhotoSize[] };

/** The shape a place gives its photos (app/config/photo-places.ts). */
export type PlaceShape = Pick<PhotoPlace, "label" | "aspect" | "widths" | "minWidth">;

/**
 * Reads an uploaded file as a photo for a place on the public pages (docs/decisions/0062), with
 * the same checks as `processPhoto`: turned upright, cropped to the place's shape around its most
 * interesting part (sharp's `attention`), written in AVIF and WebP at each of the place's widths
 * that the photo fills without being enlarged. A photo too small for the place once cropped is
 * refused with the size it needs. No metadata is written.
 */
export async function processPlacePhoto(input: Uint8Array, place: PlaceShape): Promise<PlacePhoto> {
  const metadata = await checkedHeader(input);
  const { width: shownWidth, height: shownHeight } = metadata.autoOrient;
  const [aspectWidth, aspectHeight] = place.aspect;
  const heightAt = (width: number) => Math.round((width * aspectHeight) / aspectWidth);
  const croppable = Math.min(shownWidth, Math.floor((shownHeight * aspectWidth) / aspectHeight));
  if (croppable < place.minWidth) {
    const least = minSize(place);
    throw new PhotoRefused(
      `This photo is ${shownWidth} × ${shownHeight} pixels: ${place.label} needs at least ${least.width} × ${least.height}. Please choose a larger photo.`,
    );
  }
  const widths = place.widths.filter((width) => width <= croppable);
  const largest = Math.max(...widths);
  try {
    // Cropped once, at the largest width, as raw pixels; every size is made from them.
    const { data: pixels, info } = await upright(input)
      .resize({
        width: largest,
        height: heightAt(largest),
        fit: "cover",
        position: sharp.strategy.attention,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const at = (width: number) =>
      sharp(pixels, { raw }).resize({ width, height: heightAt(width), fit: "cover" });
    const sizes = await Promise.all(
      widths.flatMap((width) =>
        photoFormats.map(async (format) => ({
          format,
          width,
          height: heightAt(width),
          data: await (
            format === "avif"
              ? at(width).avif(photoEncodings.avif)
              : at(width).webp(photoEncodings.webp)
          ).toBuffer(),
        })),
      ),
    );
    const thumb = await at(Math.min(thumbSide, largest)).webp({ quality: 70 }).toBuffer();
    const full = sizes.find((size) => size.format === "webp" && size.width === largest)!;
    return {
      contentType: "image/webp",
      data: full.data,
      thumb,
      width: largest,
      height: full.height,
      sizes,
    };
  } catch {
    throw undecodable();
  }
}
