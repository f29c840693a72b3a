import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairStatusForm } from "~/components/admin/repair-status-form";
import { useActionToast } from "~/components/toaster";
import { findCategory } from "~/config/shop";
import { adminMessages, errorToast, successToast } from "~/lib/admin-messages";
import { requireStaff } from "~/lib/auth.server";
import { bookingReference } from "~/lib/booking-reference";
import { isDatabaseOutage } from "~/lib/database-outage.server";
import { publicOrigin } from "~/lib/env.server";
import { pageTitle } from "~/lib/meta";
import { parseRecordId } from "~/lib/record-id";
import { getRepairRequest, updateRepairStatus } from "~/lib/repair-requests.server";
import { formatShopDateTime } from "~/lib/shop-time";
import { parseForm, replyWithError } from "~/lib/form-reply.server";
import { redirectWithToast } from "~/lib/toast.server";
import { repairStatusSchema } from "~/schemas/repair-status";
import { unavailableFor } from "~/lib/unavailable.server";

const notFound = () => data(adminMessages.bookingNotFound, { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  const id = parseRecordId(params.id);
  const row = id === undefined ? undefined : await getRepairRequest(id).catch(unavailableFor(context));
  if (!row) throw notFound();
  return {
    repair: {
      reference: bookingReference(row.id),
      customerName: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: row.phone,
      device: [findCategory(row.deviceCategory)?.title, row.deviceBrand, row.deviceModel].filter(Boolean).join(" · "),
      submittedOn: formatShopDateTime(row.createdAt),
      issueType: row.issueType,
      issueDescription: row.issueDescription,
      status: row.status,
      note: row.customerNote,
      expectedDeliveryDate: row.expectedDeliveryDate,
    },
    constraint: getZodConstraint(repairStatusSchema),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request).catch(unavailableFor(context));
  const id = parseRecordId(params.id);
  if (id === undefined) throw notFound();
  const submission = parseForm(await request.formData(), repairStatusSchema);
  if (submission.status !== "success") return replyWithError(context, submission, 400);

  const { status, expectedDeliveryDate, internal_notes: note, shownNote, notifyCustomer } = submission.value;
  let updated;
  try {
    // An unticked checkbox is simply absent from the form.
    const notice = { notifyCustomer: notifyCustomer ?? false, origin: publicOrigin() };
    updated = await updateRepairStatus(id, { status, expectedDeliveryDate, note: note === shownNote ? undefined : note }, staff.id, notice);
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    const toast = errorToast(adminMessages.statusUpdateFailed);
    return replyWithError(context, submission, 503, { toast, formErrors: [adminMessages.statusUpdateFailed] });
  }
  if (!updated) throw notFound();
  // Back to the list as it was (search, filter, page), which reloads with the new status.
  return redirectWithToast(`/admin/repairs${new URL(request.url).search}`, successToast(adminMessages.statusUpdated), { status: 303 });
}

export default function EditRepairDialog() {
  const { repair, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = `/admin/repairs${useLocation().search}`;
  useActionToast(actionData?.toast);
  return (
    <AdminDialog title={`Edit Repair ${repair.reference}`} closeTo={closeTo}>
      <RepairStatusForm repair={repair} closeTo={closeTo} constraint={constraint} lastResult={actionData?.result} />
    </AdminDialog>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `Edit Repair ${data.repair.reference}` : "Edit Repair") }];

export const ErrorBoundary = AdminErrorBoundary;
