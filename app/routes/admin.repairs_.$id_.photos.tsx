import { getZodConstraint } from "@conform-to/zod";
import { data, type MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairPageTitle } from "~/components/admin/repair-page-title";
import { PhotoUploadForm } from "~/components/admin/photo-upload-form";
import { Section } from "~/components/admin/repair-detail-sections";
import { useActionToast } from "~/components/toaster";
import { adminMessages } from "~/content/messages/admin-messages";
import { addRepairPhotos, repairPhotoCount } from "~/models/photo.server";
import { getRepairRequest } from "~/models/booking-changes.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { photoUploadSchema } from "~/schemas/photo";
import { answerPhotoUpload } from "~/routes/photo-upload.server";
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

export const action = staffAction((args) =>
  answerPhotoUpload(args, {
    find: repairFor,
    schema: photoUploadSchema,
    store: (id, { kind, caption }, photos, staffId) =>
      addRepairPhotos(id, { kind, caption: caption ?? null, photos }, staffId),
    pageOf: (id) => `/admin/repairs/${id}`,
  }),
);

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
            holder="repair"
            id={repair.id}
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
