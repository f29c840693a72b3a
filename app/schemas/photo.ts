import { z } from "zod";
import { maxCaptionLength } from "~/utils/photo-limits";
import { capped, optionalText, shortValueMax } from "./fields";

const kindMessage = "Please choose what the photos show.";

/**
 * The fields of a repair's photo upload beside the photos themselves, which the upload's route
 * reads as they arrive (app/routes/admin.repairs_.$id_.photos.tsx).
 */
export const photoUploadSchema = z.object({
  kind: z.enum(["intake", "diagnosis"], { errorMap: () => ({ message: kindMessage }) }),
  caption: optionalText(maxCaptionLength, "Please keep a caption under 200 characters."),
});

/** A device for sale's photo upload: the photos and one caption for them. */
export const stockPhotoUploadSchema = z.object({
  caption: optionalText(maxCaptionLength, "Please keep a caption under 200 characters."),
});

/**
 * Whether text can be a photo's public id at all (base64url, as the photo store writes them):
 * anything else names no photo, and is not looked up (the database refuses text with a NUL).
 */
export const isPhotoPublicId = (text: string) => /^[A-Za-z0-9_-]{1,32}$/.test(text);

/** A photo named by its public id; `message` for anything that names none. */
const photoField = (message: string) =>
  capped(
    shortValueMax,
    z
      .string({ required_error: message, invalid_type_error: message })
      .refine(isPhotoPublicId, message),
    message,
  );

/** Showing one of a repair's photos to the customer, or not, or deleting it. */
export const photoChangeSchema = z.object({
  photo: photoField("That photo is not on this repair. Reload the page."),
  /** The state the button asked for, so a form read before another change still means it. */
  show: z.enum(["yes", "no"]).optional(),
});

/** Deleting one of a device for sale's photos. */
export const stockPhotoDeleteSchema = z.object({
  photo: photoField("That photo is not on this device. Reload the page."),
});
