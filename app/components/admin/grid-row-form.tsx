import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { deviceCategories } from "~/config/shop";
import { InputField, SelectField } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { gridAmountFields, type gridRowSchema } from "~/schemas/buyback-grid";
import type { ChangedMeanwhile } from "~/types/repairs";
import { dialogActions } from "./admin-dialog";
import { SaveRefused } from "./changed-meanwhile";
import { secondaryButton } from "./ui";

/** A grid row as the form shows it: amounts in dollars. */
export type GridRowDefaults = Partial<Record<keyof z.input<typeof gridRowSchema>, string>>;

/**
 * Add and Edit share this form. An edit carries the version read and the values shown, so a save
 * after someone else's change is refused and comes back with this one's changes on top of theirs.
 */
export function GridRowForm({
  defaults,
  version,
  conflict,
  submitLabel,
  closeTo,
  constraint,
  lastResult,
}: {
  defaults: GridRowDefaults;
  version?: number;
  conflict?: ChangedMeanwhile;
  submitLabel: string;
  closeTo: string;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, field } = useFormReply<z.input<typeof gridRowSchema>>(lastResult, {
    constraint,
    defaultValue: defaults,
  });
  // What the form showed, as the server last drew it: after a refused save, the row as it is now.
  const drawn = lastResult?.initialValue?.shown;
  const shown = typeof drawn === "string" ? drawn : JSON.stringify(defaults);
  return (
    <Form method="post" {...form.props} className="space-y-4">
      <SaveRefused form={form} conflict={conflict} />
      {version ? (
        <>
          <input type="hidden" name="version" value={conflict?.version ?? version} />
          <input type="hidden" name="shown" value={shown} />
        </>
      ) : null}
      <SelectField field={field("deviceCategory")} label="Category" required>
        <option value="">Select a category</option>
        {deviceCategories.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.shortName}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 [&>*]:min-w-0">
        <InputField
          field={field("brand")}
          label="Brand"
          required
          inputProps={{ autoComplete: "off" }}
        />
        <InputField
          field={field("model")}
          label="Model"
          required
          inputProps={{ autoComplete: "off" }}
        />
        <InputField
          field={field("storage")}
          label="Storage"
          hint="Like 256 GB; empty for one size."
          inputProps={{ autoComplete: "off" }}
        />
      </div>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-900">
          What we pay, in dollars (0: we don't buy it in that condition)
        </legend>
        <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-4 [&>*]:min-w-0">
          {gridAmountFields.slice(0, 4).map(([name, label]) => (
            <InputField
              key={name}
              field={field(name)}
              label={label}
              inputProps={{ inputMode: "decimal", autoComplete: "off" }}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-900">Deductions, in dollars</legend>
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-3 [&>*]:min-w-0">
          {gridAmountFields.slice(4).map(([name, label]) => (
            <InputField
              key={name}
              field={field(name)}
              label={label}
              inputProps={{ inputMode: "decimal", autoComplete: "off" }}
            />
          ))}
        </div>
      </fieldset>
      <div className={dialogActions}>
        <Link to={closeTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <SubmitButton label={submitLabel} pendingLabel="Saving..." />
      </div>
    </Form>
  );
}
