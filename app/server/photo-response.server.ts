import type { PhotoFile, PhotoVariant } from "~/models/photo.server";
import { photoFormats, type PhotoFormat } from "~/config/photos";

/** The variant a photo's address names: none for the full photo, `thumb` for the thumbnail. */
export function photoVariant(segment: string | undefined): PhotoVariant | undefined {
  if (segment === undefined) return "full";
  return segment === "thumb" ? "thumb" : undefined;
}

/** The size a shop photo's address names, `800.avif` (decision 0062); undefined for any other. */
export function photoSizeNamed(
  segment: string | undefined,
): { width: number; format: PhotoFormat } | undefined {
  const match = /^([1-9]\d{1,3})\.([a-z]{4})$/.exec(segment ?? "");
  const format = photoFormats.find((known) => known === match?.[2]);
  return match && format ? { width: Number(match[1]), format } : undefined;
}

/** The one answer for a photo that is not there or not the visitor's to see: nothing told apart. */
export const photoNotFound = () =>
  new Response("This photo is not available.", {
    status: 404,
    headers: { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" },
  });

/**
 * A stored photo's bytes. A photo never changes once stored, so its address and variant are its
 * ETag; but who may see it does (deleted, no longer shown to the customer), so a browser keeps it
 * privately and asks again each time (`no-cache`), answered 304 while it may still see it.
 */
export const photoResponse = (
  request: Request,
  file: PhotoFile,
  publicId: string,
  variant: PhotoVariant,
): Response =>
  answer(request, file, `"${publicId}-${variant}"`, {
    "cache-control": "private, no-cache",
    "x-robots-tag": "noindex",
  });

/**
 * One size of a shop photo, public (decision 0062). A replaced photo is a new address, so a copy
 * is kept for a year by any cache; a removed one leaves the pages at once, its address unguessed.
 */
export const shopPhotoSizeResponse = (
  request: Request,
  file: { contentType: string; data: Buffer },
  publicId: string,
  size: { width: number; format: PhotoFormat },
): Response =>
  answer(request, file, `"${publicId}-${size.width}.${size.format}"`, {
    "cache-control": "public, max-age=31536000, immutable",
  });

/** A photo's bytes with its ETag, or a 304 when the browser holds that copy. */
function answer(
  request: Request,
  file: { contentType: string; data: Buffer },
  etag: string,
  policy: Record<string, string>,
): Response {
  const headers = { ...policy, etag, "content-type": file.contentType };
  const asked = request.headers.get("if-none-match");
  if (asked?.split(",").some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.data), {
    headers: { ...headers, "content-length": String(file.data.length) },
  });
}
