import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { controlProps, Field, InputField, inputClass } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { stockPhotoUploadSchema } from "~/schemas/photo";
import {
  maxPhotoBytes,
  maxPhotosPerStockDevice,
  maxPhotosPerUpload,
  photoAccept,
  stockPhotoPath,
} from "~/utils/photo-limits";

type StockPhoto = { publicId: string; caption: string | null; width: number; height: number };

/** The device's photos as small copies, each opening the full photo. */
export function StockPhotoList({ photos }: { photos: StockPhoto[] }) {
  if (!photos.length) return <p className="text-sm text-slate-600">No photos yet.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {photos.map((photo, index) => (
        <li key={photo.publicId} className="min-w-0">
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
        </li>
      ))}
    </ul>
  );
}

/**
 * Photos for the device's public page: a multipart form to the upload's own address, the one that
 * may send more than a form (decision 0043), as a repair's photos are added.
 */
export function StockPhotoForm({
  stockDeviceId,
  kept,
  constraint,
  lastResult,
}: {
  stockDeviceId: number;
  kept: number;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, field } = useFormReply<z.input<typeof stockPhotoUploadSchema> & { photos: string }>(
    lastResult,
    { constraint },
  );
  const photos = field("photos");
  return (
    <Form
      method="post"
      action={stockPhotoPath(stockDeviceId)}
      encType="multipart/form-data"
      className="space-y-4"
      {...form.props}
    >
      <ErrorSummary form={form} />
      <Field
        field={photos}
        label="Photos"
        hint={`JPEG, PNG or WebP, up to ${maxPhotoBytes / 1024 / 1024} MB each and ${maxPhotosPerUpload} at a time. This device keeps ${kept} of at most ${maxPhotosPerStockDevice}. Location and camera details are removed.`}
      >
        <input
          {...controlProps(photos, "input", "file")}
          type="file"
          accept={photoAccept}
          capture="environment"
          multiple
          required
          disabled={kept >= maxPhotosPerStockDevice}
          className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
        />
      </Field>
      <InputField field={field("caption")} label="Caption (optional)" />
      <SubmitButton label="Add photos" pendingLabel="Uploading…" className="w-full sm:w-auto" />
    </Form>
  );
}
