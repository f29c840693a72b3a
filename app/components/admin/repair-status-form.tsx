import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import type { z } from "zod";
import { InputField, SelectField, TextareaField } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { BookingStatus } from "~/utils/booking-status";
import { noteAfterUpdate } from "~/utils/canned-notes";
import type { repairStatusSchema } from "~/schemas/repair-status";
import type { ChangedMeanwhile } from "~/types/repairs";
import { SaveRefused } from "./changed-meanwhile";
import { StatusOptions } from "./status-badge";
import { DiscardButton, useUnsavedChanges } from "./repair-detail-unsaved";

type RepairStatusValues = {
  status: BookingStatus;
  note: string | null;
  expectedDeliveryDate: string | null;
  /** The booking's own day, "Mon, Jun 15, 2026": the earliest expected delivery. */
  bookingDayLabel: string;
  version: number;
};

const hints = {
  withScript: "Choosing a status fills in its usual message; you can edit it.",
  withoutScript: "If you leave the note unchanged, the usual message for the new status is sent.",
};

/**
 * Status, expected delivery and the customer's note. With JavaScript, picking a status fills the
 * note with that status's usual message unless the staff member has typed in it; without, the
 * server applies the same rule to a note sent back unchanged (hence `shownNote`), and the hint
 * says so until the page is hydrated. "Notify customer" (ticked by default) tells the customer of
 * a new status, or of a note changed alone. The form names the version it was drawn from and what it showed: a save
 * after someone else changed the repair is refused, and the form comes back with `conflict` and
 * the staff member's changes on top of the new values (docs/decisions/0039).
 */
export function RepairStatusForm({
  repair,
  constraint,
  lastResult,
  conflict,
  onChangedChange,
}: {
  repair: RepairStatusValues;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ChangedMeanwhile;
  onChangedChange: (changed: boolean) => void;
}) {
  const noteTyped = useRef(false);
  const hydrated = useHydrated();
  const [changed, setChanged] = useState(false);
  useEffect(() => onChangedChange(changed), [changed, onChangedChange]);

  const saved = {
    status: repair.status,
    expectedDeliveryDate: repair.expectedDeliveryDate ?? "",
    internal_notes: repair.note ?? "",
  };
  const { form, field } = useFormReply<z.input<typeof repairStatusSchema>>(lastResult, {
    constraint,
    defaultValue: saved,
  });
  const { check, restore } = useUnsavedChanges(
    form.props.ref,
    { ...saved, notifyCustomer: "on" },
    setChanged,
  );
  const status = field("status");
  const expectedDeliveryDate = field("expectedDeliveryDate");
  const note = field("internal_notes");
  // What the form showed, as the server last drew it: after a refused save, the new values.
  const shownValue = (name: string, drawn: string) => {
    const value = lastResult?.initialValue?.[name];
    return typeof value === "string" ? value : drawn;
  };
  const shown = {
    status: shownValue("shownStatus", repair.status) as BookingStatus,
    date: shownValue("shownDate", repair.expectedDeliveryDate ?? ""),
    note: shownValue("shownNote", repair.note ?? ""),
  };
  // Ticked unless the staff member unticked it before a submission that came back with errors.
  const notifyChecked = lastResult?.initialValue
    ? lastResult.initialValue.notifyCustomer === "on"
    : true;

  const onStatusChange = (form: HTMLFormElement, status: BookingStatus) => {
    const textarea = form.elements.namedItem("internal_notes");
    if (noteTyped.current || !(textarea instanceof HTMLTextAreaElement)) return;
    textarea.value =
      noteAfterUpdate({
        currentStatus: shown.status,
        currentNote: shown.note || null,
        newStatus: status,
        submittedNote: undefined,
      }) ?? "";
  };

  return (
    <Form method="post" className="space-y-4" {...form.props} onInput={check} onChange={check}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="version" value={conflict?.version ?? repair.version} />
      <input type="hidden" name="shownStatus" value={shown.status} />
      <input type="hidden" name="shownDate" value={shown.date} />
      <input type="hidden" name="shownNote" value={shown.note} />
      <SaveRefused form={form} conflict={conflict} />
      <SelectField
        field={status}
        label="Repair Status"
        required
        alwaysChosen
        selectProps={{
          onChange: (event) =>
            onStatusChange(event.currentTarget.form!, event.currentTarget.value as BookingStatus),
        }}
      >
        <StatusOptions />
      </SelectField>
      <InputField
        field={expectedDeliveryDate}
        label="Expected Delivery Date"
        hint={`Not before the booking date, ${repair.bookingDayLabel}.`}
        inputProps={{ type: "date" }}
      />
      <TextareaField
        field={note}
        label="Note to Customer"
        hint={hydrated ? hints.withScript : hints.withoutScript}
        textareaProps={{
          rows: 5,
          maxLength: 2000,
          placeholder: "This note is visible to the customer on the tracking page.",
          onInput: () => (noteTyped.current = true),
        }}
      />
      <div className="flex items-start gap-2">
        <input
          id={`${form.props.id}-notify`}
          type="checkbox"
          name="notifyCustomer"
          defaultChecked={notifyChecked}
          aria-describedby={`${form.props.id}-notify-hint`}
          className="mt-1 h-5 w-5 rounded border-slate-300 text-brand-700"
        />
        <div>
          <label htmlFor={`${form.props.id}-notify`} className="text-sm font-medium text-slate-900">
            Notify customer
          </label>
          <p id={`${form.props.id}-notify-hint`} className="text-sm text-slate-600">
            E-mail or text the customer, as they chose, when the status or the note changes, with
            the tracking link.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <DiscardButton
          changed={changed}
          restore={() => {
            noteTyped.current = false;
            restore();
          }}
        />
        <SubmitButton label="Update Status" pendingLabel="Updating..." />
      </div>
    </Form>
  );
}
