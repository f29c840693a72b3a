import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { ChoiceField } from "~/components/forms/choice-field";
import { controlProps, Field, InputField, inputClass } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { photoUploadSchema } from "~/schemas/photo";
import {
  maxPhotoBytes,
  maxPhotosPerUpload,
  photoAccept,
  photoHolders,
  photoKindLabels,
  type PhotoHolder,
} from "~/utils/photo-limits";

const kindOptions = Object.entries(photoKindLabels).map(([value, label]) => ({ value, label }));

/**
 * Photos from the phone's camera (or files on a desktop) for a repair or a device for sale: a
 * multipart form to the upload's own address, the one that may send more than a form (decision
 * 0043). The same form on the record's page and on the upload page that answers a refused upload.
 * A repair's photos also say what they show.
 */
export function PhotoUploadForm({
  holder,
  id,
  kept,
  constraint,
  lastResult,
}: {
  holder: PhotoHolder;
  id: number;
  kept: number;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { maxPhotos, uploadPath } = photoHolders[holder];
  const kinds = holder === "repair";
  // An upload refused before its fields were read comes back without them: intake is the default.
  const reply =
    lastResult && kinds
      ? { ...lastResult, initialValue: { kind: "intake", ...lastResult.initialValue } }
      : lastResult;
  const { form, field } = useFormReply<z.input<typeof photoUploadSchema> & { photos: string }>(
    reply,
    { constraint, defaultValue: kinds ? { kind: "intake" } : undefined },
  );
  const photos = field("photos");
  return (
    <Form
      method="post"
      action={uploadPath(id)}
      encType="multipart/form-data"
      className="space-y-4"
      {...form.props}
    >
      <ErrorSummary form={form} />
      {kinds ? (
        <ChoiceField field={field("kind")} legend="The photos show" options={kindOptions} />
      ) : null}
      <Field
        field={photos}
        label="Photos"
        hint={`JPEG, PNG or WebP, up to ${maxPhotoBytes / 1024 / 1024} MB each and ${maxPhotosPerUpload} at a time. This ${holder} keeps ${kept} of at most ${maxPhotos}. Location and camera details are removed.`}
      >
        <input
          {...controlProps(photos, "input", "file")}
          type="file"
          accept={photoAccept}
          capture="environment"
          multiple
          required
          disabled={kept >= maxPhotos}
          className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
        />
      </Field>
      <InputField field={field("caption")} label="Caption (optional)" />
      <SubmitButton label="Add Photos" pendingLabel="Uploading..." className="w-full sm:w-auto" />
    </Form>
  );
}
