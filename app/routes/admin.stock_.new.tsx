import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import type { z } from "zod";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { panel, primaryButton } from "~/components/admin/ui";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply } from "~/components/forms/use-form-reply";
import { useActionToast } from "~/components/toaster";
import { StockFields } from "~/components/trade/stock-fields";
import { trade } from "~/config/shop";
import { addStockAction } from "~/routes/stock-form.server";
import { stockSchema } from "~/schemas/stock-device";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { pageTitle } from "~/utils/meta";

export const loader = staffLoader(async () => ({ constraint: getZodConstraint(stockSchema) }), {
  may: "buyDevices",
});

/** A device bought elsewhere joins the stock, in Refurbishing. */
export const action = staffAction(
  ({ request, context, staff }) => addStockAction(request, context, staff),
  { may: "buyDevices" },
);

export default function NewStockPage() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const { form, field } = useFormReply<z.input<typeof stockSchema>>(actionData?.result, {
    constraint,
    defaultValue: { warrantyMonths: String(trade.defaultWarrantyMonths), price: "0" },
  });
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Add stock</h1>
      <p className="mt-1 text-slate-700">
        A device bought elsewhere. Bought from a seller at the counter? Use Buy a device on the
        Purchases page instead.
      </p>
      <Form method="post" className={`${panel} mt-6 space-y-4`} {...form.props}>
        <ErrorSummary form={form} />
        <StockFields field={field} />
        <SubmitButton label="Add to stock" pendingLabel="Saving…" look={primaryButton} />
      </Form>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Add stock") }];

export const ErrorBoundary = AdminErrorBoundary;
