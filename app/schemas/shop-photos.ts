import { z } from "zod";
import { photoPlaces } from "~/config/photo-places";
import type { ShopPhotoTarget } from "~/types/shop-photos";
import { maxCaptionLength } from "~/utils/photo-limits";
import { capped, requiredText, shortValueMax, versionField } from "./fields";
import { isPhotoPublicId } from "./photo";

/*
 * The forms of the shop's photos page (docs/decisions/0062), one schema each. The photo itself is
 * not a field here: the form handler reads it as it arrives (app/routes/photo-upload.server.ts).
 */

const placeMessage = "That place is not on the site any more. Reload the page.";
const photoMessage = "That photo is not in this place any more. Reload the page.";

const placeField = capped(
  shortValueMax,
  z.enum(photoPlaces.map((place) => place.name) as [string, ...string[]], {
    errorMap: () => ({ message: placeMessage }),
  }),
  placeMessage,
);

const photoField = capped(
  shortValueMax,
  z
    .string({ required_error: photoMessage, invalid_type_error: photoMessage })
    .refine(isPhotoPublicId, photoMessage),
  photoMessage,
);

/** What the photo shows, for people who cannot see it: required, as alternative text is. */
const captionField = requiredText(
  maxCaptionLength,
  "Please describe the photo for people who cannot see it.",
  `Please keep the description under ${maxCaptionLength} characters.`,
);

/** The place's version as the page read it: every change but an addition needs it. */
const readVersion = versionField.unwrap();

/** Add a photo to a place. */
export const shopPhotoAddSchema = z.object({
  intent: z.literal("add"),
  place: placeField,
  caption: captionField,
});

/** Describe a place's photo anew, and replace it when a new photo is chosen. */
export const shopPhotoEditSchema = z.object({
  intent: z.literal("edit"),
  place: placeField,
  photo: photoField,
  version: readVersion,
  caption: captionField,
});

/** Move a place's photo one turn earlier or later. */
export const shopPhotoMoveSchema = z.object({
  intent: z.literal("move"),
  place: placeField,
  photo: photoField,
  version: readVersion,
  direction: z.enum(["earlier", "later"], {
    errorMap: () => ({ message: "Please say which way to move the photo." }),
  }),
});

/** Remove a place's photo. */
export const shopPhotoRemoveSchema = z.object({
  intent: z.literal("remove"),
  place: placeField,
  photo: photoField,
  version: readVersion,
});

export type ShopPhotoIntent = ShopPhotoTarget["intent"];
