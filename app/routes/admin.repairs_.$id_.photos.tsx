import { getZodConstraint } from "@conform-to/zod";
import { data, type MetaFunction } from "react-router";
import { z } from "zod";
import { useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairPageTitle } from "~/components/admin/repair-page-title";
import { PhotoUploadForm } from "~/components/admin/repair-photos";
import { Section } from "~/components/admin/repair-detail-sections";
import { useActionToast } from "~/components/toaster";
import { adminMessages, successToast } from "~/content/messages/admin-messages";
import { addRepairPhotos, repairPhotoCount, TooManyPhotos } from "~/models/photo.server";
import { getRepairRequest } from "~/models/booking-changes.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { redirectWithToast } from "~/server/toast.server";
import { photoUploadSchema } from "~/schemas/photo";
import { readPhotoUpload, UploadRefused } from "~/routes/photo-upload.server";
import { bookingReference } from "~/utils/booking-reference";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";

/*
 * A repair's photo upload (decision 0043). The repair page's Photos form posts here, the one
 * address whose body may be larger than a form's (server/photo-upload.ts); a stored upload goes
 * back to the repair page, a refused one is answered by this page: the reason, and the form again.
 */

const notFound = () => data(adminMessages.bookingNotFound, { status: 404 });

/** The repair the upload is for, and how many photos it keeps; 404 without one. */
async function repairFor(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const repair = id === undefined ? undefined : await getRepairRequest(id);
  if (!repair) throw notFound();
  return {
    id: repair.id,
    reference: bookingReference(repair.id),
    kept: await repairPhotoCount(repair.id),
  };
}

export const loader = staffLoader(async ({ params }) => ({
  repair: await repairFor(params.id),
  constraint: getZodConstraint(photoUploadSchema),
}));

const failed = "Failed to add the photos. Please try again.";

export const action = staffAction(async ({ request, params, context, staff }) => {
  const { id } = await repairFor(params.id);
  let upload;
  try {
    upload = await readPhotoUpload(request);
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
    await addRepairPhotos(
      id,
      { kind: submission.value.kind, caption: submission.value.caption ?? null, photos },
      staff.id,
    );
  } catch (error) {
    const message =
      error instanceof TooManyPhotos ? error.message : isDatabaseOutage(error) ? failed : undefined;
    if (!message) throw error;
    return replyWithMessage(
      context,
      submission,
      error instanceof TooManyPhotos ? 409 : 503,
      message,
    );
  }
  const added = photos.length === 1 ? "Photo added." : `${photos.length} photos added.`;
  return redirectWithToast(`/admin/repairs/${id}#photos-heading`, successToast(added), {
    status: 303,
  });
});

export default function RepairPhotoUploadPage() {
  const { repair, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <>
      <RepairPageTitle repair={repair} what="Photos" />
      <div className="mt-6 max-w-2xl">
        <Section title="Add Photos" id="add-photos-heading">
          <PhotoUploadForm
            repairId={repair.id}
            kept={repair.kept}
            constraint={constraint}
            lastResult={actionData?.result}
          />
        </Section>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Photos for ${data.repair.reference}` : "Photos") },
];

export const ErrorBoundary = AdminErrorBoundary;
