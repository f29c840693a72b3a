import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { ChoiceField } from "~/components/forms/choice-field";
import { InputField, TextareaField } from "~/components/forms/field";
import { PriceField } from "~/components/forms/price-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { repairDetailsSchema } from "~/schemas/repair-details";
import type { ChangedMeanwhile } from "~/types/repairs";
import type { RepairDetailField } from "~/utils/repair-details";
import { passcodeOptions } from "~/utils/intake-checklist";
import { SaveRefused } from "./changed-meanwhile";
import { IntakeChecklistField } from "./intake-checklist-field";
import { DiscardButton, useUnsavedChanges } from "./repair-detail-unsaved";

/**
 * Corrections at the counter: a misspelt name, a wrong number, the model the customer did not
 * know, and the intake completed later (issue, quote, condition, accessories, passcode, the
 * checklist once the device could be tried). Folded away until opened (a plain <details>, so it works without JavaScript); it opens by
 * itself when the server sends it back with an error. Like the status form, it names the version
 * and the details it was drawn from, and a save after someone else changed them comes back with
 * `conflict` (docs/decisions/0039).
 */
export function RepairDetailsForm({
  saved,
  version,
  walkIn,
  constraint,
  lastResult,
  conflict,
  onChangedChange,
}: {
  saved: Record<RepairDetailField, string>;
  version: number;
  walkIn: boolean;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ChangedMeanwhile;
  onChangedChange: (changed: boolean) => void;
}) {
  const [changed, setChanged] = useState(false);
  useEffect(() => onChangedChange(changed), [changed, onChangedChange]);
  const { form, field } = useFormReply<z.input<typeof repairDetailsSchema>>(lastResult, {
    constraint,
    defaultValue: saved,
  });
  const { check, restore } = useUnsavedChanges(form.props.ref, saved, setChanged);
  // What the form showed, as the server last drew it: after a refused save, the new details.
  const drawn = lastResult?.initialValue?.shown;
  const shown = typeof drawn === "string" ? drawn : JSON.stringify(saved);
  const input = (
    name:
      "firstName" | "lastName" | "phone" | "email" | "deviceBrand" | "deviceModel" | "issueType",
    label: string,
    extra: { type?: string; required?: boolean; hint?: string } = {},
  ) => {
    return (
      <InputField
        field={field(name)}
        label={label}
        required={extra.required}
        hint={extra.hint}
        inputProps={{ type: extra.type ?? "text", autoComplete: "off" }}
      />
    );
  };

  return (
    <details
      className="group rounded-lg border border-slate-200"
      open={!!lastResult?.error || undefined}
    >
      <summary className="cursor-pointer list-none rounded-lg px-4 py-3 text-sm font-semibold text-brand-700 hover:bg-slate-50">
        <span
          aria-hidden="true"
          className="mr-1 inline-block transition-transform group-open:rotate-90"
        >
          ▸
        </span>
        Edit details and intake
      </summary>
      <Form
        method="post"
        className="space-y-4 border-t border-slate-200 p-4"
        {...form.props}
        onInput={check}
        onChange={check}
      >
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="version" value={conflict?.version ?? version} />
        <input type="hidden" name="shown" value={shown} />
        <SaveRefused form={form} conflict={conflict} />
        <div className="grid gap-4 sm:grid-cols-2">
          {input("firstName", "First Name", { required: true })}
          {input("lastName", "Last Name", { required: true })}
          {input("phone", "Phone", { type: "tel", required: true })}
          {input("email", "E-mail", {
            type: "email",
            required: !walkIn,
            hint: walkIn ? "Optional for a walk-in." : undefined,
          })}
          {input("deviceBrand", "Brand")}
          {input("deviceModel", "Model")}
          {input("issueType", "Issue", { required: true })}
          <PriceField
            field={field("quotedPrice")}
            label="Quoted price (CAD)"
            hint="Empty while it is still to be quoted."
          />
        </div>
        <TextareaField
          field={field("issueDescription")}
          label="Issue Description"
          textareaProps={{ rows: 3 }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextareaField
            field={field("deviceCondition")}
            label="Device condition"
            textareaProps={{ rows: 2 }}
          />
          <TextareaField
            field={field("accessories")}
            label="Accessories left"
            textareaProps={{ rows: 2 }}
          />
        </div>
        <ChoiceField field={field("passcode")} legend="Passcode" options={passcodeOptions} />
        <IntakeChecklistField field={field} className="min-w-0" />
        <div className="flex flex-wrap items-center justify-end gap-3">
          <DiscardButton changed={changed} restore={restore} />
          <SubmitButton label="Save Details" pendingLabel="Saving..." />
        </div>
      </Form>
    </details>
  );
}
