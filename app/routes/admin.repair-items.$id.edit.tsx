import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairItemForm } from "~/components/admin/repair-item-form";
import { useActionToast } from "~/components/toaster";
import { adminMessages } from "~/content/messages/admin-messages";
import { requireStaff } from "~/server/auth.server";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { saveRepairItemForm } from "~/models/repair-item-form.server";
import { catalogueNames, getRepairItem, updateRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";
import { unavailableFor } from "~/server/unavailable.server";

const notFound = () => data(adminMessages.itemNotFound, { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  const id = parseRecordId(params.id);
  const item =
    id === undefined ? undefined : await getRepairItem(id).catch(unavailableFor(context));
  if (!item) throw notFound();
  const names = await catalogueNames().catch(unavailableFor(context));
  return {
    names,
    defaults: {
      deviceCategory: item.category,
      brand: item.brand,
      series: item.series ?? "",
      model: item.model,
      issue: item.repair,
      price: item.price ?? "",
      callForPrice: item.price === null ? ("on" as const) : undefined,
    },
    constraint: getZodConstraint(repairItemSchema),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request).catch(unavailableFor(context));
  const id = parseRecordId(params.id);
  if (id === undefined) throw notFound();
  return saveRepairItemForm(request, context, (input) => updateRepairItem(id, input, staff.id), {
    saved: adminMessages.itemUpdated,
    failed: adminMessages.itemUpdateFailed,
  });
}

export default function EditRepairItemDialog() {
  const { names, defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = `/admin/repair-items${useLocation().search}`;
  useActionToast(actionData?.toast);
  return (
    <AdminDialog title="Edit Repair Item" closeTo={closeTo}>
      <RepairItemForm
        defaults={defaults}
        names={names}
        submitLabel="Update Repair Item"
        closeTo={closeTo}
        constraint={constraint}
        lastResult={actionData?.result}
      />
    </AdminDialog>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Repair Item") }];

export const ErrorBoundary = AdminErrorBoundary;
