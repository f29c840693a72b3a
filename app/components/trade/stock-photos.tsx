import type { SubmissionResult } from "@conform-to/react";
import { PhotoDeleteStep } from "~/components/admin/photo-delete-step";
import { PhotoUploadForm } from "~/components/admin/photo-upload-form";
import { panel } from "~/components/admin/ui";
import type { FormConstraint } from "~/components/forms/use-form-reply";
import { stockPhotoPath } from "~/utils/photo-limits";

type StockPhoto = { publicId: string; caption: string | null; width: number; height: number };

/**
 * The device's photos as small copies, each opening the full photo, with its Delete step: the
 * form posts to the device's photo address from whichever page shows the list.
 */
function StockPhotoList({
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

/** The device's Photos panel: its list, a refused delete's message, and the upload form. */
export function StockPhotosPanel({
  device,
  constraint,
  lastResult,
  refused,
  className,
}: {
  device: { id: number; photos: StockPhoto[] };
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  refused?: string;
  className: string;
}) {
  return (
    <section aria-labelledby="photos-heading" className={`${panel} ${className}`}>
      <h2 id="photos-heading" className="text-lg font-semibold text-slate-900">
        Photos
      </h2>
      {refused ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {refused}
        </p>
      ) : null}
      <div className="mt-4 space-y-4">
        <StockPhotoList stockDeviceId={device.id} photos={device.photos} />
        <PhotoUploadForm
          holder="device"
          id={device.id}
          kept={device.photos.length}
          constraint={constraint}
          lastResult={lastResult}
        />
      </div>
    </section>
  );
}
