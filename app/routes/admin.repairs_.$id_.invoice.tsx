import { getZodConstraint } from "@conform-to/zod";
import { data, useActionData, useLoaderData, type MetaFunction } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairPageTitle } from "~/components/admin/repair-page-title";
import { reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { InvoicePanel, panelReply } from "~/components/admin/invoice-panel";
import { useActionToast } from "~/components/toaster";
import { adminMessages } from "~/content/messages/admin-messages";
import { getRepairRequest } from "~/models/booking-changes.server";
import {
  invoiceOfBooking,
  invoiceWithItems,
  voidedInvoicesOfBooking,
} from "~/models/invoice.server";
import { invoiceDraftSchema, paymentSchema } from "~/schemas/invoice";
import { counterDevices } from "~/models/stock-sale.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { issueFormKey } from "~/server/submission.server";
import { invoiceAction } from "~/routes/invoice-form.server";
import { invoiceView } from "~/routes/invoice-view.server";
import { bookingReference } from "~/utils/booking-reference";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { formatShopDate, formatShopDateTime } from "~/utils/shop-time";
import { may } from "~/utils/staff-permissions";

/** The repair, its invoice that is not void (if any) and its voided ones; 404 without a repair. */
async function invoiceOf(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const repair = id === undefined ? undefined : await getRepairRequest(id);
  if (!repair) throw data(adminMessages.bookingNotFound, { status: 404 });
  const current = await invoiceOfBooking(repair.id);
  return {
    repair: {
      id: repair.id,
      reference: bookingReference(repair.id),
      status: repair.status,
      version: repair.version,
      handedOverAt: repair.status === "completed" ? repair.statusChangedAt : null,
    },
    invoice: current ? await invoiceWithItems(current.id) : undefined,
  };
}

export const loader = staffLoader(async ({ params, staff }) => {
  const { repair, invoice } = await invoiceOf(params.id);
  const voided = await voidedInvoicesOfBooking(repair.id);
  return {
    repair: {
      id: repair.id,
      reference: repair.reference,
      status: repair.status,
      version: repair.version,
      handedOverOn: repair.handedOverAt && formatShopDateTime(repair.handedOverAt),
    },
    invoice: invoice ? invoiceView(invoice) : null,
    voided: voided.map((v) => ({
      number: v.number!,
      reason: v.voidReason ?? "",
      on: v.voidedAt ? formatShopDate(v.voidedAt) : "",
    })),
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
  const { repair, invoice } = await invoiceOf(params.id);
  return invoiceAction(request, context, staff, repair, invoice?.id ?? 0);
});

/** After a refused save (409) the page reloads the invoice as it is now (decision 0039). */
export const shouldRevalidate = reloadAfterRefusal;

export default function RepairInvoicePage() {
  const { repair, invoice, voided, submissionKey, mayVoid, constraints, devices } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <>
      <RepairPageTitle repair={repair} what="Invoice" />
      <InvoicePanel
        repair={repair}
        invoice={invoice}
        voided={voided}
        mayVoid={mayVoid}
        constraints={constraints}
        devices={devices}
        {...panelReply(actionData, submissionKey)}
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Invoice for ${data.repair.reference}` : "Invoice") },
];

export const ErrorBoundary = AdminErrorBoundary;
