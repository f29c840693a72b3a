import type { AppLoadContext } from "react-router";
import type { PhotoPlace } from "~/config/photo-places";
import { shopPhotos, type PlacePhotos } from "~/models/shop-photo.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { logError } from "~/server/log.server";
import { placePictures, type Picture } from "~/utils/picture";

/**
 * What the places of a public page show: the owner's photos, or the drawings until a place has
 * one (decision 0062). When the database does not answer, the drawings, with `no-store`: the page
 * still opens as it did before it had photos, and neither the page cache nor a browser keeps that
 * copy. `headers` go on the loader's answer.
 */
export async function picturesOf(
  context: AppLoadContext,
  places: readonly PhotoPlace[],
): Promise<{ of: (place: PhotoPlace) => Picture[]; headers?: HeadersInit }> {
  let stored: Map<string, PlacePhotos> = new Map();
  let headers: HeadersInit | undefined;
  try {
    stored = await shopPhotos(places.map((place) => place.name));
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    logError(
      "database unavailable; drawings shown",
      error,
      { requestId: context.requestId },
      "warn",
    );
    headers = { "cache-control": "no-store" };
  }
  return { of: (place) => placePictures(place, stored.get(place.name)?.photos ?? []), headers };
}
