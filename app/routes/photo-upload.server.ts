import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import type { ActionFunctionArgs } from "react-router";
import { z, type ZodTypeAny } from "zod";
import { successToast } from "~/content/messages/admin-messages";
import { TooManyPhotos } from "~/models/photo.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import {
  PhotoRefused,
  processPhoto,
  processPlacePhoto,
  type PlaceShape,
  type ProcessedPhoto,
} from "~/server/photo-processing.server";
import type { StaffArgs } from "~/server/staff-route.server";
import { redirectWithToast } from "~/server/toast.server";
import {
  maxPhotoBytes,
  maxPhotosPerUpload,
  maxShopUploadBytes,
  maxUploadBytes,
  shopUploadTooLargeMessage,
  uploadTooLargeMessage,
} from "~/utils/photo-limits";

/** An upload refused as a whole: nothing of it is stored. */
export class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = "UploadRefused";
  }
}

const sizeMessage = `Each photo must be ${maxPhotoBytes / 1024 / 1024} MB or smaller.`;

/** A file's name as the message repeats it: the browser's, cut short. */
const named = (file: FileUpload) => (file.name ? `“${file.name.slice(0, 80)}”: ` : "");

/** A photo refused refuses its whole upload, the message naming the file (`name`). */
async function refusedByName<T>(name: string, process: () => Promise<T>): Promise<T> {
  try {
    return await process();
  } catch (error) {
    if (error instanceof PhotoRefused) throw new UploadRefused(400, `${name}${error.message}`);
    throw error;
  }
}

/**
 * Reads a multipart form as it arrives, handing each photo chosen in the field `field` to `onPhoto`
 * (with its name as a message repeats it) before the next part is read, and cutting the body off
 * at the first limit passed. Returns the form's other fields; throws `UploadRefused` with the
 * reason for the person who sent it.
 */
async function readUpload(
  request: Request,
  limits: { field: string; maxFiles: number; maxTotal: number; tooMany: string; tooLarge: string },
  onPhoto: (bytes: Uint8Array, name: string) => Promise<void>,
): Promise<FormData> {
  try {
    return await parseFormData(
      request,
      {
        maxFiles: limits.maxFiles,
        maxFileSize: maxPhotoBytes,
        maxParts: limits.maxFiles + 10,
        maxTotalSize: limits.maxTotal,
      },
      async (file) => {
        // An empty file input sends an empty part with no name: no photo was chosen.
        if (file.fieldName !== limits.field || (!file.size && !file.name)) return null;
        await onPhoto(new Uint8Array(await file.arrayBuffer()), named(file));
        return null;
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw new UploadRefused(413, sizeMessage);
    if (error instanceof MaxFilesExceededError) throw new UploadRefused(413, limits.tooMany);
    if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError)
      throw new UploadRefused(413, limits.tooLarge);
    if (error instanceof FormDataParseError || error instanceof MaxHeaderSizeExceededError)
      throw new UploadRefused(400, "The upload could not be read. Please try again.");
    throw error;
  }
}

/**
 * Reads a record's photo upload as it arrives: each photo is checked and re-encoded (app/server/
 * photo-processing.server.ts) before the next is read, so one at most is held in memory. Returns
 * the form's other fields, parsed with `schema`, and the photos.
 */
async function readPhotoUpload<Schema extends ZodTypeAny>(request: Request, schema: Schema) {
  const processed: ProcessedPhoto[] = [];
  const formData = await readUpload(
    request,
    {
      field: "photos",
      maxFiles: maxPhotosPerUpload,
      maxTotal: maxUploadBytes,
      tooMany: `Please choose at most ${maxPhotosPerUpload} photos at a time.`,
      tooLarge: uploadTooLargeMessage,
    },
    async (bytes, name) => {
      processed.push(await refusedByName(name, () => processPhoto(bytes)));
    },
  );
  return { submission: parseForm(formData, schema), photos: processed };
}

/** What a record's photo upload needs: a repair's, or a device for sale's. */
export type PhotoUploadTarget<Schema extends ZodTypeAny> = {
  /** The record the address names, or the 404 it throws. */
  find: (idParam: string | undefined) => Promise<{ id: number }>;
  /** The form's fields beside the photos. */
  schema: Schema;
  /** Stores the photos, all or none; `TooManyPhotos` past the record's limit. */
  store: (
    id: number,
    fields: z.output<Schema>,
    photos: ProcessedPhoto[],
    staffId: number,
  ) => Promise<unknown>;
  /** The record's page, where a stored upload goes back to. */
  pageOf: (id: number) => string;
};

const failed = "Failed to add the photos. Please try again.";

/**
 * Answers a record's photo upload: stored, back to the record's page with a toast; refused (4xx,
 * nothing stored) or unstored in an outage (503), the reason for the upload's own page to show
 * with the form again.
 */
export async function answerPhotoUpload<Schema extends ZodTypeAny>(
  { request, params, context, staff }: StaffArgs<ActionFunctionArgs>,
  target: PhotoUploadTarget<Schema>,
) {
  const { id } = await target.find(params.id);
  let upload;
  try {
    upload = await readPhotoUpload(request, target.schema);
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    // The upload stopped before its other fields were read: the form comes back as first drawn.
    const unread = parseForm(new FormData(), z.object({}));
    return replyWithMessage(context, unread, error.status, error.message);
  }
  const { submission, photos } = upload;
  if (submission.status !== "success") return replyWithError(context, submission, 400);
  if (!photos.length)
    return replyWithError(context, submission, 400, {
      fieldErrors: { photos: ["Please choose at least one photo."] },
    });
  try {
    await target.store(id, submission.value, photos, staff.id);
  } catch (error) {
    if (error instanceof TooManyPhotos)
      return replyWithMessage(context, submission, 409, error.message);
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, failed);
  }
  const added = photos.length === 1 ? "Photo added." : `${photos.length} photos added.`;
  return redirectWithToast(`${target.pageOf(id)}#photos-heading`, successToast(added), {
    status: 303,
  });
}

/**
 * Whether a request to an upload's address is the upload itself, as the request gate tells
 * (server/photo-upload.ts): any other form posted there is a plain one.
 */
export const isMultipartUpload = (request: Request) =>
  request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ===
  "multipart/form-data";

/**
 * Reads a form of the shop's photos page (docs/decisions/0062): at most one photo, in the field
 * `file`, kept as sent until the form's fields say which place it is for. Returns the fields, and
 * what makes the photo for its place: undefined when none was chosen, `UploadRefused` when the
 * photo cannot be used there.
 */
export async function readShopPhotoForm(request: Request) {
  let chosen: { bytes: Uint8Array; name: string } | undefined;
  const formData = await readUpload(
    request,
    {
      field: "file",
      maxFiles: 1,
      maxTotal: maxShopUploadBytes,
      tooMany: shopUploadTooLargeMessage,
      tooLarge: shopUploadTooLargeMessage,
    },
    async (bytes, name) => {
      chosen = { bytes, name };
    },
  );
  const photoFor = async (place: PlaceShape) =>
    chosen && refusedByName(chosen.name, () => processPlacePhoto(chosen!.bytes, place));
  return { formData, photoFor };
}
