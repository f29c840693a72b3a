import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairItemForm } from "~/components/admin/repair-item-form";
import { useActionToast } from "~/components/toaster";
import { adminMessages } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import { openRepairItem, repairItemId, saveRepairItemForm } from "~/routes/repair-item-form.server";
import { catalogueNames, updateRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";
import { staffAction, staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(async ({ params }) => {
  const item = await openRepairItem(params);
  const names = await catalogueNames();
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
});

export const action = staffAction(async ({ request, context, params, staff }) => {
  const id = repairItemId(params);
  return saveRepairItemForm(request, context, (input) => updateRepairItem(id, input, staff.id), {
    saved: adminMessages.itemUpdated,
    failed: adminMessages.itemUpdateFailed,
  });
});

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
