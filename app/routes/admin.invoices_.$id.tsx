import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type MetaFunction,
} from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { InvoicePanel, panelReply } from "~/components/admin/invoice-panel";
import { useActionToast } from "~/components/toaster";
import { invoiceWithItems, invoiceLabel } from "~/models/invoice.server";
import { invoiceDraftSchema, paymentSchema } from "~/schemas/invoice";
import { counterDevices } from "~/models/stock-sale.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { issueFormKey } from "~/server/submission.server";
import { invoiceAction } from "~/routes/invoice-form.server";
import { invoiceView } from "~/routes/invoice-view.server";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { may } from "~/utils/staff-permissions";

/** A counter sale's invoice; a repair's lives on its repair's invoice page. 404 when none. */
async function counterSaleOf(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const invoice = id === undefined ? undefined : await invoiceWithItems(id);
  if (!invoice) throw data("That invoice does not exist.", { status: 404 });
  if (invoice.bookingId !== null) throw redirect(`/admin/repairs/${invoice.bookingId}/invoice`);
  return invoice;
}

export const loader = staffLoader(async ({ params, staff }) => {
  const invoice = await counterSaleOf(params.id);
  return {
    label: invoiceLabel(invoice),
    invoice: invoiceView(invoice),
    submissionKey: issueFormKey(),
    // Only a draft sells a device; the picker's list is read for it alone.
    devices: invoice?.status === "draft" ? await counterDevices() : [],
    mayVoid: may(staff.role, "voidInvoices"),
    constraints: {
      draft: getZodConstraint(invoiceDraftSchema),
      payment: getZodConstraint(paymentSchema),
    },
  };
});

export const action = staffAction(async ({ request, params, context, staff }) => {
  const invoice = await counterSaleOf(params.id);
  return invoiceAction(request, context, staff, null, invoice.id);
});

/** After a refused save (409) the page reloads the invoice as it is now (decision 0039). */
export const shouldRevalidate = reloadAfterRefusal;

export default function CounterSalePage() {
  const { label, invoice, submissionKey, mayVoid, constraints, devices } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin/invoices" className="font-medium text-brand-700 hover:underline">
          ← Back to invoices
        </Link>
      </nav>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Counter sale: {label}</h1>
      <InvoicePanel
        repair={null}
        invoice={invoice}
        voided={[]}
        mayVoid={mayVoid}
        constraints={constraints}
        devices={devices}
        {...panelReply(actionData, submissionKey)}
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Counter sale: ${data.label}` : "Counter sale") },
];

export const ErrorBoundary = AdminErrorBoundary;
