import type { CataloguePicker } from "~/types/catalogue";
import { previousField, type SelectionLevel } from "~/utils/catalogue-selection";

type PickerLevel = Extract<SelectionLevel, "brand" | "series" | "model">;

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500";

const labels: Record<PickerLevel, { label: string; placeholder: string }> = {
  brand: { label: "Brand", placeholder: "Select a brand" },
  series: { label: "Series", placeholder: "Select a series" },
  model: { label: "Model", placeholder: "Select a model" },
};

/**
 * Brand, then series (only for a brand that has them), then model, as a GET form. Without
 * JavaScript the visitor presses Update; with it, the page script (app/browser/device-picker.ts)
 * sends the form as soon as a choice changes. Either way the server works out which choice
 * changed from the `from_*` fields and opens the page at the next step. The selector's chosen
 * repair rides along in a hidden field and survives an unchanged Update.
 */
export function DevicePicker({
  picker,
  idPrefix,
}: {
  picker: Omit<CataloguePicker, "repairs">;
  idPrefix: string;
}) {
  const { selection } = picker;

  const brand = picker.brands.find((b) => b.name === selection.brand);
  const levels: PickerLevel[] = brand?.hasSeries
    ? ["brand", "series", "model"]
    : ["brand", "model"];
  const options: Record<PickerLevel, string[]> = {
    brand: picker.brands.map((b) => b.name),
    series: picker.series,
    model: picker.models,
  };
  const modelReady = !!brand && (!brand.hasSeries || !!selection.series);

  return (
    <form
      method="get"
      data-device-picker
      className={`grid gap-4 ${brand?.hasSeries ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}
    >
      {levels.map((level) => (
        <div key={level}>
          <label htmlFor={`${idPrefix}-${level}`} className="font-medium text-slate-900">
            {labels[level].label}
          </label>
          <select
            id={`${idPrefix}-${level}`}
            name={level}
            defaultValue={selection[level] ?? ""}
            disabled={level === "model" && !modelReady}
            className={selectClass}
          >
            <option value="">{labels[level].placeholder}</option>
            {options[level].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <input type="hidden" name={previousField(level)} value={selection[level] ?? ""} />
        </div>
      ))}
      {selection.repair ? <input type="hidden" name="repair" value={selection.repair} /> : null}
      <noscript>
        <button
          type="submit"
          className="min-h-11 w-full rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 sm:w-auto"
        >
          Update
        </button>
      </noscript>
    </form>
  );
}
