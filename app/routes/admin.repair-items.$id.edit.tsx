import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairItemForm } from "~/components/admin/repair-item-form";
import { useActionToast } from "~/components/toaster";
import { adminMessages } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import {
  openRepairItem,
  repairItemDialog,
  saveRepairItemForm,
} from "~/models/repair-item-form.server";
import { catalogueNames, updateRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";
import { unavailableFor } from "~/server/unavailable.server";

export async function loader(args: LoaderFunctionArgs) {
  const item = await openRepairItem(args);
  const names = await catalogueNames().catch(unavailableFor(args.context));
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

export async function action(args: ActionFunctionArgs) {
  const { staff, id } = await repairItemDialog(args);
  return saveRepairItemForm(
    args.request,
    args.context,
    (input) => updateRepairItem(id, input, staff.id),
    {
      saved: adminMessages.itemUpdated,
      failed: adminMessages.itemUpdateFailed,
    },
  );
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
