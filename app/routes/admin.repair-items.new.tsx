import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairItemForm } from "~/components/admin/repair-item-form";
import { useActionToast } from "~/components/toaster";
import { adminMessages } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import { saveRepairItemForm } from "~/routes/repair-item-form.server";
import { catalogueNames, createRepairItem } from "~/models/repair-item.server";
import { repairItemListQuerySchema } from "~/schemas/admin-filters";
import { repairItemSchema } from "~/schemas/repair-item";
import { staffAction, staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(
  async ({ request }) => {
    // Opened from a filtered list: start in that category and brand.
    const list = repairItemListQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const names = await catalogueNames();
    const brand =
      list.category && list.brand
        ? Object.keys(names[list.category] ?? {}).find(
            (name) => name.toLowerCase() === list.brand?.toLowerCase(),
          )
        : undefined;
    return {
      names,
      defaults: { deviceCategory: list.category ?? "", brand: brand ?? "" },
      constraint: getZodConstraint(repairItemSchema),
    };
  },
  { may: "editPriceList" },
);

export const action = staffAction(
  async ({ request, context, staff }) => {
    return saveRepairItemForm(request, context, (input) => createRepairItem(input, staff.id), {
      saved: adminMessages.itemAdded,
      failed: adminMessages.itemAddFailed,
    });
  },
  { may: "editPriceList" },
);

export default function AddRepairItemDialog() {
  const { names, defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = `/admin/repair-items${useLocation().search}`;
  useActionToast(actionData?.toast);
  return (
    <AdminDialog title="Add New Repair Item" closeTo={closeTo}>
      <RepairItemForm
        defaults={defaults}
        names={names}
        submitLabel="Add Repair Item"
        closeTo={closeTo}
        constraint={constraint}
        lastResult={actionData?.result}
      />
    </AdminDialog>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Add Repair Item") }];

export const ErrorBoundary = AdminErrorBoundary;
