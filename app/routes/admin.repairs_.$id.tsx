import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "react-router";
import { Link, useActionData, useLoaderData, useLocation } from "react-router";
import { useCallback, useState } from "react";
import { WarrantyLinks } from "~/components/admin/warranty-links";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { conflictIn, reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { RepairDetailsForm } from "~/components/admin/repair-details-form";
import {
  AppointmentSummary,
  BookingMessages,
  CustomerDetails,
  RelatedRepairs,
  Section,
  TrackingLink,
} from "~/components/admin/repair-detail-sections";
import { DiscardGuard } from "~/components/admin/repair-detail-unsaved";
import { RepairHistory } from "~/components/admin/repair-history";
import { PhotoUploadForm } from "~/components/admin/photo-upload-form";
import { RepairPhotoList } from "~/components/admin/repair-photos";
import { RepairPrivateNotes } from "~/components/admin/repair-private-notes";
import { RepairQuote } from "~/components/admin/repair-quote";
import { RepairDeviceForm } from "~/components/admin/repair-device-form";
import { repairCustomerAndDevice } from "~/models/repair-device.server";
import { repairDeviceAction } from "~/routes/repair-device-form.server";
import { repairDeviceSchema } from "~/schemas/customer";
import { RepairStatusForm } from "~/components/admin/repair-status-form";
import { RepairTexts } from "~/components/admin/repair-texts";
import { StatusBadge } from "~/components/admin/status-badge";
import { secondaryButton } from "~/components/admin/ui";
import { useActionToast } from "~/components/toaster";
import { adminMessages, errorToast, successToast } from "~/content/messages/admin-messages";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { publicOrigin } from "~/server/env.server";
import { createQuote, QuoteRefused } from "~/models/quote.server";
import { sendStaffText } from "~/models/sms-conversation.server";
import { addRepairNote } from "~/models/repair-notes.server";
import { deleteRepairPhoto, PhotoGone, setPhotoShown } from "~/models/photo.server";
import { parseForm, replyWithError } from "~/server/form-reply.server";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { repairDetailView } from "~/routes/repair-detail-view.server";
import {
  RepairChangedMeanwhile,
  RepairChangeRefused,
  updateRepairDetails,
  updateRepairStatus,
  type RepairStatusSaved,
} from "~/models/booking-changes.server";
import { repairChangedReply, detailsOnTop, statusOnTop } from "~/routes/repair-conflict.server";
import type { Booking } from "~/types/booking";
import { safeRedirectPath } from "~/utils/return-path";
import { redirectWithToast } from "~/server/toast.server";
import { detailColumns, repairDetailsSchema } from "~/schemas/repair-details";
import { quoteSchema } from "~/schemas/quote";
import { staffTextSchema } from "~/schemas/staff-text";
import { privateNoteSchema } from "~/schemas/private-note";
import { photoChangeSchema, photoUploadSchema } from "~/schemas/photo";
import { repairStatusSchema } from "~/schemas/repair-status";
import { requirePermission, staffAction, staffLoader } from "~/server/staff-route.server";

const notFound = () => data(adminMessages.bookingNotFound, { status: 404 });

/**
 * Where "Back to repairs" leads: the list as the staff member left it. The list passes itself in
 * `from`; an older link passes its filters as this page's own query. Only the list is accepted.
 */
function backToList(url: URL): string {
  const from = url.searchParams.get("from");
  if (from !== null) {
    const path = safeRedirectPath(from, "/admin/repairs");
    return new URL(path, url.origin).pathname === "/admin/repairs" ? path : "/admin/repairs";
  }
  return `/admin/repairs${url.search}`;
}

export const loader = staffLoader(async ({ request, params }) => {
  const id = parseRecordId(params.id);
  const view = id === undefined ? undefined : await repairDetailView(id, publicOrigin());
  if (!view) throw notFound();
  return {
    ...view,
    customerAndDevice: await repairCustomerAndDevice(view.repair.id),
    deviceConstraint: getZodConstraint(repairDeviceSchema),
    backTo: backToList(new URL(request.url)),
    statusConstraint: getZodConstraint(repairStatusSchema),
    detailsConstraint: getZodConstraint(repairDetailsSchema),
    quoteConstraint: getZodConstraint(quoteSchema),
    textConstraint: getZodConstraint(staffTextSchema),
    privateNoteConstraint: getZodConstraint(privateNoteSchema),
    photoConstraint: getZodConstraint(photoUploadSchema),
  };
});

type Intent =
  | "status"
  | "details"
  | "quote"
  | "text"
  | "private_note"
  | "photo_show"
  | "photo_delete"
  | "device";

type Submission = Parameters<typeof replyWithError>[1];

const doneMessages = {
  status: adminMessages.statusUpdated,
  details: adminMessages.detailsUpdated,
  quote: "Quote sent to the customer.",
  text: "Text queued for the customer.",
  private_note: "Private note added.",
  photo_show: "Photo shown to the customer.",
  photo_delete: "Photo deleted.",
  device: "IMEI or serial number saved.",
} as const;
const failedMessages = {
  status: adminMessages.statusUpdateFailed,
  details: adminMessages.detailsUpdateFailed,
  quote: "Failed to send the quote. Please try again.",
  text: "Failed to send the text. Please try again.",
  private_note: "Failed to add the note. Please try again.",
  photo_show: "Failed to change the photo. Please try again.",
  photo_delete: "Failed to delete the photo. Please try again.",
  device: "Failed to save the IMEI or serial number. Please try again.",
} as const;

/**
 * A note changed on its own is news the staff member may or may not have meant to send: the toast
 * says which happened.
 */
const statusDone = ({ noteOnly, customerTold }: RepairStatusSaved) =>
  !noteOnly
    ? doneMessages.status
    : customerTold
      ? adminMessages.noteSent
      : adminMessages.noteSavedNotSent;

/**
 * Runs one form's change: a refused change (a rule such as the delivery date) or an outage goes
 * back to that form with the typed values; success reloads this page (keeping the way back to the
 * list), which shows the change and its history entry, and says `done` of the result.
 */
async function save<Result>(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  submission: Submission,
  intent: Intent,
  change: () => Promise<Result | undefined>,
  onTop?: (current: Booking) => Record<string, string>,
  done: (result: Result) => string = () => doneMessages[intent],
) {
  let updated;
  try {
    updated = await change();
  } catch (error) {
    if (
      error instanceof RepairChangedMeanwhile &&
      onTop &&
      (intent === "status" || intent === "details")
    )
      return repairChangedReply(context, submission, { intent }, error, onTop(error.current));
    if (error instanceof RepairChangeRefused) {
      return replyWithError(context, submission, 400, {
        toast: errorToast(error.message),
        fieldErrors: { [error.field]: [error.message] },
        extra: { intent },
      });
    }
    if (error instanceof PhotoGone)
      return replyWithError(context, submission, 404, {
        toast: errorToast(error.message),
        formErrors: [error.message],
        extra: { intent },
      });
    if (error instanceof QuoteRefused)
      return replyWithError(context, submission, 409, {
        toast: errorToast(error.message),
        formErrors: [error.message],
        extra: { intent },
      });
    if (!isDatabaseOutage(error)) throw error;
    const failed = failedMessages[intent];
    return replyWithError(context, submission, 503, {
      toast: errorToast(failed),
      formErrors: [failed],
      extra: { intent },
    });
  }
  if (!updated) throw notFound();
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, successToast(done(updated)), {
    status: 303,
  });
}

export const action = staffAction(async ({ request, params, context, staff }) => {
  const id = parseRecordId(params.id);
  if (id === undefined) throw notFound();
  const formData = await request.formData();

  if (formData.get("intent") === "device")
    return repairDeviceAction(request, context, id, staff.id, formData);

  if (formData.get("intent") === "quote") {
    requirePermission(staff, "sendQuotes");
    const submission = parseForm(formData, quoteSchema);
    if (submission.status !== "success")
      return replyWithError(context, submission, 400, { extra: { intent: "quote" } });
    return save({ request, context }, submission, "quote", () =>
      createQuote(id, submission.value, staff.id, publicOrigin()),
    );
  }

  if (formData.get("intent") === "text") {
    const submission = parseForm(formData, staffTextSchema);
    if (submission.status !== "success")
      return replyWithError(context, submission, 400, { extra: { intent: "text" } });
    return save({ request, context }, submission, "text", () =>
      sendStaffText(id, submission.value.message, staff.id),
    );
  }

  if (formData.get("intent") === "private_note") {
    const submission = parseForm(formData, privateNoteSchema);
    if (submission.status !== "success")
      return replyWithError(context, submission, 400, { extra: { intent: "private_note" } });
    return save({ request, context }, submission, "private_note", () =>
      addRepairNote(id, submission.value.privateNote, staff.id),
    );
  }

  const photoIntent = formData.get("intent");
  if (photoIntent === "photo_show" || photoIntent === "photo_delete") {
    const submission = parseForm(formData, photoChangeSchema);
    if (submission.status !== "success")
      return replyWithError(context, submission, 400, { extra: { intent: photoIntent } });
    const { photo, show } = submission.value;
    if (photoIntent === "photo_delete")
      return save({ request, context }, submission, photoIntent, () =>
        deleteRepairPhoto(id, photo, staff.id).then(() => true),
      );
    return save(
      { request, context },
      submission,
      photoIntent,
      () => setPhotoShown(id, photo, show === "yes", staff.id),
      undefined,
      ({ changed }) =>
        show === "yes"
          ? changed
            ? "Photo shown to the customer."
            : "The customer already sees this photo."
          : changed
            ? "Photo hidden from the customer."
            : "The customer already does not see this photo.",
    );
  }

  if (formData.get("intent") === "details") {
    const submission = parseForm(formData, repairDetailsSchema);
    if (submission.status !== "success")
      return replyWithError(context, submission, 400, { extra: { intent: "details" } });
    const typed = submission.value;
    return save(
      { request, context },
      submission,
      "details",
      () => updateRepairDetails(id, detailColumns(typed), staff.id, typed.version),
      (current) => detailsOnTop(typed, current),
    );
  }

  const submission = parseForm(formData, repairStatusSchema);
  if (submission.status !== "success")
    return replyWithError(context, submission, 400, { extra: { intent: "status" } });
  const typed = submission.value;
  const { status, expectedDeliveryDate, internal_notes: note, shownNote, version } = typed;
  // An unticked checkbox is simply absent from the form.
  const notice = { notifyCustomer: typed.notifyCustomer ?? false, origin: publicOrigin() };
  const change = {
    status,
    expectedDeliveryDate,
    note: note === shownNote ? undefined : note,
    readVersion: version,
  };
  return save(
    { request, context },
    submission,
    "status",
    () => updateRepairStatus(id, change, staff.id, notice),
    (current) => statusOnTop({ ...typed, notifyCustomer: typed.notifyCustomer ?? false }, current),
    statusDone,
  );
});

export const shouldRevalidate = reloadAfterRefusal;

export default function RepairPage() {
  const {
    repair,
    details: detailsSaved,
    quote,
    conversation,
    history,
    privateNotes,
    photos,
    related,
    messages,
    backTo,
    statusConstraint,
    detailsConstraint,
    quoteConstraint,
    textConstraint,
    privateNoteConstraint,
    photoConstraint,
    customerAndDevice,
    deviceConstraint,
    warrantyLinks,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  useActionToast(actionData?.toast);
  const [statusChanged, setStatusChanged] = useState(false);
  const [detailsChanged, setDetailsChanged] = useState(false);
  const onStatusChanged = useCallback((changed: boolean) => setStatusChanged(changed), []);
  const onDetailsChanged = useCallback((changed: boolean) => setDetailsChanged(changed), []);
  const resultFor = (intent: Intent) =>
    actionData?.intent === intent ? actionData.result : undefined;
  const conflictFor = (intent: Intent) =>
    actionData?.intent === intent ? conflictIn(actionData) : undefined;
  const statusConflict = conflictFor("status");
  const detailsConflict = conflictFor("details");

  return (
    <>
      <DiscardGuard changed={statusChanged || detailsChanged} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={backTo} className="font-medium text-brand-700 hover:underline">
          ← Back to repairs
        </Link>
      </nav>
      <header className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
            <span className="font-mono">{repair.reference}</span>
            <StatusBadge status={repair.status} />
          </h1>
          <p className="mt-1 [overflow-wrap:anywhere] text-slate-700">
            {repair.customerName} ·{" "}
            {[repair.deviceBrand, repair.deviceModel].filter(Boolean).join(" ") || repair.category}{" "}
            · {repair.issueType}
          </p>
          <WarrantyLinks links={warrantyLinks} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/repairs/${repair.id}/invoice`} className={secondaryButton}>
            Invoice and payments
          </Link>
          <Link to={`/admin/repairs/${repair.id}/warranty`} className={secondaryButton}>
            Warranty
          </Link>
          {/* One action for both; the print view links to each alone. */}
          <Link to={`/admin/repairs/${repair.id}/print`} className={secondaryButton}>
            Print ticket and label
          </Link>
        </div>
      </header>

      {/* One column on a phone, the status form right after the appointment; two at desktop width with the form kept in view. */}
      <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
        <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-6">
          <div className="order-1">
            <Section title={repair.walkIn ? "Drop-off" : "Appointment"} id="appointment-heading">
              <AppointmentSummary repair={repair} />
            </Section>
          </div>
          <div className="order-3 space-y-6">
            <Section title="Customer & Device" id="customer-heading">
              <CustomerDetails repair={repair} />
              <div className="mt-6">
                <RepairDetailsForm
                  key={`${JSON.stringify(detailsSaved)}|${detailsConflict?.version ?? ""}`}
                  saved={detailsSaved}
                  version={repair.version}
                  walkIn={repair.walkIn}
                  constraint={detailsConstraint}
                  lastResult={resultFor("details")}
                  conflict={detailsConflict}
                  onChangedChange={onDetailsChanged}
                />
              </div>
              <div className="mt-6">
                <RepairDeviceForm
                  key={`${customerAndDevice.device?.id ?? ""}|${repair.version}|${conflictFor("device")?.version ?? ""}`}
                  customerId={customerAndDevice.customerId}
                  device={customerAndDevice.device}
                  version={repair.version}
                  constraint={deviceConstraint}
                  lastResult={resultFor("device")}
                  conflict={conflictFor("device")}
                />
              </div>
            </Section>
            <Section title="Photos" id="photos-heading">
              <div className="space-y-6">
                <PhotoUploadForm
                  key={photos.length}
                  holder="repair"
                  id={repair.id}
                  kept={photos.length}
                  constraint={photoConstraint}
                />
                <RepairPhotoList photos={photos} />
              </div>
            </Section>
            <Section title="Private Notes" id="private-notes-heading">
              <RepairPrivateNotes
                key={privateNotes[0]?.id ?? "none"}
                notes={privateNotes}
                constraint={privateNoteConstraint}
                lastResult={resultFor("private_note")}
              />
            </Section>
            <Section title="History" id="history-heading">
              <RepairHistory items={history} />
            </Section>
            <Section title="Other Repairs for This Customer" id="related-heading">
              <RelatedRepairs related={related} search={search} />
            </Section>
            <Section title="Texts" id="texts-heading">
              <RepairTexts
                key={conversation.length}
                conversation={conversation}
                stopped={repair.textsStopped}
                constraint={textConstraint}
                lastResult={resultFor("text")}
              />
            </Section>
            <Section
              title="Messages About This Repair"
              id="messages-heading"
              action={
                <Link
                  to="/admin/outbox"
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  Open the outbox
                </Link>
              }
            >
              <BookingMessages messages={messages} />
            </Section>
          </div>
        </div>
        <aside aria-label="Update status" className="order-2 space-y-6 lg:sticky lg:top-4">
          <Section title="Update Status" id="status-heading">
            <RepairStatusForm
              key={`${repair.status}|${repair.note}|${repair.expectedDeliveryDate}|${statusConflict?.version ?? ""}`}
              repair={repair}
              constraint={statusConstraint}
              lastResult={resultFor("status")}
              conflict={statusConflict}
              onChangedChange={onStatusChanged}
            />
          </Section>
          <Section title="Quote" id="quote-heading">
            <RepairQuote
              key={quote ? `${quote.id}|${quote.status}` : "none"}
              quote={quote}
              constraint={quoteConstraint}
              lastResult={resultFor("quote")}
            />
          </Section>
          <Section title="Tracking" id="tracking-heading">
            <TrackingLink repair={repair} />
          </Section>
        </aside>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Repair ${data.repair.reference}` : "Repair") },
];

export const ErrorBoundary = AdminErrorBoundary;
