import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { TextareaField } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { PrivateNoteLine } from "~/types/repairs";
import type { privateNoteSchema } from "~/schemas/private-note";

/**
 * What staff keep on a repair for each other (a fault found at intake, a supplier's order
 * number), newest first, and a form to add one. Said plainly to be staff-only, so nobody writes
 * here what the customer should read, or in the customer's note what they should not.
 */
export function RepairPrivateNotes({
  notes,
  constraint,
  lastResult,
}: {
  notes: PrivateNoteLine[];
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, field } = useFormReply<z.input<typeof privateNoteSchema>>(lastResult, {
    constraint,
  });
  const note = field("privateNote");
  return (
    <div className="space-y-4">
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <span className="font-semibold">Only staff see these notes.</span> They are never shown to
        the customer, on the tracking page or in e-mails and texts.
      </p>
      <Form method="post" className="space-y-3" {...form.props}>
        <input type="hidden" name="intent" value="private_note" />
        <ErrorSummary form={form} />
        <TextareaField field={note} label="New private note" textareaProps={{ rows: 3 }} />
        <SubmitButton label="Add Note" pendingLabel="Adding..." />
      </Form>
      {notes.length ? (
        <ol className="space-y-3" aria-label="Private notes, newest first">
          {notes.map((entry) => (
            <li
              key={entry.id}
              data-testid="private-note"
              className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2"
            >
              <p className="text-xs text-slate-600">
                <span className="font-semibold text-slate-900">{entry.by}</span> ·{" "}
                <time dateTime={entry.iso}>{entry.at}</time>
              </p>
              <p className="mt-1 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-900">
                {entry.body}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No private notes on this repair yet.</p>
      )}
    </div>
  );
}
