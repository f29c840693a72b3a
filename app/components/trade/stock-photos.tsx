import { PhotoDeleteStep } from "~/components/admin/photo-delete-step";
import { stockPhotoPath } from "~/utils/photo-limits";

type StockPhoto = { publicId: string; caption: string | null; width: number; height: number };

/**
 * The device's photos as small copies, each opening the full photo, with its Delete step: the
 * form posts to the device's photo address from whichever page shows the list.
 */
export function StockPhotoList({
  stockDeviceId,
  photos,
}: {
  stockDeviceId: number;
  photos: StockPhoto[];
}) {
  if (!photos.length) return <p className="text-sm text-slate-600">No photos yet.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos of this device">
      {photos.map((photo, index) => (
        <li key={photo.publicId} data-testid="stock-photo" className="min-w-0">
          <a href={`/photos/${photo.publicId}`}>
            <img
              src={`/photos/${photo.publicId}/thumb`}
              alt={photo.caption ?? `Photo ${index + 1} of the device`}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className="aspect-square w-full rounded-md border border-slate-200 object-cover"
            />
          </a>
          <div className="mt-1">
            <PhotoDeleteStep publicId={photo.publicId} action={stockPhotoPath(stockDeviceId)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
