import { minSize, photoPlaces, type PhotoPlace } from "~/config/photo-places";
import { shopPhotos, type PlacePhotos } from "~/models/shop-photo.server";
import type { PhotoPlaceView } from "~/types/shop-photos";
import { slotPicture } from "~/utils/picture";
import { formatShopDateTime } from "~/utils/shop-time";
import { staffNotRecorded } from "~/routes/repair-detail-view.server";

function placeView(place: PhotoPlace, { version, photos }: PlacePhotos): PhotoPlaceView {
  const least = minSize(place);
  // The drawing at a middle width, as a browser without <picture> would get it.
  const drawing = slotPicture(place.drawings[0]!);
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
    drawing: { src: drawing.src, width: drawing.width, height: drawing.height },
  };
}

/** Every place of the shop's photos page (decision 0062), with its photos and version. */
export async function photoPlaceViews(): Promise<PhotoPlaceView[]> {
  const stored = await shopPhotos(photoPlaces.map((place) => place.name));
  return photoPlaces.map((place) => placeView(place, stored.get(place.name)!));
}
