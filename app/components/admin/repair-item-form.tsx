import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import type { z } from "zod";
import { DeviceCategoryOptions } from "~/components/forms/device-category-options";
import { controlProps, InputField, SelectField } from "~/components/forms/field";
import { PriceField } from "~/components/forms/price-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { callForPriceLabel } from "~/utils/price";
import { newChoice, type repairItemSchema } from "~/schemas/repair-item";
import type { ChangedMeanwhile } from "~/types/repairs";
import { dialogActions } from "./admin-dialog";
import { SaveRefused } from "./changed-meanwhile";
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

/** Each category's brands, and each brand's series, as the catalogue has them. */
type CatalogueNames = Record<string, Record<string, string[]>>;

const sorted = (names: Iterable<string>) => [...new Set(names)].sort((a, b) => a.localeCompare(b));

/** The brands to offer: the category's, or every brand while no category is chosen. */
function brandsFor(names: CatalogueNames, category: string) {
  return sorted(
    category
      ? Object.keys(names[category] ?? {})
      : Object.values(names).flatMap((brands) => Object.keys(brands)),
  );
}

/**
 * The series to offer, grouped by brand: the chosen brand's alone once one is chosen (and known).
 */
function seriesFor(names: CatalogueNames, category: string, brand: string): [string, string[]][] {
  const brands = category ? [names[category] ?? {}] : Object.values(names);
  const byBrand = new Map<string, string[]>();
  for (const list of brands)
    for (const [name, series] of Object.entries(list))
      byBrand.set(name, sorted([...(byBrand.get(name) ?? []), ...series]));
  const groups = [...byBrand]
    .filter(([, series]) => series.length)
    .sort(([a], [b]) => a.localeCompare(b));
  return brand && brand !== newChoice && byBrand.has(brand)
    ? groups.filter(([name]) => name === brand)
    : groups;
}

/**
 * Add and Edit share this form. Brand and series are picked from the catalogue's own so that no
 * second spelling appears; "New brand…" / "New series…" uses the text field beside it. Without
 * JavaScript both lists are built for the category the form opened with and the text fields
 * always show; with it, the lists follow the category and brand chosen and the text fields show
 * when "New…" is picked.
 */
export function RepairItemForm({
  defaults,
  names,
  submitLabel,
  closeTo,
  constraint,
  lastResult,
  version,
  conflict,
}: {
  defaults?: Partial<RepairItemDefaults>;
  names: CatalogueNames;
  submitLabel: string;
  closeTo: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  /** An edit's entry version as read: a save after someone else changed it comes back refused. */
  version?: number;
  conflict?: ChangedMeanwhile;
}) {
  const { form, field } = useFormReply<z.input<typeof repairItemSchema>>(lastResult, {
    constraint,
    defaultValue: defaults,
  });
  const category = field("deviceCategory");
  const brand = field("brand");
  const newBrand = field("newBrand");
  const series = field("series");
  const newSeries = field("newSeries");
  const model = field("model");
  const issue = field("issue");
  const price = field("price");
  const callForPrice = field("callForPrice");

  const [chosenCategory, setCategory] = useState(category.props.defaultValue ?? "");
  const [chosenBrand, setBrand] = useState(brand.props.defaultValue ?? "");
  const [chosenSeries, setSeries] = useState(series.props.defaultValue ?? "");
  const hydrated = useHydrated();

  const brands = brandsFor(names, chosenCategory);
  // The entry's own spelling stays selectable even when the catalogue no longer lists it.
  if (chosenBrand && chosenBrand !== newChoice && !brands.includes(chosenBrand))
    brands.unshift(chosenBrand);
  const seriesGroups = seriesFor(names, chosenCategory, chosenBrand);
  const knownSeries = seriesGroups.some(([, list]) => list.includes(chosenSeries));
  const showNewBrand = !hydrated || chosenBrand === newChoice;
  const showNewSeries = !hydrated || chosenSeries === newChoice;
  // What the form showed, as the server last drew it: after a refused save, the entry as it is now.
  const drawn = lastResult?.initialValue?.shown;
  const shown = typeof drawn === "string" ? drawn : JSON.stringify(defaults ?? {});

  return (
    <Form method="post" className="space-y-4" {...form.props}>
      {version === undefined ? null : (
        <>
          <input type="hidden" name="version" value={conflict?.version ?? version} />
          <input type="hidden" name="shown" value={shown} />
        </>
      )}
      <SaveRefused form={form} conflict={conflict} />
      <SelectField
        field={category}
        label="Device Category"
        required
        selectProps={{ required: true, onChange: (event) => setCategory(event.target.value) }}
      >
        <DeviceCategoryOptions value="slug" />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={brand}
          label="Brand"
          required
          selectProps={{ required: true, onChange: (event) => setBrand(event.target.value) }}
        >
          <option value="">Select a brand</option>
          {brands.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={newChoice}>New brand…</option>
        </SelectField>
        {showNewBrand ? (
          <InputField
            field={newBrand}
            label="New brand"
            hint="Only used when Brand is “New brand…”."
            inputProps={{ type: "text" }}
          />
        ) : null}
        <SelectField
          field={series}
          label="Series"
          hint="Optional, e.g. Galaxy S"
          selectProps={{ onChange: (event) => setSeries(event.target.value) }}
        >
          <option value="">No series</option>
          {chosenSeries && chosenSeries !== newChoice && !knownSeries ? (
            <option value={chosenSeries}>{chosenSeries}</option>
          ) : null}
          {seriesGroups.map(([group, list]) => (
            <optgroup key={group} label={group}>
              {list.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
          ))}
          <option value={newChoice}>New series…</option>
        </SelectField>
        {showNewSeries ? (
          <InputField
            field={newSeries}
            label="New series"
            hint="Only used when Series is “New series…”."
            inputProps={{ type: "text" }}
          />
        ) : null}
        <InputField field={model} label="Model" required inputProps={{ type: "text" }} />
        <InputField field={issue} label="Issue" required inputProps={{ type: "text" }} />
      </div>
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <PriceField
          field={price}
          label="Price (CAD)"
          hint={`Or tick ${callForPriceLabel}`}
          // A price or Call For Price: neither is required alone (Conform reads the union as
          // required).
          inputProps={{ required: false }}
        />
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-slate-800 sm:pb-1">
          <input
            {...controlProps(callForPrice, "input", "checkbox")}
            required={false}
            type="checkbox"
            value="on"
            defaultValue={undefined}
            defaultChecked={callForPrice.props.defaultValue === "on"}
            className="h-5 w-5 rounded border-slate-300"
          />
          {callForPriceLabel}
        </label>
      </div>
      <div className={dialogActions}>
        <Link to={closeTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <SubmitButton label={submitLabel} pendingLabel="Saving..." />
      </div>
    </Form>
  );
}
