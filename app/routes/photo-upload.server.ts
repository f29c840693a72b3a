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
import type { ZodTypeAny } from "zod";
import { parseForm } from "~/server/form-reply.server";
import {
  PhotoRefused,
  processPhoto,
  processPlacePhoto,
  type PlaceShape,
  type ProcessedPhoto,
} from "~/server/photo-processing.server";
import { photoUploadSchema } from "~/schemas/photo";
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
 * Reads a repair's photo upload as it arrives: each photo is checked and re-encoded (app/server/
 * photo-processing.server.ts) before the next is read, so one at most is held in memory. Returns
 * the form's other fields, parsed with their schema (a repair's, or `schema`: a device for
 * sale's), and the photos.
 */
export async function readPhotoUpload<Schema extends ZodTypeAny = typeof photoUploadSchema>(
  request: Request,
  schema: Schema = photoUploadSchema as unknown as Schema,
) {
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
