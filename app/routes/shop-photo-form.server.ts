import type { AppLoadContext } from "react-router";
import { z, type ZodTypeAny } from "zod";
import { photoPlaceNamed, type PhotoPlace } from "~/config/photo-places";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import {
  addShopPhoto,
  changeShopPhoto,
  moveShopPhoto,
  PlaceChangedMeanwhile,
  PlaceFull,
  removeShopPhoto,
  ShopPhotoGone,
} from "~/models/shop-photo.server";
import type { Staff } from "~/models/staff-session.server";
import { isPhotoPublicId } from "~/schemas/photo";
import {
  shopPhotoAddSchema,
  shopPhotoEditSchema,
  shopPhotoMoveSchema,
  shopPhotoRemoveSchema,
  type ShopPhotoIntent,
} from "~/schemas/shop-photos";
import { conflictOf } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { readShopPhotoForm, UploadRefused } from "~/routes/photo-upload.server";
import type { ShopPhotoTarget } from "~/types/shop-photos";
import { shopPhotosPath } from "~/utils/photo-limits";

/*
 * The forms of the shop's photos page (docs/decisions/0062). Those that carry a photo are
 * multipart and read as they arrive; the others are plain forms. A change goes back to the page
 * at its place with a toast (303); a refusal comes back to the form that was sent (`target`) with
 * its message and a 4xx, nothing stored.
 */

const schemas = {
  add: shopPhotoAddSchema,
  edit: shopPhotoEditSchema,
  move: shopPhotoMoveSchema,
  remove: shopPhotoRemoveSchema,
} as const satisfies Record<ShopPhotoIntent, ZodTypeAny>;

const failed = "Failed to change the photos. Please try again.";

/** The form's fields, and what makes its photo (none for a plain form). */
async function readForm(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    return { formData: await request.formData(), photoFor: async () => undefined };
  return readShopPhotoForm(request);
}

const isIntent = (value: unknown): value is ShopPhotoIntent =>
  typeof value === "string" && Object.hasOwn(schemas, value);

/** A change's toast, by what it was and whether it changed anything. */
function doneMessage(
  intent: ShopPhotoIntent,
  place: PhotoPlace,
  changed: boolean,
  replaced: boolean,
) {
  if (intent === "add") return `Photo added to ${place.label}. It shows on the site now.`;
  if (intent === "remove") return `Photo removed from ${place.label}.`;
  if (intent === "move")
    return changed ? "Photo moved." : "That photo cannot move further that way.";
  if (replaced) return "Photo replaced. The new one shows on the site now.";
  return changed ? "Description saved." : "The description was already that: nothing changed.";
}

/**
 * Runs a form of the shop's photos page for the owner or a manager: 303 back to the page with a
 * toast, or the page again with the refusal at the form that was sent.
 */
export async function shopPhotoAction(request: Request, context: AppLoadContext, staff: Staff) {
  let form;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    // The upload stopped before its fields were read: the message shows at the top of the page.
    return replyWithMessage(
      context,
      parseForm(new FormData(), z.object({})),
      error.status,
      error.message,
    );
  }
  const { formData, photoFor } = form;
  const intent = formData.get("intent");
  if (!isIntent(intent))
    return replyWithMessage(
      context,
      parseForm(new FormData(), z.object({})),
      400,
      "That form is not one this page sends. Reload the page.",
    );
  const submission = parseForm(formData, schemas[intent]);
  // Only what names a form on the page goes back in the answer, whatever a client sent.
  const photoSent = String(formData.get("photo") ?? "");
  const target: ShopPhotoTarget = {
    intent,
    place: photoPlaceNamed(String(formData.get("place") ?? ""))?.name ?? "",
    photo: isPhotoPublicId(photoSent) ? photoSent : undefined,
  };
  const refuse = (status: number, message: string) =>
    replyWithMessage(context, submission, status, message, { target });
  if (submission.status !== "success")
    return replyWithError(context, submission, 400, { extra: { target } });
  const value = submission.value;
  const place = photoPlaceNamed(value.place)!;
  let changed = true;
  let replaced = false;
  try {
    if (value.intent === "add") {
      const photo = await photoFor(place);
      if (!photo)
        return replyWithError(context, submission, 400, {
          fieldErrors: { file: ["Please choose a photo."] },
          extra: { target },
        });
      await addShopPhoto(place, value.caption, photo, staff.id);
    } else if (value.intent === "edit") {
      const photo = await photoFor(place);
      replaced = photo !== undefined;
      changed = await changeShopPhoto(
        place,
        value.photo,
        { caption: value.caption, photo },
        staff.id,
        value.version,
      );
    } else if (value.intent === "move")
      changed = await moveShopPhoto(place, value.photo, value.direction, staff.id, value.version);
    else changed = await removeShopPhoto(place, value.photo, staff.id, value.version);
  } catch (error) {
    if (error instanceof UploadRefused) return refuse(error.status, error.message);
    if (error instanceof PlaceChangedMeanwhile) {
      const refused = `${place.label} was changed while you had this page open, so nothing was saved.`;
      const next =
        intent === "edit"
          ? "Your description is below: check it against the photos as they are now and save again. If you chose a photo, choose it again."
          : "The photos are shown as they are now: check them and try again.";
      return replyWithError(context, submission, 409, {
        toast: errorToast(refused),
        formErrors: [`${refused} ${next}`],
        extra: { target, conflict: conflictOf(error.current.version, error.changes) },
      });
    }
    if (error instanceof PlaceFull) return refuse(409, error.message);
    if (error instanceof ShopPhotoGone) return refuse(404, error.message);
    if (!isDatabaseOutage(error)) throw error;
    return replyWithError(context, submission, 503, {
      toast: errorToast(failed),
      formErrors: [failed],
      extra: { target },
    });
  }
  return redirectWithToast(
    `${shopPhotosPath}#place-${place.name}`,
    successToast(doneMessage(intent, place, changed, replaced)),
    { status: 303 },
  );
}
