import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormError, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { deviceCategories } from "~/config/shop";
import { callForPriceLabel } from "~/lib/price-label";
import type { repairItemSchema } from "~/schemas/repair-item";
import { secondaryButton } from "./ui";

export type RepairItemDefaults = {
  deviceCategory: string;
  brand: string;
  series: string;
  model: string;
  issue: string;
  price: string;
  callForPrice?: "on";
};

/** Add and Edit share this form: category, brand, optional series, model, issue, price or "Call For Price". */
export function RepairItemForm({
  defaults,
  submitLabel,
  closeTo,
  constraint,
  lastResult,
}: {
  defaults?: RepairItemDefaults;
  submitLabel: string;
  closeTo: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, field } = useFormReply<z.input<typeof repairItemSchema>>(lastResult, { constraint, defaultValue: defaults });
  const category = field("deviceCategory");
  const brand = field("brand");
  const series = field("series");
  const model = field("model");
  const issue = field("issue");
  const price = field("price");
  const callForPrice = field("callForPrice");

  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <FormError id={form.errorId} errors={form.errors} />
      <Field id={category.id} label="Device Category" required errorId={category.errorId} errors={category.errors}>
        <select {...category.props} required className={inputClass}>
          <option value="">Select a category</option>
          {deviceCategories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.title}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={brand.id} label="Brand" required errorId={brand.errorId} errors={brand.errors}>
          <input {...brand.props} type="text" className={inputClass} />
        </Field>
        <Field id={series.id} label="Series" errorId={series.errorId} errors={series.errors} hint="Optional, e.g. Galaxy S">
          <input {...series.props} type="text" className={inputClass} />
        </Field>
        <Field id={model.id} label="Model" required errorId={model.errorId} errors={model.errors}>
          <input {...model.props} type="text" className={inputClass} />
        </Field>
        <Field id={issue.id} label="Issue" required errorId={issue.errorId} errors={issue.errors}>
          <input {...issue.props} type="text" className={inputClass} />
        </Field>
      </div>
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <Field id={price.id} label="Price (CAD)" errorId={price.errorId} errors={price.errors} hint={`Or tick ${callForPriceLabel}`}>
          {/* A price or Call For Price: neither is required alone (Conform reads the union as required). */}
          <input {...price.props} required={false} type="number" step="0.01" min="0" max="99999.99" inputMode="decimal" className={inputClass} />
        </Field>
        <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-800">
          <input
            {...callForPrice.props}
            required={false}
            type="checkbox"
            value="on"
            defaultValue={undefined}
            defaultChecked={callForPrice.props.defaultValue === "on"}
            className="h-4 w-4 rounded border-slate-300"
          />
          {callForPriceLabel}
        </label>
      </div>
      <div className="flex justify-end gap-3">
        <Link to={closeTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <SubmitButton label={submitLabel} pendingLabel="Saving..." />
      </div>
    </Form>
  );
}
