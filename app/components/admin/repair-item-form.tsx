import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Field, FormError, inputClass } from "~/components/forms/field";
import { deviceCategories } from "~/config/shop";
import { callForPriceLabel, repairItemSchema } from "~/schemas/repair-item";
import { primaryButton, secondaryButton } from "./ui";

export type RepairItemDefaults = {
  deviceCategory: string;
  brand: string;
  series: string;
  model: string;
  issue: string;
  price: string;
  callForPrice: boolean;
};

/** Add and Edit share this form: category, brand, optional series, model, issue, price or "Call For Price". */
export function RepairItemForm({
  defaults,
  submitLabel,
  closeTo,
  lastResult,
}: {
  defaults?: RepairItemDefaults;
  submitLabel: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(repairItemSchema),
    defaultValue: defaults && { ...defaults, callForPrice: defaults.callForPrice ? "on" : undefined },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: repairItemSchema }),
  });

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} />
      <Field id={fields.deviceCategory.id} label="Device Category" required errorId={fields.deviceCategory.errorId} errors={fields.deviceCategory.errors}>
        <select {...getSelectProps(fields.deviceCategory)} required className={inputClass}>
          <option value="">Select a category</option>
          {deviceCategories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.title}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.brand.id} label="Brand" required errorId={fields.brand.errorId} errors={fields.brand.errors}>
          <input {...getInputProps(fields.brand, { type: "text" })} maxLength={100} className={inputClass} />
        </Field>
        <Field id={fields.series.id} label="Series" errorId={fields.series.errorId} errors={fields.series.errors} hint="Optional, e.g. Galaxy S">
          <input {...getInputProps(fields.series, { type: "text" })} maxLength={100} className={inputClass} />
        </Field>
        <Field id={fields.model.id} label="Model" required errorId={fields.model.errorId} errors={fields.model.errors}>
          <input {...getInputProps(fields.model, { type: "text" })} maxLength={150} className={inputClass} />
        </Field>
        <Field id={fields.issue.id} label="Issue" required errorId={fields.issue.errorId} errors={fields.issue.errors}>
          <input {...getInputProps(fields.issue, { type: "text" })} maxLength={150} className={inputClass} />
        </Field>
      </div>
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <Field id={fields.price.id} label="Price (CAD)" errorId={fields.price.errorId} errors={fields.price.errors} hint={`Or tick ${callForPriceLabel}`}>
          <input {...getInputProps(fields.price, { type: "number" })} step="0.01" min="0" max="99999.99" inputMode="decimal" className={inputClass} />
        </Field>
        <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-800">
          <input {...getInputProps(fields.callForPrice, { type: "checkbox" })} className="h-4 w-4 rounded border-slate-300" />
          {callForPriceLabel}
        </label>
      </div>
      <div className="flex justify-end gap-3">
        <Link to={closeTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" disabled={saving} className={primaryButton}>
          {saving ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
