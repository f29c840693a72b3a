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

/** Showing one of a repair's photos to the customer, or not, or deleting it. */
export const photoChangeSchema = z.object({
  photo: capped(shortValueMax, z.string({ required_error: "No photo was named." }).min(1)),
  /** The state the button asked for, so a form read before another change still means it. */
  show: z.enum(["yes", "no"]).optional(),
});
