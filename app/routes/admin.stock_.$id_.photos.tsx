import { getZodConstraint } from "@conform-to/zod";
import { Link, useActionData, useLoaderData, type MetaFunction } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { useActionToast } from "~/components/toaster";
import { StockPhotosPanel } from "~/components/trade/stock-photos";
import { stockPhotoUploadSchema } from "~/schemas/photo";
import { answerStockPhotoForm, stockPhotoDevice } from "~/routes/stock-photo-form.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { pageTitle } from "~/utils/meta";

/*
 * A device for sale's photos. The device page's Photos forms post here, the upload to an address
 * whose body may be larger than a form's (server/photo-upload.ts); a stored upload or a deleted
 * photo goes back to the device page, a refused one is answered by this page: the reason, the
 * photos and the upload form again.
 */

export const loader = staffLoader(
  async ({ params }) => ({
    device: await stockPhotoDevice(params.id),
    constraint: getZodConstraint(stockPhotoUploadSchema),
  }),
  { may: "buyDevices" },
);

export const action = staffAction(answerStockPhotoForm, { may: "buyDevices" });

export default function StockPhotosPage() {
  const { device, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  // A Delete's refusal is said above the photos; the upload form shows only its own.
  const deleteReply = actionData && "intent" in actionData ? actionData.result : undefined;
  const deleteRefused = deleteReply?.error?.[""]?.[0];
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link
          to={`/admin/stock/${device.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          ← Back to the device
        </Link>
      </nav>
      <h1 className="mt-3 text-2xl font-bold break-words text-slate-900">
        Photos of {device.label}
      </h1>
      <StockPhotosPanel
        device={device}
        constraint={constraint}
        lastResult={deleteReply ? undefined : actionData?.result}
        refused={deleteRefused}
        className="mt-6 max-w-2xl"
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Photos of ${loaded.device.label}` : "Photos") },
];

export const ErrorBoundary = AdminErrorBoundary;
