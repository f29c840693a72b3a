import type { FormConstraint } from "~/components/forms/use-form-reply";
import type { PhotoPlaceView, ShopPhotoTarget } from "~/types/shop-photos";
import { SaveRefused } from "./changed-meanwhile";
import { AddShopPhotoForm, ShopPhotoCard, type ShopPhotoReply } from "./shop-photo-forms";
import { panel } from "./ui";
import { messagesSummary } from "~/components/forms/error-summary";

/** An answer of the page's action, and the form it is for (app/routes/shop-photo-form.server.ts). */
export type PlaceReply = ShopPhotoReply & { target: ShopPhotoTarget };

/**
 * One place of the shop's photos page (decision 0062): where it shows and what it takes, its
 * photos in turn (or the drawing it shows until then), and the form to add one while it has room.
 * An answer shows at the form it is for; one whose form is gone (the photo was removed meanwhile,
 * the place filled up) shows above the photos.
 */
export function PhotoPlaceSection({
  place,
  constraints,
  reply,
}: {
  place: PhotoPlaceView;
  constraints: { add: FormConstraint; edit: FormConstraint };
  /** The page's last answer, if it is about this place. */
  reply?: PlaceReply;
}) {
  const headingId = `place-${place.name}-heading`;
  const room = place.photos.length < place.most;
  const target = reply?.target;
  const shownAtItsForm =
    target?.intent === "add" ? room : place.photos.some((p) => p.publicId === target?.photo);
  return (
    <section
      id={`place-${place.name}`}
      aria-labelledby={headingId}
      className={`${panel} scroll-mt-4`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {place.label}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{place.where}</p>
      <p className="mt-1 text-xs text-slate-600">
        {place.most > 1 ? `Up to ${place.most} photos, shown in this order. ` : "One photo. "}
        Shape: {place.shape}; at least {place.least} pixels.
      </p>
      {reply && !shownAtItsForm ? (
        <div className="mt-3">
          <SaveRefused
            form={messagesSummary(`${headingId}-error`, reply.result?.error?.[""])}
            conflict={reply.conflict}
          />
        </div>
      ) : null}
      <div
        className={`mt-4 grid gap-6 ${room ? "lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" : ""}`}
      >
        {place.photos.length ? (
          <ol className="grid gap-4" aria-label={`Photos of ${place.label}`}>
            {place.photos.map((photo, index) => (
              <ShopPhotoCard
                key={photo.publicId}
                place={place}
                photo={photo}
                turn={index + 1}
                constraint={constraints.edit}
                reply={
                  reply && target?.photo === photo.publicId && target.intent !== "add"
                    ? { ...reply, intent: target.intent }
                    : undefined
                }
              />
            ))}
          </ol>
        ) : (
          <figure className="max-w-sm">
            <img
              src={place.drawing.src}
              alt=""
              width={place.drawing.width}
              height={place.drawing.height}
              loading="lazy"
              className="h-auto w-full rounded border border-slate-200"
            />
            <figcaption className="mt-1 text-xs text-slate-600">
              Shown now: the drawing. A photo you add takes its place.
            </figcaption>
          </figure>
        )}
        {room ? (
          <div className="rounded-md border border-dashed border-slate-300 p-4">
            <h3 className="mb-3 text-base font-semibold text-slate-900">
              Add a photo<span className="sr-only"> to {place.label}</span>
            </h3>
            <AddShopPhotoForm
              // A fresh form once a photo was added; a refused one keeps what was typed.
              key={place.version}
              place={place}
              constraint={constraints.add}
              reply={target?.intent === "add" ? reply : undefined}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            {place.most > 1
              ? `This place shows its ${place.most} photos, the most it can. Replace or remove one to add another.`
              : "To show another photo here, replace this one."}
          </p>
        )}
      </div>
    </section>
  );
}
