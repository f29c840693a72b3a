import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import type { z } from "zod";
import { Field, FormError, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { bookingStatuses, statusLabels, type BookingStatus } from "~/lib/booking-status";
import { noteAfterUpdate } from "~/lib/canned-notes";
import type { repairStatusSchema } from "~/schemas/repair-status";
import { secondaryButton } from "./ui";

export type RepairForEdit = {
  reference: string;
  customerName: string;
  email: string | null;
  phone: string;
  device: string;
  submittedOn: string;
  issueType: string;
  issueDescription: string | null;
  status: BookingStatus;
  note: string | null;
  expectedDeliveryDate: string | null;
};

function ReadOnly({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Status, expected delivery and the customer's note. Picking a status fills the note with that
 * status's canned message unless the staff member has typed in it; without JavaScript the
 * server applies the same rule to a note sent back unchanged (hence `shownNote`). "Notify
 * customer" (ticked by default) e-mails the customer when the status changes.
 */
export function RepairStatusForm({
  repair,
  closeTo,
  constraint,
  lastResult,
}: {
  repair: RepairForEdit;
  closeTo: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteTyped = useRef(false);
  const { form, field } = useFormReply<z.input<typeof repairStatusSchema>>(lastResult, {
    constraint,
    defaultValue: { status: repair.status, expectedDeliveryDate: repair.expectedDeliveryDate ?? "", internal_notes: repair.note ?? "" },
  });
  const status = field("status");
  const expectedDeliveryDate = field("expectedDeliveryDate");
  const note = field("internal_notes");
  // Ticked unless the staff member unticked it before a submission that came back with errors.
  const notifyChecked = lastResult?.initialValue ? lastResult.initialValue.notifyCustomer === "on" : true;

  const onStatusChange = (status: BookingStatus) => {
    if (noteTyped.current || !noteRef.current) return;
    noteRef.current.value = noteAfterUpdate({ currentStatus: repair.status, currentNote: repair.note, newStatus: status, submittedNote: undefined }) ?? "";
  };

  return (
    <>
      <dl className="grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-2">
        <ReadOnly label="Customer">{repair.customerName}</ReadOnly>
        <ReadOnly label="Contact">
          <span className="block">{repair.email}</span>
          <span className="block">{repair.phone}</span>
        </ReadOnly>
        <ReadOnly label="Device">{repair.device}</ReadOnly>
        <ReadOnly label="Submitted On">{repair.submittedOn}</ReadOnly>
        <ReadOnly label="Issue Description" wide>
          <span className="font-medium">{repair.issueType}</span>
          {repair.issueDescription ? <span className="mt-1 block whitespace-pre-line">{repair.issueDescription}</span> : null}
        </ReadOnly>
      </dl>
      <Form method="post" className="mt-4 space-y-4" {...form.props}>
        <input type="hidden" name="shownNote" value={repair.note ?? ""} />
        <FormError id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={status.id} label="Repair Status" required errorId={status.errorId} errors={status.errors}>
            <select
              {...status.props}
              className={inputClass}
              onChange={(event) => onStatusChange(event.currentTarget.value as BookingStatus)}
            >
              {bookingStatuses.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={expectedDeliveryDate.id} label="Expected Delivery Date" errorId={expectedDeliveryDate.errorId} errors={expectedDeliveryDate.errors}>
            <input {...expectedDeliveryDate.props} type="date" className={inputClass} />
          </Field>
        </div>
        <Field
          id={note.id}
          label="Note to Customer"
          errorId={note.errorId}
          errors={note.errors}
          hint="Choosing a status fills in its standard message; you can edit it."
        >
          <textarea
            {...note.props}
            ref={noteRef}
            rows={4}
            maxLength={2000}
            placeholder="This note is visible to the customer on the tracking page."
            onInput={() => (noteTyped.current = true)}
            className={inputClass}
          />
        </Field>
        <div className="flex items-start gap-2">
          <input
            id={`${form.props.id}-notify`}
            type="checkbox"
            name="notifyCustomer"
            defaultChecked={notifyChecked}
            aria-describedby={`${form.props.id}-notify-hint`}
            className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-700"
          />
          <div>
            <label htmlFor={`${form.props.id}-notify`} className="text-sm font-medium text-slate-900">
              Notify customer
            </label>
            <p id={`${form.props.id}-notify-hint`} className="text-sm text-slate-600">
              E-mail the customer when the status changes, with the note and the tracking link.
            </p>
          </div>
        </div>
        <div className="flex justify-end gap-3">
          <Link to={closeTo} className={secondaryButton} preventScrollReset>
            Cancel
          </Link>
          <SubmitButton label="Update Status" pendingLabel="Updating..." />
        </div>
      </Form>
    </>
  );
}
