import { Form } from "react-router";
import type { RepairPhotoLine } from "~/types/repairs";
import { PhotoDeleteStep } from "./photo-delete-step";
import { secondaryButton } from "./ui";

/** One photo's buttons: show it to the customer or stop, and delete it (behind a second step). */
function PhotoActions({ photo }: { photo: RepairPhotoLine }) {
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="photo_show" />
        <input type="hidden" name="photo" value={photo.publicId} />
        <input type="hidden" name="show" value={photo.showCustomer ? "no" : "yes"} />
        <button type="submit" className={`${secondaryButton} px-3 py-1.5`}>
          {photo.showCustomer ? "Hide from customer" : "Show the customer"}
        </button>
      </Form>
      <PhotoDeleteStep publicId={photo.publicId} />
    </div>
  );
}

/**
 * A repair's photos, oldest first: each a thumbnail opening the full photo, what it shows, who
 * took it and when, and whether the customer sees it on the tracking page.
 */
export function RepairPhotoList({ photos }: { photos: RepairPhotoLine[] }) {
  if (!photos.length)
    return <p className="text-sm text-slate-600">No photos of this repair yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Photos of this repair">
      {photos.map((photo, index) => {
        const description = photo.caption ?? `${photo.kindLabel} photo ${index + 1}`;
        return (
          <li
            key={photo.publicId}
            data-testid="repair-photo"
            className="rounded-md border border-slate-200 bg-slate-50 p-2"
          >
            <a href={`/photos/${photo.publicId}`} className="block" target="_blank" rel="noopener">
              <img
                src={`/photos/${photo.publicId}/thumb`}
                alt={description}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="h-40 w-full rounded bg-slate-200 object-contain"
              />
            </a>
            <p className="mt-2 text-sm font-semibold text-slate-900">
              {photo.kindLabel}
              {photo.showCustomer ? (
                <span className="ml-2 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-900">
                  Customer sees it
                </span>
              ) : null}
            </p>
            {photo.caption ? (
              <p className="text-sm [overflow-wrap:anywhere] text-slate-800">{photo.caption}</p>
            ) : null}
            <p className="text-xs text-slate-600">
              {photo.by} · <time dateTime={photo.iso}>{photo.at}</time>
            </p>
            <PhotoActions photo={photo} />
          </li>
        );
      })}
    </ul>
  );
}
