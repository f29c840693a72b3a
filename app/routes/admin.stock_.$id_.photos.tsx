import { getZodConstraint } from "@conform-to/zod";
import { data, type MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { panel } from "~/components/admin/ui";
import { useActionToast } from "~/components/toaster";
import { StockPhotoForm } from "~/components/trade/stock-photos";
import { successToast } from "~/content/messages/admin-messages";
import { addStockPhotos, TooManyStockPhotos } from "~/models/photo.server";
import { stockDevice } from "~/models/stock-device.server";
import { readPhotoUpload, UploadRefused } from "~/routes/photo-upload.server";
import { stockPhotoUploadSchema } from "~/schemas/photo";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";

/*
 * A device for sale's photo upload. The device page's Photos form posts here, an address whose
 * body may be larger than a form's (server/photo-upload.ts); a stored upload goes back to the
 * device page, a refused one is answered by this page: the reason, and the form again.
 */

async function deviceFor(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const device = id === undefined ? undefined : await stockDevice(id);
  if (!device) throw data("That device is not in the stock.", { status: 404 });
  return {
    id: device.id,
    label: [device.brand, device.model, device.storage].filter(Boolean).join(" "),
    kept: device.photos.length,
  };
}

export const loader = staffLoader(
  async ({ params }) => ({
    device: await deviceFor(params.id),
    constraint: getZodConstraint(stockPhotoUploadSchema),
  }),
  { may: "buyDevices" },
);

const failed = "Failed to add the photos. Please try again.";

export const action = staffAction(
  async ({ request, params, context, staff }) => {
    const { id } = await deviceFor(params.id);
    let upload;
    try {
      upload = await readPhotoUpload(request, stockPhotoUploadSchema);
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
      await addStockPhotos(id, { caption: submission.value.caption ?? null, photos }, staff.id);
    } catch (error) {
      if (error instanceof TooManyStockPhotos)
        return replyWithMessage(context, submission, 409, error.message);
      if (!isDatabaseOutage(error)) throw error;
      return replyWithMessage(context, submission, 503, failed);
    }
    const added = photos.length === 1 ? "Photo added." : `${photos.length} photos added.`;
    return redirectWithToast(`/admin/stock/${id}#photos-heading`, successToast(added), {
      status: 303,
    });
  },
  { may: "buyDevices" },
);

export default function StockPhotoUploadPage() {
  const { device, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <>
      <h1 className="text-2xl font-bold break-words text-slate-900">Photos of {device.label}</h1>
      <div className={`${panel} mt-6 max-w-2xl`}>
        <StockPhotoForm
          stockDeviceId={device.id}
          kept={device.kept}
          constraint={constraint}
          lastResult={actionData?.result}
        />
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Photos of ${loaded.device.label}` : "Photos") },
];

export const ErrorBoundary = AdminErrorBoundary;
