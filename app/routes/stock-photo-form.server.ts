import { data, type ActionFunctionArgs } from "react-router";
import { successToast } from "~/content/messages/admin-messages";
import { addStockPhotos, deleteStockPhoto, PhotoGone } from "~/models/photo.server";
import { stockDevice } from "~/models/stock-device.server";
import { answerPhotoUpload, isMultipartUpload } from "~/routes/photo-upload.server";
import { stockPhotoDeleteSchema, stockPhotoUploadSchema } from "~/schemas/photo";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithMessage } from "~/server/form-reply.server";
import type { StaffArgs } from "~/server/staff-route.server";
import { redirectWithToast } from "~/server/toast.server";
import { parseRecordId } from "~/utils/record-id";

/*
 * The forms of a device for sale's photo address (issue 33): the upload, multipart and read as it
 * arrives, and a photo's Delete, a plain form. Either goes back to the device page with a toast
 * (303); a refusal is answered by the photos page with its message and a 4xx, nothing changed.
 */

/** The device the address names, with its photos; 404 without one. */
export async function stockPhotoDevice(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const device = id === undefined ? undefined : await stockDevice(id);
  if (!device) throw data("That device is not in the stock.", { status: 404 });
  return {
    id: device.id,
    label: [device.brand, device.model, device.storage].filter(Boolean).join(" "),
    photos: device.photos,
  };
}

const devicePage = (id: number) => `/admin/stock/${id}`;

const deleteFailed = "Failed to delete the photo. Please try again.";

/** A photo's Delete: gone from the store and the shop's page, or refused with the reason. */
async function answerPhotoDelete({
  request,
  params,
  context,
  staff,
}: StaffArgs<ActionFunctionArgs>) {
  const { id } = await stockPhotoDevice(params.id);
  const submission = parseForm(await request.formData(), stockPhotoDeleteSchema);
  const intent = "photo_delete" as const;
  if (submission.status !== "success")
    // The schema's one field says why: no photo of this device could be meant.
    return replyWithMessage(context, submission, 400, submission.error!.photo![0]!, { intent });
  try {
    await deleteStockPhoto(id, submission.value.photo, staff.id);
  } catch (error) {
    if (error instanceof PhotoGone)
      return replyWithMessage(context, submission, 404, error.message, { intent });
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, deleteFailed, { intent });
  }
  return redirectWithToast(`${devicePage(id)}#photos-heading`, successToast("Photo deleted."), {
    status: 303,
  });
}

/** The photo address's action: the upload, or a photo's Delete. */
export async function answerStockPhotoForm(args: StaffArgs<ActionFunctionArgs>) {
  if (!isMultipartUpload(args.request)) return answerPhotoDelete(args);
  return answerPhotoUpload(args, {
    find: stockPhotoDevice,
    schema: stockPhotoUploadSchema,
    store: (id, { caption }, photos, staffId) =>
      addStockPhotos(id, { caption: caption ?? null, photos }, staffId),
    pageOf: devicePage,
  });
}
