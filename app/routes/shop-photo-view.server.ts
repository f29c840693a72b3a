import { minSize, photoPlaces, type PhotoPlace } from "~/config/photo-places";
import { photoUrl } from "~/config/photos";
import { shopPhotos, type PlacePhotos } from "~/models/shop-photo.server";
import type { PhotoPlaceView } from "~/types/shop-photos";
import { formatShopDateTime } from "~/utils/shop-time";
import { staffNotRecorded } from "~/routes/repair-detail-view.server";

/** The width of a drawing's file the admin page shows while a place has no photo. */
const drawingWidth = 400;

function placeView(place: PhotoPlace, { version, photos }: PlacePhotos): PhotoPlaceView {
  const least = minSize(place);
  const drawing = place.drawings[0]!;
  return {
    name: place.name,
    label: place.label,
    where: place.where,
    shape: place.shape,
    least: `${least.width} × ${least.height}`,
    most: place.most,
    version,
    photos: photos.map((photo) => ({
      publicId: photo.publicId,
      caption: photo.caption,
      width: photo.width,
      height: photo.height,
      widths: photo.widths,
      by: photo.staff ?? staffNotRecorded,
      at: formatShopDateTime(photo.at),
      iso: photo.at.toISOString(),
    })),
    drawing: {
      src: photoUrl(drawing, drawingWidth, "webp"),
      width: drawingWidth,
      height: Math.round((drawingWidth * drawing.aspect[1]) / drawing.aspect[0]),
    },
  };
}

/** Every place of the shop's photos page (decision 0062), with its photos and version. */
export async function photoPlaceViews(): Promise<PhotoPlaceView[]> {
  const stored = await shopPhotos(photoPlaces.map((place) => place.name));
  return photoPlaces.map((place) => placeView(place, stored.get(place.name)!));
}
