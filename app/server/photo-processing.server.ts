import sharp from "sharp";
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

/**
 * Reads an uploaded file as a photo and makes the two copies the app keeps: turned upright by its
 * EXIF orientation, at most `longestSide` (and `thumbSide` for the thumbnail) on its longest side,
 * re-encoded as WebP. sharp writes no metadata unless asked, so the camera, the time and the GPS
 * position are gone. Anything that is not a JPEG, PNG or WebP picture sharp can decode whole
 * (a renamed text file, an SVG, a truncated file, too many pixels) is refused with `PhotoRefused`.
 */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
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
  const upright = sharp(input, { limitInputPixels: maxInputPixels, failOn: "error" }).autoOrient();
  try {
    const [full, thumb] = await Promise.all([
      upright
        .clone()
        .resize({
          width: longestSide,
          height: longestSide,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      upright
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
    // The header read well but the picture does not decode: a cut-off or damaged file.
    throw new PhotoRefused(
      "This photo could not be read whole (the file may be damaged or cut off). Please take it again.",
    );
  }
}
