import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { ChoiceField } from "~/components/forms/choice-field";
import { controlProps, Field, InputField, inputClass } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { photoUploadSchema } from "~/schemas/photo";
import type { RepairPhotoLine } from "~/types/repairs";
import {
  maxPhotoBytes,
  maxPhotosPerRepair,
  maxPhotosPerUpload,
  photoAccept,
  photoKindLabels,
  photoUploadPath,
} from "~/utils/photo-limits";
import { secondaryButton } from "./ui";

const kindOptions = Object.entries(photoKindLabels).map(([value, label]) => ({ value, label }));

/**
 * Photos from the phone's camera (or files on a desktop) for a repair: a multipart form to the
 * upload's own address, the one that may send more than a form (decision 0043). The same form on
 * the repair page and on the upload page that answers a refused upload.
 */
export function PhotoUploadForm({
  repairId,
  kept,
  constraint,
  lastResult,
}: {
  repairId: number;
  kept: number;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  // An upload refused before its fields were read comes back without them: intake is the default.
  const reply = lastResult && {
    ...lastResult,
    initialValue: { kind: "intake", ...lastResult.initialValue },
  };
  const { form, field } = useFormReply<z.input<typeof photoUploadSchema> & { photos: string }>(
    reply,
    { constraint, defaultValue: { kind: "intake" } },
  );
  const photos = field("photos");
  const full = kept >= maxPhotosPerRepair;
  return (
    <Form
      method="post"
      action={photoUploadPath(repairId)}
      encType="multipart/form-data"
      className="space-y-4"
      {...form.props}
    >
      <ErrorSummary form={form} />
      <ChoiceField field={field("kind")} legend="The photos show" options={kindOptions} />
      <Field
        field={photos}
        label="Photos"
        hint={`JPEG, PNG or WebP, up to ${maxPhotoBytes / 1024 / 1024} MB each and ${maxPhotosPerUpload} at a time. This repair keeps ${kept} of at most ${maxPhotosPerRepair}. Location and camera details are removed.`}
      >
        <input
          {...controlProps(photos, "input", "file")}
          type="file"
          accept={photoAccept}
          capture="environment"
          multiple
          required
          disabled={full}
          className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
        />
      </Field>
      <InputField field={field("caption")} label="Caption (optional)" />
      <SubmitButton label="Add Photos" pendingLabel="Uploading..." className="w-full sm:w-auto" />
    </Form>
  );
}

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
      <details className="text-sm">
        <summary className="cursor-pointer rounded-md px-2 py-1.5 font-semibold text-red-700 hover:bg-red-50">
          Delete…
        </summary>
        <Form method="post" preventScrollReset className="mt-1">
          <input type="hidden" name="intent" value="photo_delete" />
          <input type="hidden" name="photo" value={photo.publicId} />
          <button
            type="submit"
            className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
          >
            Delete this photo
          </button>
        </Form>
      </details>
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
