import type { PhotoFile, PhotoVariant } from "~/models/photo.server";

/** The variant a photo's address names: none for the full photo, `thumb` for the thumbnail. */
export function photoVariant(segment: string | undefined): PhotoVariant | undefined {
  if (segment === undefined) return "full";
  return segment === "thumb" ? "thumb" : undefined;
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
export function photoResponse(
  request: Request,
  file: PhotoFile,
  publicId: string,
  variant: PhotoVariant,
): Response {
  const etag = `"${publicId}-${variant}"`;
  const headers = {
    "cache-control": "private, no-cache",
    etag,
    "x-robots-tag": "noindex",
    "content-type": file.contentType,
  };
  const asked = request.headers.get("if-none-match");
  if (asked?.split(",").some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.data), {
    headers: { ...headers, "content-length": String(file.data.length) },
  });
}
