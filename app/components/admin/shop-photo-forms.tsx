import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { Field, InputField, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import {
  useFormReply,
  type FormConstraint,
  type FormField,
} from "~/components/forms/use-form-reply";
import type { shopPhotoAddSchema, shopPhotoEditSchema } from "~/schemas/shop-photos";
import type { ChangedMeanwhile } from "~/types/repairs";
import type { PhotoPlaceView, ShopPhotoLine } from "~/types/shop-photos";
import { maxPhotoBytes, photoAccept } from "~/utils/photo-limits";
import { SaveRefused } from "./changed-meanwhile";
import { dangerButton, secondaryButton } from "./ui";
import { messagesSummary } from "~/components/forms/error-summary";

/*
 * The forms of one place on the shop's photos page (docs/decisions/0062). Those that carry a photo
 * are multipart, the photo in `file`; every form names its place, and all but an addition the
 * place's version as the page read it, so a change someone else made meanwhile is never undone.
 */

/** A reply to one of these forms: Conform's result, and what changed meanwhile on a 409. */
export type ShopPhotoReply = { result?: SubmissionResult<string[]>; conflict?: ChangedMeanwhile };

const fileClass = `${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`;

const captionLabel = "Description (alt text)";
const captionHint =
  "What the photo shows, for people who cannot see it, e.g. “Our front counter on Lakeshore Road”.";

/** The shape and limits a place's photos take, under its file input. */
const photoHint = (place: PhotoPlaceView) =>
  `JPEG, PNG or WebP, up to ${maxPhotoBytes / 1024 / 1024} MB, at least ${place.least} pixels. Cropped to ${place.shape} around what matters most; location and camera details are removed.`;

/** Words only a screen reader hears, telling apart the same button in every place. */
const Hidden = ({ children }: { children: string }) => <span className="sr-only">{children}</span>;

function FileInput({ field, required }: { field: FormField; required?: boolean }) {
  return (
    <input
      {...field.props}
      defaultValue={undefined}
      type="file"
      accept={photoAccept}
      required={required}
      className={fileClass}
    />
  );
}

/** Adds a photo at the end of a place. */
export function AddShopPhotoForm({
  place,
  constraint,
  reply,
}: {
  place: PhotoPlaceView;
  constraint: FormConstraint;
  reply?: ShopPhotoReply;
}) {
  const { form, field } = useFormReply<z.input<typeof shopPhotoAddSchema> & { file: string }>(
    reply?.result,
    { constraint },
  );
  const file = field("file");
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="place" value={place.name} />
      <SaveRefused form={form} />
      <Field field={file} label="Photo" required hint={photoHint(place)}>
        <FileInput field={file} required />
      </Field>
      <InputField field={field("caption")} label={captionLabel} required hint={captionHint} />
      <SubmitButton
        label="Add Photo"
        unseen={` to ${place.label}`}
        pendingLabel="Uploading..."
        className="w-full sm:w-auto"
      />
    </Form>
  );
}

/** Describes one of a place's photos anew, and replaces it when another photo is chosen. */
function EditShopPhotoForm({
  place,
  photo,
  turn,
  constraint,
  reply,
}: {
  place: PhotoPlaceView;
  photo: ShopPhotoLine;
  turn: number;
  constraint: FormConstraint;
  reply?: ShopPhotoReply;
}) {
  const { form, field } = useFormReply<z.input<typeof shopPhotoEditSchema> & { file: string }>(
    reply?.result,
    { constraint, defaultValue: { caption: photo.caption } },
  );
  const file = field("file");
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3" {...form.props}>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="place" value={place.name} />
      <input type="hidden" name="photo" value={photo.publicId} />
      <input type="hidden" name="version" value={place.version} />
      <SaveRefused form={form} conflict={reply?.conflict} />
      <InputField field={field("caption")} label={captionLabel} required />
      <Field field={file} label="Replace with another photo (optional)">
        <FileInput field={file} />
      </Field>
      <button type="submit" className={secondaryButton}>
        Save<Hidden>{` photo ${turn} of ${place.label}`}</Hidden>
      </button>
    </Form>
  );
}

/** A small form of one button about one photo: move it, or remove it. */
function PhotoButtonForm({
  place,
  photo,
  intent,
  children,
}: {
  place: PhotoPlaceView;
  photo: ShopPhotoLine;
  intent: "move" | "remove";
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="place" value={place.name} />
      <input type="hidden" name="photo" value={photo.publicId} />
      <input type="hidden" name="version" value={place.version} />
      {children}
    </Form>
  );
}

/**
 * One of a place's photos: as it is cropped, who added it and when, its description and
 * replacement, its turn (for a place of several) and its removal behind a second step.
 */
export function ShopPhotoCard({
  place,
  photo,
  turn,
  constraint,
  reply,
}: {
  place: PhotoPlaceView;
  photo: ShopPhotoLine;
  turn: number;
  constraint: FormConstraint;
  /** The answer to a move or removal of this photo, or to its form. */
  reply?: ShopPhotoReply & { intent: "edit" | "move" | "remove" };
}) {
  const of = ` photo ${turn} of ${place.label}`;
  const count = place.photos.length;
  const buttonError =
    reply && reply.intent !== "edit" ? (reply.result?.error?.[""] ?? undefined) : undefined;
  return (
    <li
      data-testid="shop-photo"
      className="rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4"
    >
      <div>
        <a href={`/photos/${photo.publicId}`} target="_blank" rel="noopener" className="block">
          <img
            src={`/photos/${photo.publicId}/thumb`}
            alt={photo.caption}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            className="h-auto w-full rounded bg-slate-200"
          />
        </a>
        <p className="mt-2 text-xs text-slate-600">
          {place.most > 1 ? `Shown ${turn} of ${count} · ` : null}
          Added by {photo.by} · <time dateTime={photo.iso}>{photo.at}</time>
        </p>
      </div>
      <div className="mt-3 sm:mt-0">
        {buttonError ? (
          <div className="mb-3">
            <SaveRefused
              form={messagesSummary(`${photo.publicId}-error`, buttonError)}
              conflict={reply?.conflict}
            />
          </div>
        ) : null}
        <EditShopPhotoForm
          key={`${photo.publicId}|${place.version}`}
          place={place}
          photo={photo}
          turn={turn}
          constraint={constraint}
          reply={reply?.intent === "edit" ? reply : undefined}
        />
        <div className="mt-3 flex flex-wrap items-start gap-2 border-t border-slate-200 pt-3">
          {count > 1 ? (
            <>
              <PhotoButtonForm place={place} photo={photo} intent="move">
                <input type="hidden" name="direction" value="earlier" />
                <button
                  type="submit"
                  disabled={turn === 1}
                  className={`${secondaryButton} px-3 py-1.5 disabled:opacity-50`}
                >
                  Move earlier<Hidden>{of}</Hidden>
                </button>
              </PhotoButtonForm>
              <PhotoButtonForm place={place} photo={photo} intent="move">
                <input type="hidden" name="direction" value="later" />
                <button
                  type="submit"
                  disabled={turn === count}
                  className={`${secondaryButton} px-3 py-1.5 disabled:opacity-50`}
                >
                  Move later<Hidden>{of}</Hidden>
                </button>
              </PhotoButtonForm>
            </>
          ) : null}
          <details className="text-sm">
            <summary className="cursor-pointer rounded-md px-2 py-1.5 font-semibold text-red-700 hover:bg-red-50">
              Remove…<Hidden>{of}</Hidden>
            </summary>
            <PhotoButtonForm place={place} photo={photo} intent="remove">
              <p className="mt-1 max-w-xs text-slate-700">
                {count > 1
                  ? "The site stops showing it at once."
                  : "The site shows the drawing again instead."}
              </p>
              <button type="submit" className={`${dangerButton} mt-2 px-3 py-1.5`}>
                Remove this photo<Hidden>{` (${of.trim()})`}</Hidden>
              </button>
            </PhotoButtonForm>
          </details>
        </div>
      </div>
    </li>
  );
}
