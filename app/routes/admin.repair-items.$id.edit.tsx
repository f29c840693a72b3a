import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { conflictIn } from "~/components/admin/changed-meanwhile";
import { RepairItemForm } from "~/components/admin/repair-item-form";
import { useActionToast } from "~/components/toaster";
import { adminMessages } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import {
  openRepairItem,
  repairItemFormValues,
  repairItemId,
  saveRepairItemForm,
} from "~/routes/repair-item-form.server";
import { catalogueNames, updateRepairItem } from "~/models/repair-item.server";
import { repairItemSchema } from "~/schemas/repair-item";
import { staffAction, staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(
  async ({ params }) => {
    const item = await openRepairItem(params);
    const names = await catalogueNames();
    return {
      names,
      defaults: repairItemFormValues(item),
      version: item.version,
      constraint: getZodConstraint(repairItemSchema),
    };
  },
  { may: "editPriceList" },
);

export const action = staffAction(
  async ({ request, context, params, staff }) => {
    const id = repairItemId(params);
    return saveRepairItemForm(
      request,
      context,
      (input, readVersion) => updateRepairItem(id, input, staff.id, readVersion),
      { saved: adminMessages.itemUpdated, failed: adminMessages.itemUpdateFailed },
    );
  },
  { may: "editPriceList" },
);

export default function EditRepairItemDialog() {
  const { names, defaults, version, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const conflict = conflictIn(actionData);
  const closeTo = `/admin/repair-items${useLocation().search}`;
  useActionToast(actionData?.toast);
  return (
    <AdminDialog title="Edit Repair Item" closeTo={closeTo}>
      <RepairItemForm
        // After a refused save the form is drawn again from the entry as it is now.
        key={conflict?.version ?? "read"}
        defaults={defaults}
        version={version}
        conflict={conflict}
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
