import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { Field, FormError, inputClass } from "~/components/forms/field";
import { bookingStatuses, statusLabels, type BookingStatus } from "~/lib/booking-status";
import { noteAfterUpdate } from "~/lib/canned-notes";
import { repairStatusSchema } from "~/schemas/repair-status";
import { primaryButton, secondaryButton } from "./ui";

export type RepairForEdit = {
  reference: string;
  customerName: string;
  email: string;
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
 * server applies the same rule to a note sent back unchanged (hence `shownNote`).
 */
export function RepairStatusForm({ repair, closeTo, lastResult }: { repair: RepairForEdit; closeTo: string; lastResult?: SubmissionResult<string[]> }) {
  const saving = useNavigation().state === "submitting";
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteTyped = useRef(false);
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(repairStatusSchema),
    defaultValue: { status: repair.status, expectedDeliveryDate: repair.expectedDeliveryDate ?? "", internal_notes: repair.note ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: repairStatusSchema }),
  });

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
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="shownNote" value={repair.note ?? ""} />
        <FormError id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.status.id} label="Repair Status" required errorId={fields.status.errorId} errors={fields.status.errors}>
            <select
              {...getSelectProps(fields.status)}
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
          <Field
            id={fields.expectedDeliveryDate.id}
            label="Expected Delivery Date"
            errorId={fields.expectedDeliveryDate.errorId}
            errors={fields.expectedDeliveryDate.errors}
          >
            <input {...getInputProps(fields.expectedDeliveryDate, { type: "date" })} className={inputClass} />
          </Field>
        </div>
        <Field
          id={fields.internal_notes.id}
          label="Note to Customer"
          errorId={fields.internal_notes.errorId}
          errors={fields.internal_notes.errors}
          hint="Choosing a status fills in its standard message; you can edit it."
        >
          <textarea
            {...getTextareaProps(fields.internal_notes)}
            ref={noteRef}
            rows={4}
            maxLength={2000}
            placeholder="This note is visible to the customer on the tracking page."
            onInput={() => (noteTyped.current = true)}
            className={inputClass}
          />
        </Field>
        <div className="flex justify-end gap-3">
          <Link to={closeTo} className={secondaryButton} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" disabled={saving} className={primaryButton}>
            {saving ? "Updating..." : "Update Status"}
          </button>
        </div>
      </Form>
    </>
  );
}
