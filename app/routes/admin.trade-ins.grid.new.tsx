import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { GridRowForm } from "~/components/admin/grid-row-form";
import { useActionToast } from "~/components/toaster";
import { tradeMessages } from "~/content/messages/trade-messages";
import { createGridRow } from "~/models/buyback-grid.server";
import { saveGridRowForm } from "~/routes/grid-row-form.server";
import { gridRowSchema } from "~/schemas/buyback-grid";
import { gridListQuerySchema } from "~/schemas/trade-filters";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { pageTitle } from "~/utils/meta";

const constraint = getZodConstraint(gridRowSchema);

export const loader = staffLoader(
  async ({ request }) => {
    // Opened from a filtered grid: start in that category and brand.
    const list = gridListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return {
      defaults: { deviceCategory: list.category ?? "", brand: list.brand ?? "" },
      constraint,
    };
  },
  { may: "editBuybackGrid" },
);

export const action = staffAction(
  async ({ request, context, staff }) =>
    saveGridRowForm(
      request,
      context,
      (input) => createGridRow(input, staff.id),
      tradeMessages.rowAdded,
    ),
  { may: "editBuybackGrid" },
);

export default function AddGridRowDialog() {
  const { defaults, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const closeTo = `/admin/trade-ins/grid${useLocation().search}`;
  useActionToast(answer?.toast);
  return (
    <AdminDialog title="Add Buyback Price" closeTo={closeTo}>
      <GridRowForm
        defaults={defaults}
        submitLabel="Add Row"
        closeTo={closeTo}
        constraint={constraint}
        lastResult={answer?.result}
      />
    </AdminDialog>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Add Buyback Price") }];

export const ErrorBoundary = AdminErrorBoundary;
