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
import { parseForm } from "~/server/form-reply.server";
import { PhotoRefused, processPhoto, type ProcessedPhoto } from "~/server/photo-processing.server";
import { photoUploadSchema } from "~/schemas/photo";
import {
  maxPhotoBytes,
  maxPhotosPerUpload,
  maxUploadBytes,
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

/**
 * Reads a photo upload as it arrives: each photo is checked and re-encoded (app/server/photo-
 * processing.server.ts) before the next is read, so one at most is held in memory, and the body is
 * cut off at the first limit passed. Returns the form's other fields, parsed with their schema,
 * and the photos; throws `UploadRefused` with the reason for the person who sent it.
 */
export async function readPhotoUpload(request: Request) {
  const processed: ProcessedPhoto[] = [];
  let formData: FormData;
  try {
    formData = await parseFormData(
      request,
      {
        maxFiles: maxPhotosPerUpload,
        maxFileSize: maxPhotoBytes,
        maxParts: maxPhotosPerUpload + 10,
        maxTotalSize: maxUploadBytes,
      },
      async (file) => {
        // An empty file input sends an empty part with no name: no photo was chosen.
        if (file.fieldName !== "photos" || (!file.size && !file.name)) return null;
        try {
          processed.push(await processPhoto(new Uint8Array(await file.arrayBuffer())));
        } catch (error) {
          if (error instanceof PhotoRefused)
            throw new UploadRefused(400, `${named(file)}${error.message}`);
          throw error;
        }
        return null;
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw new UploadRefused(413, sizeMessage);
    if (error instanceof MaxFilesExceededError)
      throw new UploadRefused(413, `Please choose at most ${maxPhotosPerUpload} photos at a time.`);
    if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError)
      throw new UploadRefused(413, uploadTooLargeMessage);
    if (error instanceof FormDataParseError || error instanceof MaxHeaderSizeExceededError)
      throw new UploadRefused(400, "The upload could not be read. Please try again.");
    throw error;
  }
  return { submission: parseForm(formData, photoUploadSchema), photos: processed };
}
