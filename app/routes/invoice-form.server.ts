import type { AppLoadContext } from "react-router";
import type { z, ZodTypeAny } from "zod";
import { successToast } from "~/content/messages/admin-messages";
import {
  draftInvoiceForBooking,
  InvoiceChangedMeanwhile,
  InvoiceRefused,
  issueInvoice,
  saveDraft,
  startCounterSale,
  voidInvoice,
} from "~/models/invoice.server";
import {
  RepairChangedMeanwhile,
  RepairChangeRefused,
  updateRepairStatus,
} from "~/models/booking-changes.server";
import { issueCreditNote } from "~/models/credit-note.server";
import { recordPayment } from "~/models/payment.server";
import { sellDeviceOnInvoice, takeDeviceOffInvoice } from "~/models/stock-sale.server";
import { sendReceipt } from "~/models/receipt.server";
import { publicOrigin } from "~/server/env.server";
import type { Booking } from "~/types/booking";
import { bookingReference } from "~/utils/booking-reference";
import { statusLabels } from "~/utils/booking-status";
import type { Staff } from "~/models/staff-session.server";
import {
  counterSaleSchema,
  creditNoteSchema,
  deviceRemovalSchema,
  deviceSaleSchema,
  handoverSchema,
  invoiceDraftSchema,
  invoiceIssueSchema,
  invoiceStartSchema,
  invoiceVoidSchema,
  paymentSchema,
  sendReceiptSchema,
} from "~/schemas/invoice";
import { changedMeanwhileReply } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { requirePermission } from "~/server/staff-route.server";
import { issueFormKey } from "~/server/submission.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatCents } from "~/utils/invoice-totals";
import { paymentMethodWords } from "~/utils/payment-methods";

const failed = "Failed to save the invoice. Please try again.";

/** The typed values as sent, for a form refused because the invoice changed meanwhile. */
const typedValues = (formData: FormData) =>
  Object.fromEntries(
    [...formData].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
  );

/**
 * One form's change. Success goes back to the invoice page with `change`'s words in a toast (303);
 * bad input (400), a rule (409), a copy read before someone else's change (409, with what changed)
 * and an outage (503) come back to the same form with its input and a new payment key.
 */
async function answer<Schema extends ZodTypeAny>(
  context: AppLoadContext,
  formData: FormData,
  page: string,
  schema: Schema,
  change: (value: z.output<Schema>) => Promise<string | undefined>,
) {
  const submission = parseForm(formData, schema);
  const extra = { intent: String(formData.get("intent")), submissionKey: issueFormKey() };
  if (submission.status !== "success") return replyWithError(context, submission, 400, { extra });
  try {
    const done = await change(submission.value as z.output<Schema>);
    if (done === undefined)
      return replyWithMessage(context, submission, 404, "That invoice no longer exists.", extra);
    return redirectWithToast(page, successToast(done), { status: 303 });
  } catch (error) {
    if (error instanceof InvoiceChangedMeanwhile)
      return changedMeanwhileReply(context, submission, {
        refused: `${error.message} by someone else, so nothing was saved.`,
        version: error.current.version,
        changes: error.changes,
        values: typedValues(formData),
        extra,
      });
    if (error instanceof InvoiceRefused || error instanceof RepairChangeRefused)
      return replyWithMessage(context, submission, 409, error.message, extra);
    if (error instanceof RepairChangedMeanwhile)
      return replyWithMessage(
        context,
        submission,
        409,
        `${error.message} by someone else, so it was not handed over. Look at the repair again.`,
        extra,
      );
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, failed, extra);
  }
}

/** A repair Ready for Pickup only is handed over; a counter sale has none to hand over. */
function handoverRefusal(repair: Pick<Booking, "id" | "status"> | null) {
  if (!repair) return "A counter sale has no repair to hand over.";
  if (repair.status !== "ready_for_pickup")
    return `${bookingReference(repair.id)} is ${statusLabels[repair.status]}: only a repair Ready for Pickup is handed over.`;
  return undefined;
}

/**
 * The invoice page's forms, for a repair's invoice or a counter sale's (`repair` null): start the
 * repair's draft, save its lines, sell a device for sale on it or take it off, issue it, take a payment or deposit, hand the repair over, send
 * the receipt, void it (the owner only).
 */
export async function invoiceAction(
  request: Request,
  context: AppLoadContext,
  staff: Staff,
  repair: Pick<Booking, "id" | "status"> | null,
  invoiceId: number,
) {
  const formData = await request.formData();
  const page = new URL(request.url).pathname;
  switch (formData.get("intent")) {
    case "start":
      return answer(context, formData, page, invoiceStartSchema, async () =>
        repair && (await draftInvoiceForBooking(repair.id, staff.id))
          ? "Invoice started."
          : undefined,
      );
    case "save":
      return answer(context, formData, page, invoiceDraftSchema, async ({ version, ...draft }) =>
        (await saveDraft(invoiceId, version, draft, staff.id)) ? "Invoice saved." : undefined,
      );
    case "add_device":
      return answer(context, formData, page, deviceSaleSchema, async ({ version, ...sale }) =>
        (await sellDeviceOnInvoice(invoiceId, version, sale, staff.id))
          ? "Device added and marked sold."
          : undefined,
      );
    case "remove_device":
      return answer(
        context,
        formData,
        page,
        deviceRemovalSchema,
        async ({ version, stockDeviceId }) =>
          (await takeDeviceOffInvoice(invoiceId, version, stockDeviceId, staff.id))
            ? "Device taken off the invoice and back for sale."
            : undefined,
      );
    case "issue":
      return answer(context, formData, page, invoiceIssueSchema, async ({ version }) => {
        const issued = await issueInvoice(invoiceId, version, staff.id);
        return issued && `Invoice ${issued.number} issued.`;
      });
    case "pay":
      return answer(context, formData, page, paymentSchema, async (payment) => {
        const taken = await recordPayment(invoiceId, payment, staff.id);
        if (!taken) return undefined;
        const change = taken.changeDueCents
          ? ` Change due: ${formatCents(taken.changeDueCents)}.`
          : "";
        return `${formatCents(taken.payment.amountCents)} received by ${paymentMethodWords[taken.payment.method]}.${change}`;
      });
    case "handover":
      return answer(context, formData, page, handoverSchema, async ({ version }) => {
        const refusal = handoverRefusal(repair);
        if (refusal || !repair) throw new InvoiceRefused(refusal);
        const saved = await updateRepairStatus(
          repair.id,
          {
            status: "completed",
            note: undefined,
            expectedDeliveryDate: undefined,
            readVersion: version,
          },
          staff.id,
          { notifyCustomer: true, origin: publicOrigin() },
        );
        return saved && `${bookingReference(repair.id)} handed over and marked Completed.`;
      });
    case "send_receipt":
      return answer(context, formData, page, sendReceiptSchema, async () => {
        const by = await sendReceipt(invoiceId, staff.id, publicOrigin());
        return by && `Receipt sent to the customer by ${by}.`;
      });
    case "credit":
      requirePermission(staff, "voidInvoices");
      return answer(context, formData, page, creditNoteSchema, async ({ version, ...note }) => {
        const issued = await issueCreditNote(invoiceId, version, note, staff.id);
        return issued && `Credit note ${issued.number} issued: ${formatCents(issued.amountCents)}.`;
      });
    case "void":
      requirePermission(staff, "voidInvoices");
      return answer(context, formData, page, invoiceVoidSchema, async ({ version, reason }) => {
        const voided = await voidInvoice(invoiceId, version, reason, staff.id);
        return voided && `Invoice ${voided.number} voided.`;
      });
    default:
      return answer(context, formData, page, invoiceStartSchema, async () => undefined);
  }
}

/** A counter sale started from the invoices page: its draft, where its lines are added (303). */
export async function counterSaleAction(request: Request, context: AppLoadContext, staff: Staff) {
  const submission = parseForm(await request.formData(), counterSaleSchema);
  const extra = { submissionKey: issueFormKey() };
  if (submission.status !== "success") return replyWithError(context, submission, 400, { extra });
  try {
    const { customerName, submissionKey } = submission.value;
    const sale = await startCounterSale(customerName, submissionKey, staff.id);
    if (!sale)
      return replyWithMessage(
        context,
        submission,
        400,
        "This form has expired. Please send it again.",
        extra,
      );
    return redirectWithToast(`/admin/invoices/${sale.id}`, successToast("Counter sale started."), {
      status: 303,
    });
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, failed, extra);
  }
}
